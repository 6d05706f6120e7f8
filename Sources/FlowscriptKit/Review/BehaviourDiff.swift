import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration


/// `flowscript diff OLD NEW`: explores two scripts in lockstep from the same initial state, over
/// the same inputs, and finds each input whose outcome differs.
///
/// Both sides start in their initial state (which must be the same: the same tabs and roots).
/// From each pair of states reached by the same lines, every input either side would try — tab
/// taps, back, the top screens' declared actions with their samples, every deep link and link, the
/// context keys of both scripts (``ContextSamples``) — runs on both. Their outcomes are compared as
/// a user would see them: the state after (every tab's stack with styles, states and sheet
/// options, the selected tab, the context and the pending link — compared through one
/// ``StateNumbering``, so route identities do not count), the events emitted, a rejection (its
/// guard and reason, which the user is shown) or an input error (its message), or a rule error,
/// guard error (a guard that raised: never a rejection) or invalid command (by kind: its message
/// names the script's file and lines, which a refactor
/// moves). An input whose outcomes differ is a ``Difference``, and the pair it leads to is not
/// explored further (what follows differs because of it); a pair whose outcomes agree is
/// explored on, breadth first, so each difference is found by the fewest lines.
///
/// Both scripts' invariants are evaluated in every pair explored.
struct BehaviourDiff {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// What one input did on one side, as `flowscript send` tells its line (``DiffSide``).
  struct Outcome {
    /// What it did.
    enum Kind {
      /// The input cannot be written in the line language; it did not run.
      case unexplorable
      /// The line failed, with the kind of failure and the message.
      case failed(FailureKind, String)
      /// The line changed the state (to ``Outcome/stateAfter``).
      case changed
      /// The line ran and changed nothing.
      case unchanged
    }

    let kind: Kind
    /// Every report the host received, in order: the events emitted, reselects, redirects,
    /// deferred and opened links.
    let reports: [NavigationReport]
    /// The guard that rejected it or asked, when one did.
    var rejectingGuard: String?
    /// The state a line that changed it led to: kept only for the outcomes of a ``Difference``
    /// (the exploration holds every other state itself).
    var stateAfter: State?

    /// The events among ``reports``.
    var events: [NavigationEvent] {
      reports.compactMap { report in
        if case let .event(event) = report { event } else { nil }
      }
    }

    /// The reports that are not events.
    var otherReports: [NavigationReport] {
      reports.filter { report in
        if case .event = report { false } else { true }
      }
    }

    /// The state after it: `before` when it changed nothing or failed.
    func after(_ before: State) -> State {
      if case .changed = kind, let stateAfter { return stateAfter }
      return before
    }
  }

  /// An input whose outcome differs between the scripts, and the lines that reach the state it
  /// was sent in (the same lines on both sides).
  struct Difference {
    let lines: [String]
    let input: String
    /// The top screen (of the new script's state) the input was sent from.
    let screen: String
    /// The states the input was sent in (old, new), and what it did on each side.
    let before: (old: State, new: State)
    let old: Outcome
    let new: Outcome
  }

  /// An invariant that does not hold in an explored state, on one side.
  struct Violation {
    let side: Side
    let violation: InvariantViolation
    let lines: [String]
  }

  enum Side: String {
    case old, new
  }

  /// What the exploration found.
  struct Result {
    var differences: [Difference] = []
    var violations: [Violation] = []
    /// Pairs of states explored, and inputs run on both sides.
    var pairs = 0
    var transitions = 0
    var depthReached = 0
    var truncated = false
    /// The initial states differ (other tabs or roots): nothing else was compared.
    var initialDifference: String?
    /// The context keys and values both sides were sent.
    var context = ContextSamples(keys: [])
    /// Both scripts' declarations, which name each difference's cause (``DiffCause``).
    var declarations: (old: ScriptDeclarations, new: ScriptDeclarations)?
    var milliseconds = 0
  }

