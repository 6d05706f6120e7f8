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
    run.collect(DeclarationProblems.findings(run.declarations, chunk: run.rules.chunk), phase: ScriptCheckPhase.declarations)
  }
}
