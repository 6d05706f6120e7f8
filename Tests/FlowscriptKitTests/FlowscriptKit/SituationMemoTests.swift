@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// `SituationMemo` finds what was made for a state's situation by the bits its parts are held
/// in: a state holding the same values (a copy, a state a step left those parts alone in) is
/// answered from the memo; equal values held elsewhere, and other values, are made again — and
/// a value the memo keeps cannot be freed for another to take its place and be mistaken for it.
@Suite struct SituationMemoTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  static func demoState() throws -> State {
    try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: FlowscriptCLI.demoScript).initialState()
  }

  /// The context of `state` as a dictionary of its own (equal, held elsewhere).
  static func freshContext(_ context: [String: FlowValue]) -> [String: FlowValue] {
    var fresh: [String: FlowValue] = [:]
    fresh.reserveCapacity(context.count + 1)
    for (key, value) in context { fresh[key] = value }
    return fresh
  }

  @Test func theSameValuesAreFoundAndOthersAreMadeAgain() throws {
    var memo = SituationMemo<Int>()
    var made = 0
    func value(_ state: State) -> Int {
      memo.value(for: state, reorders: false) {
        made += 1
        return made
      }
    }
    var state = try Self.demoState()
    state.context = ["loggedIn": .bool(false)]
    #expect(value(state) == 1)
    // A copy holds the very values.
    let copy = state
    #expect(value(copy) == 1)
    #expect(made == 1)
    // Equal values held elsewhere: made again (the slow way finds them equal).
    var elsewhere = state
    elsewhere.context = Self.freshContext(state.context)
    #expect(value(elsewhere) == 2)
    // Another context value, another tab selected, something presented: made again.
    var loggedIn = state
    loggedIn.context["loggedIn"] = .bool(true)
    #expect(value(loggedIn) == 3)
    var other = state
    let profile = try #require(other.tabIDs.last)
    try other.apply([.selectTab(profile)])
    #expect(value(other) == 4)
    #expect(value(state) == 1)
    #expect(memo.count == 4)
  }

  /// Contexts made and dropped one after the other, alternating two values: each one's storage,
  /// once freed, is where the allocator puts the next. The memo keeps what it was found by, so
  /// none is freed, and no context is taken for the one before it.
  @Test func aDroppedValueIsNeverMistakenForTheOneInItsPlace() throws {
    var memo = SituationMemo<Bool>()
    let base = try Self.demoState()
    for round in 0..<400 {
      let loggedIn = round % 2 == 0
      var state = base
      state.context = ["loggedIn": .bool(loggedIn)]
      let answer = memo.value(for: state, reorders: false) { loggedIn }
      #expect(answer == loggedIn, "round \(round)")
    }
  }

  /// The memo starts again empty past its capacity, and answers as before.
  @Test func startsAgainPastItsCapacity() throws {
    var memo = SituationMemo<Int>()
    let base = try Self.demoState()
    for round in 0...SituationMemo<Int>.capacity {
      var state = base
      state.context = ["round": .int(round)]
      #expect(memo.value(for: state, reorders: false) { round } == round)
    }
    #expect(memo.count == 1)
  }
}