  let old: FlowSession
  let new: FlowSession
  let depth: Int
  let maxPairs: Int
  /// How many sessions of each script explore at once (at most one per processor).
  var jobs = ScriptWorkers.defaultCount

  init(old: FlowSession, new: FlowSession, depth: Int, maxPairs: Int) {
    self.old = old
    self.new = new
    self.depth = depth
    self.maxPairs = maxPairs
  }

  /// Explores, adding round by round the context keys either script was seen to read.
  func run() -> Result {
    let start = ContinuousClock.now
    old.isExploring = true
    new.isExploring = true
    defer {
      old.isExploring = false
      new.isExploring = false
    }
    // Each key either script declares, with both scripts' values; a key read that neither
    // declares, as a flag.
    let declarations = [old.rules.declarations, new.rules.declarations]
    let samples = ContextSamples(declarations: declarations, read: old.rules.contextKeysRead.union(new.rules.contextKeysRead))
    var result = ContextSamples.exploring(from: samples, declarations: declarations) { samples in
      exploreOnce(context: samples)
    }
    result.declarations = (old.rules.declarations, new.rules.declarations)
    let elapsed = (ContinuousClock.now - start).components
    result.milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    return result
  }

  /// One exploration sending `context`'s keys, on the library's paired engine
  /// (``PairedExploration``): both scripts' lines (``DiffSide``), one ``StateNumbering`` for both
  /// sides (two states get one key exactly when they look the same), and the comparison
  /// (``Comparison``) as its analysis. The result and the keys either side read.
  private func exploreOnce(context: ContextSamples) -> (result: Result, read: Set<String>) {
    let includesHistory = old.rules.declarations.backBehavior == .history || new.rules.declarations.backBehavior == .history
    let comparison = Comparison(old: old.rules, new: new.rules)
    let exploration = PairedExploration(
      old: DiffSide.side(rules: old.rules, initial: old.state, alphabet: ScriptAlphabet(declarations: old.rules.declarations, context: context)),
      new: DiffSide.side(rules: new.rules, initial: new.state, alphabet: ScriptAlphabet(declarations: new.rules.declarations, context: context)),
      depth: depth, maxPairs: maxPairs, analyses: [comparison])
    let workers = exploration.workers(jobs: ScriptWorkers.count(requested: jobs)) {
      // A session per side for each other worker (the scripts loaded once: only a failing system
      // refuses one, which just means fewer workers).
      guard let oldSibling = try? FlowSession(origin: old.origin, limits: old.rules.limits),
        let newSibling = try? FlowSession(origin: new.origin, limits: new.rules.limits)
      else { return nil }
      oldSibling.isExploring = true
      newSibling.isExploring = true
      return (TabCoordinator(script: oldSibling.rules), TabCoordinator(script: newSibling.rules))
    }
    let report = exploration.run(keying: StateNumbering(includesHistory: includesHistory), workers: workers)
    var result = comparison.result
    result.context = context
    if report.initialStatesDiffer {
      result.initialDifference = "the initial states differ:\n  old: " + Self.summary(of: old.state)
        + "\n  new: " + Self.summary(of: new.state)
      return (result, [])
    }
    result.pairs = report.pairs
    result.transitions = report.transitions
    result.depthReached = report.levelsExplored
    result.truncated = report.truncated
    let read = workers.workers.reduce(into: Set<String>()) { read, pair in
      read.formUnion(pair.old.rules.contextKeysRead)
      read.formUnion(pair.new.rules.contextKeysRead)
    }
    return (result, read)
  }

  /// `diff`'s analysis of the paired exploration: the two outcomes of each input compared as a
  /// user sees them (``agree(_:_:)``), each input where they differ kept as a ``Difference``, and
  /// both scripts' invariants evaluated in every pair reached (each violation once per side).
  final class Comparison: PairedAnalysis {
    private let rules: (old: ScriptedRules<DynamicScreen, DynamicAction>, new: ScriptedRules<DynamicScreen, DynamicAction>)
    private let checksInvariants: (old: Bool, new: Bool)
    private var violated: Set<String> = []
    private(set) var result = Result()

