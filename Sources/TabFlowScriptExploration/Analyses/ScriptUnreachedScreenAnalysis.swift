import TabFlowExploration
import TabFlowLua

/// `check`'s unreached screens: the declared screens no state reached shows (in the selected tab
/// or the app layer over it; every tab of the initial state). A problem when the exploration was
/// complete; otherwise a note that it may lie deeper (or beyond a state breaking an invariant).
/// None at depth 0 (nothing explored).
final class ScriptUnreachedScreenAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  private var shown = Set<String>()

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    let reached = state.state
    if state.index == 0 {
      for tab in reached.tabs { shown.formUnion(tab.stack.routes.lazy.map(\.screen.name)) }
    } else {
      shown.formUnion(reached.selectedStack.routes.lazy.map(\.screen.name))
    }
    shown.formUnion(reached.appLayer.lazy.map(\.screen.name))
    return .exploreOn
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    guard end.depth > 0 else { return [] }
    // The depth `check` names: one past the deepest level explored.
    let depthReached = min(end.depth, max(run.deepestExplored + 1, 1))
    let none = ExplorationReproduction<DynamicScreen, DynamicAction>(inputs: [])
    let findings = run.declarations.screenNames.filter { !shown.contains($0) }.map { screen in
      if end.exhaustive {
        return ExplorationFinding(
          kind: ScriptFindingKinds.unreached, message: "screen '\(screen)' is declared but no explored sequence shows it",
          reproduction: none)
      }
      let why = run.stoppedAtViolations
        ? "; states breaking an invariant are not explored on, and it may lie beyond one or deeper"
        : "; explore deeper to check it"
      return ExplorationFinding(
        kind: ScriptFindingKinds.notReached(withinDepth: depthReached), message: "screen '\(screen)'" + why, reproduction: none)
    }
    return run.collect(findings, phase: ScriptCheckPhase.unreached)
  }
}
