import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// `check`'s payload fields: each field a rule read that its action's declared sample lacks (no
/// line can send it; ``DeclarationProblems/payloadFields(_:declarations:)``), reproduced from
/// the first state met showing the action's screen on top, then the action.
final class PayloadFieldAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  /// The first state met showing each screen on top (not breaking an invariant, but the initial state).
  @exclusivity(unchecked) private var firstAtTop: [String: (index: Int, state: TabCoordinatorState<DynamicScreen>)] = [:]
  /// The names ``firstAtTop`` holds, found by their bits before any name is hashed (a screen's
  /// name is a small string, or storage its declaration's screens share).
  private let namesKept = RecentByBits<String, Bool>(slotBits: 6)

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    reached(state, top: state.state.shownScreen)
  }

  /// ``reached(_:)``, told the screen `state` shows (``TabCoordinatorState/shownScreen``, read
  /// once for the analyses that read it).
  func reached(_ state: ReachedState<DynamicScreen>, top screen: DynamicScreen) -> ExplorationDecision {
    guard state.index == 0 || run.lastViolating != state.index else { return .exploreOn }
    let top = screen.name
    guard namesKept.value(for: top) == nil else { return .exploreOn }
    // Asked by index: reading `firstAtTop[top]` copies the state it holds out, and back.
    if firstAtTop.index(forKey: top) == nil { firstAtTop[top] = (state.index, state.state) }
    namesKept.remember(true, for: top)
    return .exploreOn
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    let problems = DeclarationProblems.payloadFields(run.missingPayloadFields, declarations: run.declarations)
    let findings = problems.map { problem in
      var reproduction = ExplorationReproduction<DynamicScreen, DynamicAction>(inputs: [])
      if let first = firstAtTop[problem.screen] {
        let position = run.alphabet.inputs(for: first.state).firstIndex { $0.label == problem.line }
        reproduction = position.map { end.reproduction(to: first.index, then: $0) } ?? end.reproduction(to: first.index)
      }
      return ExplorationFinding(kind: FailureKind.payloadField.findingKind, message: problem.message, reproduction: reproduction)
    }
    return run.collect(findings, phase: ScriptCheckPhase.payloadFields)
  }
}
