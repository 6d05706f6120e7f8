import TabFlowExploration
import TabFlowLua

/// `check`'s invariants: the script's own (`invariant "name" { … }`,
/// ``ScriptedRules/invariantViolations(in:)``), each reported at its first violation met (the
/// shortest reproduction). A state breaking one is not explored on: `send` and `run` stop at it,
/// so a reproduction through it would not reach what lies beyond.
final class ScriptInvariantAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  private var violated = Set<String>()
  private var found = ScriptFindingEntries()

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    guard !run.declarations.invariants.isEmpty else { return .exploreOn }
    let violations = run.rules.invariantViolations(in: state.state)
    for violation in violations where violated.insert(violation.name).inserted {
      found.append(FailureKind.invariant.findingKind, violation.description, at: state.index, order: run.nextOrder())
    }
    guard !violations.isEmpty else { return .exploreOn }
    run.stoppedAtViolations = true
    run.lastViolating = state.index
    return .stop
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    found.findings(end, run: run, phase: ScriptCheckPhase.exploring)
  }
}
