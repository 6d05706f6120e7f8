import TabFlowCore
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

  /// What one input did on one side.
  struct Outcome {
    /// What it did, as the checker's workers record a step.
    typealias Kind = ExplorationWorkers.Step

    let kind: Kind
    /// Every report the host received, in order: the events emitted, reselects, redirects,
    /// deferred and opened links.
    let reports: [NavigationReport]
    /// The guard that rejected it or asked, when one did.
    var rejectingGuard: String?

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
      if case let .changed(after) = kind { return after.state }
      return before
    }

    /// The state after it and its key in `numbering`: `before`'s when it changed nothing or failed.
    func after(_ before: State, key: StateKey, numbering: StateNumbering) -> (state: State, key: StateKey) {
      guard case let .changed(after) = kind else { return (before, key) }
      return (after.state, numbering.key(of: after.state, from: before, parentKey: key))
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
  /// How many sessions of each script explore at once.
  var jobs = ExplorationWorkers.defaultCount

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

  /// One exploration sending `context`'s keys; the result and the keys either side read.
  private func exploreOnce(context: ContextSamples) -> (result: Result, read: Set<String>) {
    var result = Result()
    result.context = context
    let (oldInitial, newInitial) = (old.state, new.state)
    defer {
      old.load(oldInitial)
      new.load(newInitial)
    }
    let includesHistory = old.rules.declarations.backBehavior == .history || new.rules.declarations.backBehavior == .history
    // One numbering for both sides: two states get one key exactly when they look the same.
    let numbering = StateNumbering(includesHistory: includesHistory)
    let oldKey = numbering.key(of: oldInitial)
    let newKey = numbering.key(of: newInitial)
    guard oldKey == newKey else {
      result.initialDifference = "the initial states differ:\n  old: " + Self.summary(of: oldInitial)
        + "\n  new: " + Self.summary(of: newInitial)
      return (result, [])
    }
    var oldInputs = StateExplorer.Inputs(declarations: old.rules.declarations, context: context)
    var newInputs = StateExplorer.Inputs(declarations: new.rules.declarations, context: context)
    let oldWorkers = ExplorationWorkers(session: old, count: jobs)
    let newWorkers = ExplorationWorkers(session: new, count: jobs)

    struct Pair {
      let old: State
      let new: State
      let oldKey: StateKey
      let newKey: StateKey
      let lines: [String]
    }
    struct PairKey: Hashable {
      let old: StateKey
      let new: StateKey
    }
    var seen: Set<PairKey> = [PairKey(old: oldKey, new: newKey)]
    var frontier = [Pair(old: oldInitial, new: newInitial, oldKey: oldKey, newKey: newKey, lines: [])]
    var violated: Set<String> = []
    func checkInvariants(of pair: Pair) {
      for (side, session, state) in [(Side.old, old, pair.old), (Side.new, new, pair.new)] {
        guard !session.rules.declarations.invariants.isEmpty else { continue }
        for violation in session.rules.invariantViolations(in: state)
        where violated.insert("\(side) \(violation.name)").inserted {
          result.violations.append(Violation(side: side, violation: violation, lines: pair.lines))
        }
      }
    }
    checkInvariants(of: frontier[0])

    level: for level in 0..<depth {
      // The inputs of each pair: the new side's, then the old side's it lacks, each once.
      let planned = frontier.map { pair -> [StateExplorer.Inputs.Input] in
        var inputs = newInputs.lines(for: pair.new)
        var texts = Set(inputs.map(\.text))
        for input in oldInputs.lines(for: pair.old) where texts.insert(input.text).inserted { inputs.append(input) }
        return inputs
      }
      var oldOutcomes = Array(repeating: [Outcome](), count: frontier.count)
      oldWorkers.run(frontier.map(\.old), inputs: planned, stepping: Self.step) { index, outcomes in
        oldOutcomes[index] = outcomes
        return true
      }
      var next: [Pair] = []
      newWorkers.run(frontier.map(\.new), inputs: planned, stepping: Self.step) { index, newOutcomes in
        let pair = frontier[index]
        for (offset, (oldOutcome, newOutcome)) in zip(oldOutcomes[index], newOutcomes).enumerated() {
          result.transitions += 1
          let (oldAfter, oldAfterKey) = oldOutcome.after(pair.old, key: pair.oldKey, numbering: numbering)
          let (newAfter, newAfterKey) = newOutcome.after(pair.new, key: pair.newKey, numbering: numbering)
          let input = planned[index][offset].text
          guard Self.agree(oldOutcome, newOutcome), oldAfterKey == newAfterKey else {
            result.differences.append(Difference(
              lines: pair.lines, input: input, screen: pair.new.visibleTop.screen.name,
              before: (pair.old, pair.new), old: oldOutcome, new: newOutcome))
            continue
          }
          guard seen.count < maxPairs || seen.contains(PairKey(old: oldAfterKey, new: newAfterKey)) else {
            result.truncated = true
            return false
          }
          if seen.insert(PairKey(old: oldAfterKey, new: newAfterKey)).inserted {
            let reached = Pair(old: oldAfter, new: newAfter, oldKey: oldAfterKey, newKey: newAfterKey, lines: pair.lines + [input])
            checkInvariants(of: reached)
            next.append(reached)
          }
        }
        return true
      }
      if result.truncated { break level }
      result.depthReached = level + 1
      frontier = next
      if frontier.isEmpty { break }
    }
    result.pairs = seen.count
    return (result, oldWorkers.contextKeysRead.union(newWorkers.contextKeysRead))
  }

  /// What `input` did from `state` in `session`, with the events it emitted.
  @Sendable
  static func step(_ input: StateExplorer.Inputs.Input, from state: State, in session: FlowSession) -> Outcome {
    let kind = ExplorationWorkers.step(input, from: state, in: session)
    var rejectingGuard: String?
    if case let .failed(failure, _) = kind, failure == .guardRejection || failure == .guardQuestion {
      rejectingGuard = session.lastRejectingGuard
    }
    return Outcome(kind: kind, reports: input.line == nil ? [] : session.lastReports, rejectingGuard: rejectingGuard)
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
