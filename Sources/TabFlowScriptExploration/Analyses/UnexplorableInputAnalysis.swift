import TabFlowExploration
import TabFlowLua

/// `check`'s inputs that cannot be written in the line language (``ScriptAlphabet/unexplorableLines(for:)``):
/// never explored, so each is reported (once, from the first state met that has it), never
/// skipped in silence.
final class UnexplorableInputAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  private var reported = Set<String>()
  private var found = ScriptFindingEntries()

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func exploring(_ state: ReachedState<DynamicScreen>) {
    for line in run.alphabet.unexplorableLines(for: state.state) where reported.insert(line).inserted {
      found.append(
        FailureKind.unexplorable.findingKind, "cannot be written in the line language, so it was not explored: \(line)",
        at: state.index, order: run.nextOrder())
    }
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    found.findings(end, run: run, phase: ScriptCheckPhase.exploring)
  }
}
