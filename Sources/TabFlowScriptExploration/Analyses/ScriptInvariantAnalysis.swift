import TabFlowExploration
import TabFlowLua

/// `check`'s invariants: the script's own (`invariant "name" { … }`,
/// ``ScriptedRules/invariantViolations(in:)``), each reported at its first violation met (the
/// shortest reproduction). A state breaking one is not explored on: `send` and `run` stop at it,
/// so a reproduction through it would not reach what lies beyond.
///
/// What the invariants found in a state is kept by its selected routes' number
/// (``ScriptChecks/selectedRoutesNumber``) when they read nothing else
/// (``ScriptedRules/invariantViolations(in:selectedStackOnly:)``): equal numbers are routes a
/// script cannot tell apart, so the invariants would answer the same again.
final class ScriptInvariantAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var violated = Set<String>()
  @exclusivity(unchecked) private var found = ScriptFindingEntries()
  /// The violations found by selected routes' number (most numbers are small: by position).
  @exclusivity(unchecked) private var violationsBySelectedRoutes = ValuesByNumber<[InvariantViolation]>()

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    guard !run.declarations.invariants.isEmpty else { return .exploreOn }
    let number = run.selectedRoutesNumber?(state.state)
    let violations: [InvariantViolation]
    if let number, let known = violationsBySelectedRoutes.value(for: number) {
      violations = known
    } else {
      var selectedStackOnly = false
      violations = run.rules.invariantViolations(in: state.state, selectedStackOnly: &selectedStackOnly)
      if selectedStackOnly, let number { violationsBySelectedRoutes.remember(violations, for: number) }
    }
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
