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
    var count = 0 { didSet { onCall?() } }
    /// Run on every guard run, after it is counted.
    var onCall: (() -> Void)?
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

  /// What an exploration tells, with the engine's own keying.
  static func told(_ exploration: Exploration<Rules>) -> [String] { told(exploration, keying: ContextBlind?.none) }

  /// What an exploration tells, as text that compares: its report, and each input's outcome and delegates.
  static func told<Keying: ExplorationKeying>(_ exploration: Exploration<Rules>, keying: Keying?) -> [String]
    where Keying.Screen == TinyScreen, Keying.Key == UInt64
  {
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

  /// A stand-in for a Lua budget: each guard run uses 10 instructions of what is `left`, and
  /// `pays` says whether a recalled refusal may be charged; `events` counts prints.
  final class Budget {
    var left = 1_000_000
    var charged = 0
    var events = 0
    let pays: (Budget, Int) -> Bool
    init(pays: @escaping (Budget, Int) -> Bool) { self.pays = pays }
  }

  /// The app of ``exploration(seed:calls:)`` with a retry cost drawn from `budget`, whose guard
  /// runs use it (and print when `printing`).
  static func exploration(seed: UInt64, calls: Calls, budget: Budget, printing: Bool = false) throws
    -> Exploration<Rules>
  {
    calls.onCall = {
      budget.left -= 10
      if printing { budget.events += 1 }
    }
    var exploration = try Self.exploration(seed: seed, calls: calls)
    exploration.retryCost = (
      mark: { _ in (instructions: budget.left, events: budget.events) },
      charge: { _, used in
        guard budget.pays(budget, used) else { return false }
        budget.charged += used
        return true
      })
    return exploration
  }

  @Test("A recalled refusal the budget cannot pay runs again", arguments: 0..<3)
  func unpaidRefusalRuns(seed: UInt64) throws {
    let (unpaid, replayed) = (Calls(), Calls())
    let never = Budget { _, _ in false }
    let with = try Self.exploration(seed: seed, calls: unpaid, budget: never)
    var without = try Self.exploration(seed: seed, calls: replayed, budget: Budget { _, _ in true })
    without.remembersRefusedRetries = false
    #expect(Self.told(with) == Self.told(without))
    // Nothing could be charged, so every retry ran: the guard ran as often as without the memo.
    #expect(unpaid.count == replayed.count)
    #expect(never.charged == 0)
  }

  @Test("A budget that runs out mid-exploration recalls until it does, then runs", arguments: 0..<3)
  func budgetRunsOut(seed: UInt64) throws {
    let (limited, free, replayed) = (Calls(), Calls(), Calls())
    // Pays for the first 40 instructions of recalled refusals (4 guard runs' worth), then no more.
    let scarce = Budget { budget, used in budget.charged + used <= 40 }
    let withScarce = try Self.exploration(seed: seed, calls: limited, budget: scarce)
    let withFree = try Self.exploration(seed: seed, calls: free, budget: Budget { _, _ in true })
    var without = try Self.exploration(seed: seed, calls: replayed, budget: Budget { _, _ in true })
    without.remembersRefusedRetries = false
    let toldWithout = Self.told(without)
    #expect(Self.told(withScarce) == toldWithout)
    #expect(Self.told(withFree) == toldWithout)
    // Each recall is charged what its retry used when it ran (one guard run: 10), within the budget.
    #expect(scarce.charged > 0 && scarce.charged <= 40 && scarce.charged % 10 == 0)
    #expect(free.count < limited.count && limited.count < replayed.count)
  }

  @Test("A retry that printed is not remembered", arguments: 0..<3)
  func printingRetryIsNotRemembered(seed: UInt64) throws {
    let (printing, replayed) = (Calls(), Calls())
    let budget = Budget { _, _ in true }
    let with = try Self.exploration(seed: seed, calls: printing, budget: budget, printing: true)
    var without = try Self.exploration(seed: seed, calls: replayed, budget: Budget { _, _ in true })
    without.remembersRefusedRetries = false
    #expect(Self.told(with) == Self.told(without))
    #expect(printing.count == replayed.count)
    #expect(budget.charged == 0)
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

  /// A keying whose fingerprints are not its keys: a step that ends where a retry was refused
  /// takes the key and the fingerprint the retry made (``RefusedRetryMemo/key(ofUnchanged:)``),
  /// which must be that key's fingerprint, not the key, nor the fingerprint of another state.
  final class Scrambled: ExplorationKeying {
    let fingerprinter = StateFingerprinter<TinyScreen>()
    func key(of state: State) -> UInt64 { fingerprinter.fingerprint(of: state) }
    func key(of state: State, from parent: State, parentKey: UInt64) -> UInt64 { key(of: state) }
    func fingerprint(of key: UInt64) -> UInt64 { (key ^ 0x5555_5555_5555_5555) &* 0x9E37_79B9_7F4A_7C15 }
  }

  @Test("A step ending at a refused retry takes the fingerprint of the retry's key", arguments: 0..<5)
  func refusedRetryFingerprintIsReused(seed: UInt64) throws {
    let with = try Self.exploration(seed: seed, calls: Calls())
    var without = try Self.exploration(seed: seed, calls: Calls())
    without.remembersRefusedRetries = false
    let toldWith = Self.told(with, keying: Scrambled())
    #expect(toldWith == Self.told(without, keying: Scrambled()))
    #expect(toldWith == Self.told(without))
  }
}
