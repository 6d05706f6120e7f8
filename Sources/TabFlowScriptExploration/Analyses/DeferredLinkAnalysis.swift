import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// `check`'s deferred links that never open: each link a guard deferred (the first state met with
/// it pending, not breaking an invariant), once the exploration ended, is tried with every
/// change of the context the alphabet makes (the nearest ``LinkChecks/openingContextLimit``
/// contexts); one that opens in none is a problem.
final class DeferredLinkAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var deferred: [(url: String, state: TabCoordinatorState<DynamicScreen>, index: Int)] = []

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    guard run.reachedNew, case let .moved(to?) = input.outcome, run.lastViolating != to,
      let pending = input.after.pendingLink, pending != input.state.pendingLink,
      !deferred.contains(where: { $0.url == pending })
    else { return }
    deferred.append((pending, input.after, to))
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    let links = run.links
    let findings = deferred.compactMap { entry -> ExplorationFinding<DynamicScreen, DynamicAction>? in
      let outcome = links.opening(entry.url, from: entry.state)
      guard outcome.opened == nil else { return nil }
      return ExplorationFinding(
        kind: FailureKind.linkNeverOpens.findingKind, message: links.neverOpensMessage(entry.url, outcome),
        reproduction: end.reproduction(to: entry.index))
    }
    return run.collect(findings, phase: ScriptCheckPhase.deferredLinks)
  }
}
