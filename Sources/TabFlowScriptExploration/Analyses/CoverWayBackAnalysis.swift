import TabFlowExploration
import TabFlowLua

/// `check`'s covers without a way back (``ExploredStates/coversWithoutWayBack(depth:depthOf:lines:)``):
/// covers explored none of whose actions (back and tab taps aside) leaves the cover. One per
/// screen, with the shortest lines; none explored only at the last level.
final class CoverWayBackAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    let covers = run.explored.coversWithoutWayBack(
      depth: end.depth, depthOf: end.depth(of:), lines: { end.reproduction(to: $0).labels })
    let findings = covers.map { cover in
      ExplorationFinding(
        kind: ScriptFindingKinds.noWayBack, message: "'\(cover.screen)' is a cover whose actions never lead back",
        reproduction: end.reproduction(to: cover.index))
    }
    return run.collect(findings, phase: ScriptCheckPhase.noWayBack)
  }
}
