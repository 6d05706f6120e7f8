import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

/// What the analyses of one run of ``ScriptChecks`` share: the rules and alphabet, what the
/// recorder (``ScriptStepRecorder``) learned of the last step and of each state, and the findings.
final class ScriptCheckRun {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Finding = ExplorationFinding<DynamicScreen, DynamicAction>

  let rules: ScriptedRules<DynamicScreen, DynamicAction>
  /// The rules of the coordinators stepping on other threads.
  let workers: [ScriptedRules<DynamicScreen, DynamicAction>]
  let alphabet: ScriptAlphabet
  let declarations: ScriptDeclarations
  /// The coordinator the link checks run lines with (its logging off).
  let coordinator: TabCoordinator<ScriptedRules<DynamicScreen, DynamicAction>>

  // The analyses' shared record, read and written around every input tried, on the
  // exploration's calling thread only: no run-time exclusivity checks.
  /// The marks and moves of the states reached (traps, covers without a way back).
  @exclusivity(unchecked) var explored = ExploredStates()
  /// The initial state, as the exploration started from it.
  @exclusivity(unchecked) var initial: State?
  /// How the last step tried failed, if it did.
  @exclusivity(unchecked) var failure: ScriptStepFailure?
  /// Whether the last step tried reached a state not reached before.
  @exclusivity(unchecked) var reachedNew = false
  /// The state last reached, until the step that reached it is told.
  @exclusivity(unchecked) var lastReached: Int?
  /// The last state reached that breaks an invariant.
  @exclusivity(unchecked) var lastViolating: Int?
  /// Whether a state breaking an invariant was reached (and not explored on).
  @exclusivity(unchecked) var stoppedAtViolations = false
  /// A number for a state's selected routes (``ScriptChecks/selectedRoutesNumber``).
  @exclusivity(unchecked) var selectedRoutesNumber: ((State) -> Int?)?
  /// Whether every step sent is noted (``ScriptChecks/notesSteps``).
  @exclusivity(unchecked) var stepsNoted = false

  /// The findings so far: each with its phase (its place in `check`'s report) and its order in it.
  private(set) var collected: [(phase: Int, order: Int, finding: Finding)] = []
  private var counter = 0

  init(
    rules: ScriptedRules<DynamicScreen, DynamicAction>, workers: [ScriptedRules<DynamicScreen, DynamicAction>],
    alphabet: ScriptAlphabet
  ) {
    self.rules = rules
    self.workers = workers
    self.alphabet = alphabet
    declarations = rules.declarations
    coordinator = .quiet(script: rules)
  }

  /// The payload fields the rules of every thread read beyond what their payload had, by action.
  var missingPayloadFields: [String: Set<String>] {
    workers.reduce(into: rules.missingPayloadFields) { merged, each in
      merged.merge(each.missingPayloadFields) { $0.union($1) }
    }
  }

  /// A number for a finding met now: findings met while exploring are reported in that order.
  func nextOrder() -> Int {
    counter += 1
    return counter
  }

  /// Keeps `findings`, in `phase`, with their orders (`orders`, or their positions).
  func collect(_ findings: [Finding], phase: Int, orders: [Int]? = nil) -> [Finding] {
    for (offset, finding) in findings.enumerated() {
      collected.append((phase, orders?[offset] ?? offset, finding))
    }
    return findings
  }

  /// Whether the user sees a tab's root, with nothing presented.
  static func isAtRoot(_ state: State) -> Bool {
    // Read in place: `selectedStack` copies the stack.
    state.storedTabs[state.selectedIndex].stack.storedRoutes.count == 1 && !state.isAppLayerPresented
  }

  /// The link checks, running lines with the coordinator's step.
  var links: LinkChecks {
    LinkChecks(context: alphabet.context) { [self] line, state in runLine(line, from: state) }
  }

  /// Runs `line` from `state` as `flowscript send` would (the action it sends, how it failed, as
  /// a line says it): what the link checks need.
  func runLine(_ line: FlowLine, from state: State) -> LinkChecks.LineRun {
    var after = state
    guard let action = ScriptAlphabet.action(for: line, in: state) else {
      return LinkChecks.LineRun(state: state, reports: [], failure: "cannot run \(line)")
    }
    let errors = rules.guardErrorCount
    let delegates = coordinator.apply(action, to: &after)
    let guardFailed = rules.guardErrorCount != errors
    var reports: [NavigationReport] = []
    for delegate in delegates {
      if delegate.failure != nil { break }
      if case let .report(report) = delegate { reports.append(report) }
    }
    let failure = ScriptStepFailure(delegates, guardFailed: guardFailed, guardError: rules.lastGuardError)
    let message = failure?.lineMessage(
      action: action, firstFailure: delegates.lazy.compactMap(\.failure).first, deepLinks: coordinator.deepLinks)
    return LinkChecks.LineRun(state: after, reports: reports, failure: message)
  }
}
