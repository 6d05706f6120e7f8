import TabFlowExploration
import TabFlowLua

/// `check`'s problems of the declarations, found before any rule runs
/// (``DeclarationProblems``): actions no rule handles, link parameters no URL can carry. No
/// reproduction: no state shows them.
final class DeclarationAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    let none = ExplorationReproduction<DynamicScreen, DynamicAction>(inputs: [])
    let unhandled = DeclarationProblems.unhandledActions(run.declarations).map {
      ExplorationFinding(kind: FailureKind.unhandledAction.findingKind, message: $0, reproduction: none)
    }
    let parameters = DeclarationProblems.linkParameters(run.declarations, chunk: run.rules.chunk).map {
      ExplorationFinding(kind: FailureKind.linkParameter.findingKind, message: $0, reproduction: none)
    }
    return run.collect(unhandled + parameters, phase: ScriptCheckPhase.declarations)
  }
}
