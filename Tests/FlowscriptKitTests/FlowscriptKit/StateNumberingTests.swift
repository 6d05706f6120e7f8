@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// `StateNumbering` against the content its keys stand for: over the states the bundled scripts
/// reach, two states get the same key exactly when `state` prints them the same (StateJSON), and
/// the pinned state counts of the demo.
@Suite struct StateNumberingTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// scripts/demo.lua and each scripts/flows/*/rules.lua.
  static func bundledScripts() throws -> [String] {
    let flows = FlowscriptCLI.packageRoot.appendingPathComponent("scripts/flows")
    let rules = try FileManager.default.contentsOfDirectory(atPath: flows.path).sorted()
      .map { flows.appendingPathComponent($0).appendingPathComponent("rules.lua").path }
      .filter { FileManager.default.fileExists(atPath: $0) }
    return [FlowscriptCLI.demoScript] + rules
  }

  /// Every state reached (each transition's target, with the key made from the state it came
  /// from, as the explorer makes it), breadth first to `depth` levels or about `maxStates`
  /// distinct states; each level's states and each state's steps in an order `choices` shuffles,
  /// so the numbers are handed out in another order for each seed.
  static func reached(
    _ path: String, depth: Int, maxStates: Int, choices: inout SeededChoices
  ) throws -> (numbering: StateNumbering, states: [(state: State, key: StateKey)]) {
    let session = try FlowSession(origin: .file(path))
    session.isExploring = true
    defer { session.isExploring = false }
    // The context keys the explorer sets: those a shallow exploration saw rules read.
    var learning = StateExplorer(session: session, depth: 2, maxStates: maxStates, quiet: true)
    learning.jobs = 1
    let alphabet = ScriptAlphabet(declarations: session.rules.declarations, context: learning.run().context)
    let coordinator = TabCoordinator.quiet(script: session.rules)
    let numbering = StateNumbering()
    let initial = session.state
    let initialKey = numbering.key(of: initial)
    var seen: Set<StateKey> = [initialKey]
    var states = [(state: initial, key: initialKey)]
    var frontier = [(state: initial, key: initialKey)]
    for _ in 0..<depth where !frontier.isEmpty && seen.count < maxStates {
      frontier = shuffled(frontier, &choices)
      var next: [(state: State, key: StateKey)] = []
      for parent in frontier {
        let steps = alphabet.inputs(for: parent.state).map { InputStep($0, from: parent.state, on: coordinator) }
        for step in shuffled(steps, &choices) {
          guard case let .changed(after) = step else { continue }
          let key = numbering.key(of: after, from: parent.state, parentKey: parent.key)
          states.append((after, key))
          if seen.insert(key).inserted { next.append((after, key)) }
        }
      }
      frontier = next
    }
    return (numbering, states)
  }

  static func shuffled<Element>(_ elements: [Element], _ choices: inout SeededChoices) -> [Element] {
    var elements = elements
    for index in stride(from: elements.count - 1, to: 0, by: -1) {
      elements.swapAt(index, choices.next(index + 1))
    }
    return elements
  }

  /// Same key exactly when the same JSON, both ways, over every state reached; a key made from
  /// another state than the parent, or from none, is the same key.
  @Test(arguments: [UInt64(0x5EED), 0xC0FFEE, 42])
  func keysAreEqualExactlyWhenTheStatesPrintTheSame(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    for path in try Self.bundledScripts() {
      let name = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent + "/"
        + URL(fileURLWithPath: path).lastPathComponent
      let (numbering, states) = try Self.reached(path, depth: 4, maxStates: 600, choices: &choices)
      #expect(states.count > 1, "\(name) reached no state")
      var jsonOfKey: [StateKey: String] = [:]
      var keyOfJSON: [String: StateKey] = [:]
      var mismatches: [String] = []
      for (state, key) in states {
        // What `state` prints, and the tab history (which `back` returns to; not printed) —
        // without the badges, which a state is not told apart by (a badge value a rule sets is
        // no reason to explore more).
        var unbadged = state
        unbadged.storedTabBar.badges = [:]
        let json = StateJSON.render(unbadged) + " history=\(state.history.map(\.rawValue))"
        if let known = jsonOfKey[key], known != json {
          mismatches.append("same key \(key.numbers), different JSON:\n  \(known)\n  \(json)")
        }
        if let known = keyOfJSON[json], known != key {
          mismatches.append("same JSON, keys \(known.numbers) and \(key.numbers):\n  \(json)")
        }
        jsonOfKey[key] = jsonOfKey[key] ?? json
        keyOfJSON[json] = keyOfJSON[json] ?? key
      }
      #expect(jsonOfKey.count == keyOfJSON.count, "\(name): \(jsonOfKey.count) keys for \(keyOfJSON.count) JSON texts")
      #expect(mismatches.isEmpty, "\(name), seed \(seed): \(mismatches.prefix(5).joined(separator: "\n"))")

      // The key of a state does not depend on the state it is said to come from (whose routes,
      // context and link it may share), or on having one.
      for _ in 0..<min(2_000, states.count * 4) {
        let (state, key) = states[choices.next(states.count)]
        let other = states[choices.next(states.count)]
        #expect(numbering.key(of: state, from: other.state, parentKey: other.key) == key, "\(name): \(StateJSON.render(state))")
        #expect(numbering.key(of: state) == key, "\(name): \(StateJSON.render(state))")
      }
    }
  }

  /// The shortcuts of a key made from its parent give the key made from no parent: a state keyed
  /// from an unchanged copy of itself (one box), and from a parent whose tabs hold the same
  /// routes in other arrays — with the same route IDs, or new ones — over the demo's states.
  @Test(arguments: [UInt64(7), 0xBEEF])
  func shortcutsFromTheParentGiveTheKeyFromNone(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    let (numbering, states) = try Self.reached(FlowscriptCLI.demoScript, depth: 4, maxStates: 600, choices: &choices)
    for (state, key) in states {
      let rendered = StateJSON.render(state)
      let copy = state
      #expect(numbering.key(of: copy, from: state, parentKey: key) == key, "\(rendered)")
      #expect(numbering.routesNumber(ofSelectedTabInLastKeyed: copy) == key.numbers[1 + copy.selectedIndex])
      // Each tab's routes (and the app layer's) in an array of its own: no tab is known by its array.
      var restacked = state
      for position in restacked.storedTabs.indices {
        restacked.storedTabs[position].stack.storedRoutes = restacked.storedTabs[position].stack.storedRoutes.map { $0 }
      }
      restacked.storedAppLayer.storedRoutes = restacked.storedAppLayer.storedRoutes.map { $0 }
      var renamed = restacked
      renamed.adoptIDs(from: RouteIDGenerator())
      for other in [restacked, renamed] {
        #expect(numbering.key(of: other, from: state, parentKey: key) == key, "\(rendered)")
        #expect(numbering.key(of: state, from: other, parentKey: key) == key, "\(rendered)")
        #expect(numbering.key(of: other) == key, "\(rendered)")
      }
    }
  }

  /// `flowscript check scripts/demo.lua --explore N` prints "explored N states": pinned, so a
  /// change to the numbering (or to what a state is) shows.
  // The demo's promo is presented over the whole tab bar: the tabs under it are not tapped.
  @Test(arguments: [(5, 2280), (7, 11047)])
  func theDemoReachesThePinnedNumberOfStates(depth: Int, states: Int) throws {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    var explorer = StateExplorer(session: session, depth: depth, maxStates: 100_000, quiet: true)
    explorer.jobs = 2
    let report = explorer.run()
    #expect(report.states == states)
    #expect(report.depthReached == depth)
    #expect(!report.truncated)
  }
}
