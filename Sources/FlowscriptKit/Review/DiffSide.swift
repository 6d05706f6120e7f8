import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration

/// One script of a `diff` as a side of the library's ``PairedExploration``: its lines as inputs
/// (``ScriptAlphabet/everyInput(for:)``), a line only the other script gives made into this
/// script's input as `flowscript send` would send it, and each step told as `send` tells a line
/// (``BehaviourDiff/Outcome``) — its failure by kind and message, the reports the host received,
/// the guard that rejected.
enum DiffSide {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Rules = ScriptedRules<DynamicScreen, DynamicAction>
  typealias Coordinator = TabCoordinator<Rules>
  typealias Input = ExplorationInput<DynamicScreen, DynamicAction>

  /// The side of `rules`, starting in `initial`, sending the lines of `alphabet`.
  static func side(rules: Rules, initial: State, alphabet: ScriptAlphabet) -> PairedSide<Rules, BehaviourDiff.Outcome> {
    return PairedSide(
      coordinator: .quiet(script: rules), initialState: initial, inputs: alphabet.everyInput(for:),
      input: { label, state in input(label, in: state, declarations: rules.script.declarations) }, step: step)
  }

  /// This script's input for `label`, a line only the other script gives in `state`: the action
  /// `send` sends for it, or an input not sent when `send` would refuse the line before sending
  /// it (a screen or action this script does not declare, no route showing the screen).
  static func input(_ label: String, in state: State, declarations: ScriptDeclarations) -> Input {
    let unsent = Input(label, .back, isExplorable: false)
    guard let line = try? FlowLineParser.parse(label) else { return unsent }
    if case let .action(_, screen, action, _) = line, declarations.screen(named: screen)?.declares(action: action) != true {
      return unsent
    }
    return ScriptAlphabet.action(for: line, in: state).map { Input(label, $0) } ?? unsent
  }

  /// What `input` did from `state`, as `flowscript send` tells the line: the outcome, and the
  /// state after it when it changed the state (a failed line changes nothing).
  @Sendable
  static func step(_ coordinator: Coordinator, _ input: Input, _ state: State) -> (outcome: BehaviourDiff.Outcome, after: State?) {
    guard input.isExplorable else {
      return (refusal(of: input.label, in: state, declarations: coordinator.rules.script.declarations), nil)
    }
    let rules = coordinator.rules
    let guardErrors = rules.guardErrorCount
    var after = state
    let delegates = coordinator.apply(input.action, to: &after)
    let guardFailed = rules.guardErrorCount != guardErrors
    // What the host was told up to the first batch discarded, as `send` notes it.
    var reports: [NavigationReport] = []
    var rejecting: String?
    var discarded: BatchFailure?
    for delegate in delegates {
      if case let .rejected(rejected) = delegate { rejecting = rejected.guardName }
      if let failure = delegate.failure {
        discarded = failure
        break
      }
      if case let .report(report) = delegate { reports.append(report) }
    }
    let error = guardFailed ? rules.lastGuardError : nil
    if let failure = ScriptStepFailure(firstFailure: discarded, guardFailed: guardFailed, guardError: error) {
      let message = failure.lineMessage(action: input.action, firstFailure: discarded, deepLinks: coordinator.deepLinks)
      let rejected = failure.kind == .guardRejection || failure.kind == .guardQuestion
      let outcome = BehaviourDiff.Outcome(
        kind: .failed(failure.kind, message), reports: reports, rejectingGuard: rejected ? rejecting : nil)
      return (outcome, nil)
    }
    guard !FlowSession.identical(&after, state), after != state else {
      return (BehaviourDiff.Outcome(kind: .unchanged, reports: reports), nil)
    }
    return (BehaviourDiff.Outcome(kind: .changed, reports: reports), after)
  }

  /// What `send` says of a line it refuses before sending anything (``input(_:in:declarations:)``),
  /// or of a line that cannot be read back.
  static func refusal(of label: String, in state: State, declarations: ScriptDeclarations) -> BehaviourDiff.Outcome {
    guard let line = try? FlowLineParser.parse(label) else { return BehaviourDiff.Outcome(kind: .unexplorable, reports: []) }
    let message: String
    switch line {
    case let .invalidAction(text):
      message = text
    case let .action(tab, screen, action, _):
      message = actionRefusal(screen: screen, action: action, tab: tab.map { TabID($0) }, in: state, declarations: declarations)
    case let .tab(tab):
      message = FlowSession.unknownTab(tab, in: state)
    default:
      return BehaviourDiff.Outcome(kind: .unexplorable, reports: [])
    }
    return BehaviourDiff.Outcome(kind: .failed(.input, message.escapingControlCharacters(keepingLineBreaks: false)), reports: [])
  }

  /// Why `send` refuses an action line: its screen or action not declared, or no route showing
  /// the screen where the line looks.
  private static func actionRefusal(
    screen: String, action: String, tab: TabID?, in state: State, declarations: ScriptDeclarations
  ) -> String {
    if let problem = FlowSession.undeclared(screen: screen, action: action, in: declarations) { return problem }
    let tabID = tab ?? state.selectedTab
    guard let stack = state.stack(for: tabID) else { return FlowSession.unknownTab(tabID.rawValue, in: state) }
    return FlowSession.noScreen(screen, addressed: tab != nil, tab: tabID, stack: stack)
  }
}
