import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

/// The engine's memo of a pending link's refused retries (`Exploration.remembersRefusedRetries`)
/// changes nothing but the time: on generated apps whose guard defers a link and refuses its
/// retries in many states, an exploration with the memo tells what one without it tells — the
/// states, the transitions, the findings with their reproductions, and what each input did —
/// while the guard runs fewer times. A memo keyed too coarsely does not pass that comparison.
@Suite("Refused retries of a pending link, remembered")
struct RefusedRetryMemoTests {
  typealias Rules = ClosureRules<TinyScreen, Int>
  typealias State = TabCoordinatorState<TinyScreen>

  /// How many times the guard ran.
  final class Calls {
    var count = 0
  }

  /// Records what each input did, in the order the engine merged them — route IDs aside: a
  /// retry that does not run hands out no IDs, so the routes made after it get other ones.
  final class Steps: ExplorationAnalysis {
    var lines: [String] = []
    func tried(_ input: TriedInput<TinyScreen, Int>) {
      lines.append("\(input.from) \(input.position) \(input.outcome) \(input.delegates)".replacing(/#\d+/, with: "#"))
    }
    func findings(_ end: ExplorationEnd<TinyScreen, Int>) -> [ExplorationFinding<TinyScreen, Int>] { [] }
  }

  /// An app whose guard defers `tiny://page/N` and refuses its retry in the states a table drawn
  /// from `seed` says — by the selected tab, the context value `k` and the selected stack's depth
  /// after the link's push — with actions that push, present and dismiss.
  static func exploration(seed: UInt64, calls: Calls) throws -> Exploration<Rules> {
    // Whether the table refuses a (tab, k, depth) — a hash of it and the seed, so that the same
    // states refuse in every run.
    func refuses(_ situation: String) -> Bool {
      var random = DifferentialExplorationTests.Seeded(state: seed)
      for byte in situation.utf8 { random.state = random.state &* 31 &+ UInt64(byte) }
      return random.next(3) > 0
    }
    let gate = NavigationGuard<TinyScreen>("gate") { change in
      calls.count += 1
      guard case .deepLink = change.source else { return .allow }
      let after = change.after
      let situation = "\(after.selectedTab.rawValue) \(after.context["k"] ?? .int(1)) \(after.selectedStack.routes.count % 4)"
      return refuses(situation) ? .deferLink("not now") : .allow
    }
    var links = DeepLinks<TinyScreen>()
    try links.register("tiny://page/:n") { match, _ in [.push(.page(Int(match["n"] ?? "") ?? 0))] }
    let actions: [(String, [NavigationCommand<TinyScreen>])] = [
      ("push", [.push(.page(1))]), ("sheet", [.presentSheet(.sheet, withNavigation: true)]), ("dismiss", [.dismiss()]),
      ("pop", [.pop()]),
    ]
    let rules = Rules { action, _, _ in actions[action].1 }
    let state = try TabCoordinatorState<TinyScreen>(tabs: [
      TabDefinition("home", root: .home), TabDefinition("other", root: .other),
    ])
    return Exploration(
      coordinator: TabCoordinator(rules: rules, guards: [gate], deepLinks: links),
      initialState: state, depth: 5,
      alphabet: ExplorationAlphabet(
        urls: ["tiny://page/1", "tiny://page/2"], context: [("k", [1, 2, 3])],
        screenActions: { _ in actions.indices.map { (actions[$0].0, $0) } }))
  }

  /// What an exploration tells, as text that compares: its report, and each input's outcome and delegates.
  static func told(_ exploration: Exploration<Rules>, keying: ContextBlind? = nil) -> [String] {
    var exploration = exploration
    let steps = Steps()
    exploration.analyses.append { steps }
    let report =
      if let keying {
        exploration.run(keying: keying, frontier: ArrayFrontier(), workers: exploration.workers(jobs: 1) { nil })
      } else {
        exploration.run()
      }
    return ["\(report.states) states, \(report.transitions) transitions", report.text]
      + report.findings.map { "\($0.kind) \($0.message) | \($0.reproduction.labels)" } + steps.lines
  }

  @Test("With the memo, an exploration tells what it tells without, with fewer guard runs", arguments: 0..<5)
  func sameWithAndWithout(seed: UInt64) throws {
    let (remembered, replayed) = (Calls(), Calls())
    let with = try Self.exploration(seed: seed, calls: remembered)
    var without = try Self.exploration(seed: seed, calls: replayed)
    without.remembersRefusedRetries = false
    let toldWith = Self.told(with)
    let toldWithout = Self.told(without)
    #expect(toldWith == toldWithout)
    // Links are refused again in states seen before, and the memo answered for them.
    #expect(toldWithout.contains { $0.contains("opened pending link") })
    #expect(remembered.count < replayed.count, "\(remembered.count) guard runs with the memo, \(replayed.count) without")
  }

  /// A keying blind to the context: its memo recalls a refusal made with `k = 1` for a retry with
  /// `k = 2`, which the guard allows.
  final class ContextBlind: ExplorationKeying {
    let fingerprinter = StateFingerprinter<TinyScreen>()
    func key(of state: State) -> UInt64 {
      var state = state
      state.context = [:]
      return fingerprinter.fingerprint(of: state)
    }
    func key(of state: State, from parent: State, parentKey: UInt64) -> UInt64 { key(of: state) }
    func fingerprint(of key: UInt64) -> UInt64 { key }
  }

  @Test("A memo keyed without what the guard reads tells another story")
  func coarseKeyIsCaught() throws {
    let gate = NavigationGuard<TinyScreen>("gate") { change in
      guard case .deepLink = change.source, change.after.context["k"] != .int(2) else { return .allow }
      return .deferLink("k must be 2")
    }
    var links = DeepLinks<TinyScreen>()
    try links.register("tiny://page") { _, _ in [.push(.page(1))] }
    let actions: [NavigationCommand<TinyScreen>] = [.push(.page(2)), .pop()]
    var exploration = Exploration(
      coordinator: TabCoordinator(rules: Rules { action, _, _ in [actions[action]] }, guards: [gate], deepLinks: links),
      initialState: try TinyApp.state(), depth: 4,
      alphabet: ExplorationAlphabet(
        urls: ["tiny://page"], context: [("k", [1, 2])], screenActions: { _ in [("push", 0), ("pop", 1)] }))
    let with = Self.told(exploration, keying: ContextBlind())
    exploration.remembersRefusedRetries = false
    let without = Self.told(exploration, keying: ContextBlind())
    #expect(with != without)
  }
}
