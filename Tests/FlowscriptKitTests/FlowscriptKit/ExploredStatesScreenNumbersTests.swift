@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// ``ExploredStates/expand(_:screen:cover:)`` numbers the screens shown by their names, asking a
/// table of recent names by their bits (``RecentByBits``) first: over random names — small ones,
/// long ones sharing their storage and long ones rebuilt, more than its slots — each cover
/// without a way back is found under the name of the first state that showed it, and copies of
/// the record that go on apart (sharing that table) keep their own numbers.
@Suite struct ExploredStatesScreenNumbersTests {
  /// A text in storage of its own (not a literal's, nor another string's).
  static func rebuilt(_ text: String) -> String {
    String(decoding: Array(text.utf8), as: UTF8.self)
  }

  /// The covers found in `explored`, by screen, with the index of the state that showed them.
  static func covers(_ explored: ExploredStates) -> [String: Int] {
    let found = explored.coversWithoutWayBack(depth: 10, depthOf: { _ in 1 }, lines: { _ in [] })
    return Dictionary(found.map { ($0.screen, $0.index) }, uniquingKeysWith: { first, _ in first })
  }

  /// Notes state `index` of `explored` as a cover showing `name`, and in `first` where it was first shown.
  static func show(_ name: String, at index: Int, in explored: inout ExploredStates, first: inout [String: Int]) {
    explored.append()
    explored.expand(ExploredStates.Index(index), screen: name, cover: true)
    if first[name] == nil { first[name] = index }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func eachScreenKeepsItsNumber(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let small = (0..<90).map { "s\($0)" }
    let long = (0..<90).map { "a screen whose name is far too long to be small \($0)" }
    var explored = ExploredStates()
    var first: [String: Int] = [:]
    for index in 0..<2_000 {
      let name =
        switch choices.next(3) {
        case 0: choices.pick(small)
        case 1: choices.pick(long)
        default: Self.rebuilt(choices.pick(small + long))
        }
      Self.show(name, at: index, in: &explored, first: &first)
    }
    #expect(Self.covers(explored) == first)
  }

  @Test func copiesThatGoOnApartKeepTheirOwnNumbers() {
    var one = ExploredStates()
    var firstInOne: [String: Int] = [:]
    Self.show("feed", at: 0, in: &one, first: &firstInOne)
    var other = one
    var firstInOther = firstInOne
    // Each copy gives its next number to another name; then each meets the other's name.
    let (x, y) = ("a screen only the first copy showed first", "a screen only the other copy showed first")
    Self.show(x, at: 1, in: &one, first: &firstInOne)
    Self.show(y, at: 1, in: &other, first: &firstInOther)
    Self.show(y, at: 2, in: &one, first: &firstInOne)
    Self.show(x, at: 2, in: &other, first: &firstInOther)
    Self.show(x, at: 3, in: &one, first: &firstInOne)
    Self.show(y, at: 3, in: &other, first: &firstInOther)
    #expect(Self.covers(one) == firstInOne)
    #expect(Self.covers(other) == firstInOther)
  }
}
