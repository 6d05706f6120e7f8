@testable import FlowscriptKit
import TabFlowLua
import TabFlowNavigation
import TestSupport
import Testing

/// `RouteNumbers` gives equal numbers exactly to routes a script cannot tell apart, whether a
/// route is found among the recent ones by its screen's bits or by the script's digests: over
/// thousands of routes drawn from screens, states and styles a script tells apart (`1` from `1.0`
/// and `"1"`, a sheet's configuration, the navigation flag), each drawn either as the value held
/// before or rebuilt in storage of its own, past enough distinct screens that the recent routes'
/// slots are taken again and again.
@Suite struct RouteNumbersTests {
  typealias Screen = DynamicScreen

  static let names = ["a", "b", "a-screen-name-long-enough-to-be-held-on-the-heap"]
  static let states: [[String: FlowValue]] =
    [[:], ["id": .int(1)], ["id": .double(1)], ["id": .string("1")], ["id": .int(2)], ["id": .int(1), "x": .bool(true)]]
    + (0..<400).map { ["n": .int($0), "tags": .array([.string("t"), .int($0 % 3)])] }
  static let styles: [@Sendable (Screen) -> Route<Screen>] = [
    { .root($0, withNavigation: true) }, { .root($0, withNavigation: false) }, { .push($0) },
    { .sheet($0, withNavigation: false, configuration: .default) }, { .sheet($0, withNavigation: true, configuration: .default) },
    { .sheet($0, withNavigation: false, configuration: .half) }, { .cover($0, withNavigation: false) },
    { .cover($0, withNavigation: true) },
  ]

  /// A screen equal to `screen` to a script, in storage of its own (its name too, when not small).
  static func rebuilt(_ screen: Screen) -> Screen {
    let name = String(decoding: Array(screen.name.utf8), as: UTF8.self)
    var state: [String: FlowValue] = [:]
    for (key, value) in screen.state { state[key] = value }
    return Screen(name, state: state)
  }

  @Test(arguments: [UInt64(3), 0xD1CE, 0x5EED_F00D])
  func equalNumbersExactlyForRoutesAScriptCannotTellApart(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    var numbers = RouteNumbers()
    // The screens drawn so far, each as first made: drawing one again reuses its storage.
    var held: [[Int]: Screen] = [:]
    var expected: [[Int]: Int] = [:]
    var drawn: [(route: Route<Screen>, parts: [Int])] = []
    for _ in 0..<12_000 {
      let parts = [choices.next(Self.names.count), choices.next(Self.states.count), choices.next(Self.styles.count)]
      let screenParts = Array(parts.prefix(2))
      let original = held[screenParts] ?? Screen(Self.names[parts[0]], state: Self.states[parts[1]])
      held[screenParts] = original
      let screen = choices.next(3) == 0 ? Self.rebuilt(original) : original
      let route = Self.styles[parts[2]](screen)
      let number = withUnsafePointer(to: route) { numbers.number(of: $0) }
      let known = expected[parts] ?? expected.count + 1
      expected[parts] = known
      #expect(number == known, "\(parts)")
      drawn.append((route, parts))
    }
    #expect(expected.count > 3_000)
    // Compared in place: the same exactly for the same parts.
    for _ in 0..<4_000 {
      let (left, right) = (drawn[choices.next(drawn.count)], drawn[choices.next(drawn.count)])
      let same = withUnsafePointer(to: left.route) { lhs in withUnsafePointer(to: right.route) { numbers.same(lhs, $0) } }
      #expect(same == (left.parts == right.parts), "\(left.parts) \(right.parts)")
    }
  }
}
