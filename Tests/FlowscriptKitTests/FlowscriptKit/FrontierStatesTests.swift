@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// `FrontierStates` packs the states waiting to be explored into their keys' numbers and rebuilds
/// them: over every bundled script, an exploration with packed states reports exactly what one
/// keeping them whole does — states, transitions, every finding with its lines (traps, unreached
/// screens, covers without a way back among them).
@Suite struct FrontierStatesTests {
  @Test(arguments: try StateNumberingTests.bundledScripts())
  func packedStatesExploreAsWholeOnes(script: String) throws {
    let packed = try ExplorationSummary.exploring(script, depth: 4) { $0.packsFrontier = true }
    let whole = try ExplorationSummary.exploring(script, depth: 4) { $0.packsFrontier = false }
    #expect(packed == whole)
  }

  /// A session of the demo, exploring, and a numbering for its states.
  static func demo() throws -> (FlowSession, StateNumbering) {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    session.isExploring = true
    return (session, StateNumbering(includesHistory: true))
  }

  /// A rebuilt state is the state it stands for, to everything but route IDs: the same key, the
  /// same printed state.
  @Test func rebuiltStatesPrintAsTheirOriginals() throws {
    let (session, numbering) = try Self.demo()
    let initial = session.state
    let initialKey = numbering.key(of: initial)
    var level = FrontierStates(numbering: numbering, template: initial, templateKey: initialKey)
    var originals: [TabCoordinatorState<DynamicScreen>] = []
    var frontier: [(TabCoordinatorState<DynamicScreen>, StateKey)] = [(initial, initialKey)]
    var seen: Set<StateKey> = [initialKey]
    let alphabet = ScriptAlphabet(declarations: session.rules.declarations, contextKeysRead: session.rules.contextKeysRead)
    let coordinator = TabCoordinator.quiet(script: session.rules)
    for _ in 0..<3 {
      var next: [(TabCoordinatorState<DynamicScreen>, StateKey)] = []
      for (state, key) in frontier {
        for input in alphabet.inputs(for: state) {
          guard case let .changed(after) = InputStep(input, from: state, on: coordinator) else { continue }
          let afterKey = numbering.key(of: after, from: state, parentKey: key)
          guard seen.insert(afterKey).inserted else { continue }
          next.append((after, afterKey))
          level.append(after, key: afterKey, index: originals.count)
          originals.append(after)
        }
      }
      frontier = next
    }
    #expect(originals.count > 100)
    for (position, original) in originals.enumerated() {
      let entry = level.entry(at: position)
      #expect(entry.index == position)
      #expect(StateJSON.render(entry.state) == StateJSON.render(original))
      #expect(numbering.key(of: entry.state) == numbering.key(of: original))
      #expect(entry.state.history == original.history && entry.state.tabOrder == original.tabOrder)
    }
  }

  /// A state's history and tab bar are found by their bits when they are the very ones of the
  /// state kept just before (``FrontierStates``' last part): states kept in turn with the same
  /// storage, equal parts in storage of their own and other parts each rebuild their own.
  @Test func historiesAndTabBarsKeptInTurnRebuildAsTheirOwn() throws {
    let (session, numbering) = try Self.demo()
    let initial = session.state
    var level = FrontierStates(numbering: numbering, template: initial, templateKey: numbering.key(of: initial))
    let tabs = initial.tabs.map(\.id)
    try #require(tabs.count >= 2)
    let shared = [tabs[1], tabs[0]]
    let histories: [[TabID]] = [
      [], shared, shared, [tabs[1]] + [tabs[0]], Array(tabs.reversed()), shared, [], [tabs[0]], [tabs[0]], shared,
    ]
    let reversedOrder = Array(tabs.reversed())
    var originals: [TabCoordinatorState<DynamicScreen>] = []
    for (position, history) in histories.enumerated() {
      var state = initial
      state.storedHistory = history
      // Tab bars: the template's, one shared reversed order, and equal orders of their own.
      switch position % 3 {
      case 1: state.storedTabBar.order = reversedOrder
      case 2: state.storedTabBar.order = tabs.reversed().map { $0 }
      default: break
      }
      level.append(state, key: numbering.key(of: state), index: position)
      originals.append(state)
    }
    for (position, original) in originals.enumerated() {
      let entry = level.entry(at: position)
      #expect(entry.state.history == original.history, "state \(position)")
      #expect(entry.state.tabOrder == original.tabOrder, "state \(position)")
      #expect(numbering.key(of: entry.state) == numbering.key(of: original), "state \(position)")
    }
  }
}
