import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// What one input of a script's alphabet (``ScriptAlphabet``) did from one state: stepped by a
/// coordinator of the script through its pure step (`TabCoordinator.step`), as `flowscript send`
/// runs the input's line from that state. A failure is classified as `check` classifies it
/// (``ScriptChecks/noteStep(_:guardErrors:_:)``), with the message `send` prints for the line; a
/// failed step changes nothing, as `send` stops at a failed line.
///
/// Run it on the thread whose coordinator's rules ran no other step meanwhile: a guard's error is
/// counted by the rules that ran it.
enum InputStep {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Coordinator = TabCoordinator<ScriptedRules<DynamicScreen, DynamicAction>>

  /// The input cannot be written in the line language: nothing was sent.
  case unexplorable
  /// The step failed, with the kind of failure and the message.
  case failed(FailureKind, String)
  /// The step led to this state.
  case changed(State)
  /// The step ran and left the state as it was.
  case unchanged

  /// What `input` did from `state`, stepped by `coordinator`.
  init(_ input: ScriptAlphabet.Input, from state: State, on coordinator: Coordinator) {
    guard input.isExplorable else {
      self = .unexplorable
      return
    }
    let rules = coordinator.rules
    let guardErrors = rules.guardErrorCount
    var after = state
    let delegates = coordinator.step(input.action, state: &after).delegates
    if let failure = ScriptChecks.noteStep(rules, guardErrors: guardErrors, delegates).note as? ScriptStepFailure {
      let firstFailure = delegates.lazy.compactMap(\.failure).first
      self = .failed(
        failure.kind, failure.lineMessage(action: input.action, firstFailure: firstFailure, deepLinks: coordinator.deepLinks))
    } else {
      self = after == state ? .unchanged : .changed(after)
    }
  }
}