    init(old: ScriptedRules<DynamicScreen, DynamicAction>, new: ScriptedRules<DynamicScreen, DynamicAction>) {
      rules = (old, new)
      checksInvariants = (!old.declarations.invariants.isEmpty, !new.declarations.invariants.isEmpty)
    }

    func reached(_ pair: PairedState<DynamicScreen>) {
      check(.old, rules.old, pair.old, if: checksInvariants.old, lines: pair.labels)
      check(.new, rules.new, pair.new, if: checksInvariants.new, lines: pair.labels)
    }

    private func check(
      _ side: Side, _ rules: ScriptedRules<DynamicScreen, DynamicAction>, _ state: State, if checks: Bool, lines: [String]
    ) {
      guard checks else { return }
      for violation in rules.invariantViolations(in: state) where violated.insert("\(side) \(violation.name)").inserted {
        result.violations.append(Violation(side: side, violation: violation, lines: lines))
      }
    }

    func agree(_ transition: PairedTransition<DynamicScreen, DynamicAction, Outcome>) -> Bool {
      BehaviourDiff.agree(transition.outcomes.old, transition.outcomes.new)
    }

    func differs(_ transition: PairedTransition<DynamicScreen, DynamicAction, Outcome>) {
      let pair = transition.pair
      var (old, new) = transition.outcomes
      (old.stateAfter, new.stateAfter) = transition.stepped
      result.differences.append(Difference(
        lines: pair.labels, input: transition.label, screen: pair.new.visibleTop.screen.name,
        before: (pair.old, pair.new), old: old, new: new))
    }
  }

  /// Whether two outcomes look the same to a user, besides the state after them (compared by
  /// key): the same reports to the host (``identical(_:_:)``), and the same kind of outcome; a
  /// rejection by the same guard for the
  /// same reason, an input error with the same message, a rule error or invalid command of the
  /// same kind (their messages name each script's own file and lines).
  static func agree(_ old: Outcome, _ new: Outcome) -> Bool {
    guard identical(old.reports, new.reports) else { return false }
    switch (old.kind, new.kind) {
    case (.unexplorable, .unexplorable), (.unchanged, .unchanged), (.changed, .changed): return true
    case let (.failed(oldKind, oldMessage), .failed(newKind, newMessage)):
      guard oldKind == newKind else { return false }
      switch oldKind {
      case .guardRejection, .guardQuestion, .input: return oldMessage == newMessage
      default: return true
      }
    default: return false
    }
  }

  /// Whether two lists of reports are the same as the host receives them: events compared as Lua
  /// values (an integer is never a float, `0` is not `-0.0`, strings byte for byte — Swift's `==`
  /// would call each pair equal), every other report (a reselect at the root or not, a redirect,
  /// a deferred link) by its kind and its text, byte for byte.
  static func identical(_ old: [NavigationReport], _ new: [NavigationReport]) -> Bool {
    old.count == new.count
      && zip(old, new).allSatisfy { pair in
        switch pair {
        case let (.event(oldEvent), .event(newEvent)):
          return oldEvent.name.isLuaIdentical(to: newEvent.name) && oldEvent.payload.isLuaIdentical(to: newEvent.payload)
        default:
          return pair.0.description.utf8.elementsEqual(pair.1.description.utf8)
        }
      }
  }

  /// One line for a state: its selected tab's stack, and the other tabs' when they left their root.
  static func summary(of state: State) -> String {
    var parts = ["\(state.selectedTab): \(StateText.path(state.selectedStack))"]
    for tab in state.tabs where tab.id != state.selectedTab && tab.stack.count > 1 { parts.append(StateText.tabLine(tab)) }
    if let app = StateText.appLine(state) { parts.insert(app, at: 0) }
    if !state.context.isEmpty { parts.append("context " + StateJSON.value(.object(state.context))) }
    if let pending = state.pendingLink { parts.append("pending link \(pending)") }
    return parts.joined(separator: "; ")
  }
}
