@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// A state's situation is found by the bits of its parts (`SituationParts`, a key of
/// `RecentByBits`): a state holding the same values (a copy, a state a step left those parts
/// alone in) finds it; equal values held elsewhere, and other values, do not — and a value the
/// table keeps cannot be freed for another to take its place and be mistaken for it.
@Suite struct SituationPartsTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  static func demoState() throws -> State {
    try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: FlowscriptCLI.demoScript).initialState()
  }

  /// What `table` holds for `state`, else `made` remembered for it.
  static func value(_ table: RecentByBits<SituationParts, Int>, _ state: State, making made: Int) -> Int {
    let parts = SituationParts(of: state, reorders: false)
    if let known = table.value(for: parts) { return known }
    table.remember(made, for: parts)
    return made
  }

  @Test func theSameValuesAreFoundAndOthersAreNot() throws {
    let table = RecentByBits<SituationParts, Int>(slotBits: 10)
    var state = try Self.demoState()
    state.context = ["loggedIn": .bool(false)]
    #expect(Self.value(table, state, making: 1) == 1)
    // A copy holds the very values.
    let copy = state
    #expect(Self.value(table, copy, making: 2) == 1)
    // Equal values held elsewhere: not found (the alphabet then finds them equal the slow way).
    var elsewhere = state
    var context: [String: FlowValue] = [:]
    context.reserveCapacity(4)
    context["loggedIn"] = .bool(false)
    elsewhere.context = context
    #expect(Self.value(table, elsewhere, making: 3) == 3)
    // Another context value, another tab selected: not found.
    var loggedIn = state
    loggedIn.context["loggedIn"] = .bool(true)
    #expect(Self.value(table, loggedIn, making: 4) == 4)
    var other = state
    let profile = try #require(other.tabIDs.last)
    try other.apply([.selectTab(profile)])
    #expect(Self.value(table, other, making: 5) == 5)
    #expect(Self.value(table, state, making: 6) == 1)
  }

  /// Contexts made and dropped one after the other, alternating two values: each one's storage,
  /// once freed, is where the allocator puts the next. The table keeps the parts it was given, so
  /// none is freed, and no context is taken for the one before it — also past the table's slots.
  @Test func aDroppedValueIsNeverMistakenForTheOneInItsPlace() throws {
    let table = RecentByBits<SituationParts, Int>(slotBits: 4)
    let base = try Self.demoState()
    for round in 0..<400 {
      var state = base
      state.context = ["loggedIn": .bool(round % 2 == 0)]
      #expect(Self.value(table, state, making: round % 2) == round % 2, "round \(round)")
    }
    for round in 0..<400 {
      var state = base
      state.context = ["round": .int(round)]
      #expect(Self.value(table, state, making: round) == round, "round \(round)")
    }
  }

  /// No byte of the parts is padding: equal parts read from one state have equal bits.
  @Test func thePartsHaveNoPadding() {
    #expect(MemoryLayout<SituationParts>.size == MemoryLayout<SituationParts>.stride)
    #expect(MemoryLayout<SituationParts>.size % MemoryLayout<UInt64>.size == 0)
  }
}
