import TabFlowExploration
import TabFlowLua

/// `check`'s inputs that cannot be written in the line language (the alphabet's inputs that are
/// not explorable: ``ScriptAlphabet/unexplorableLines(for:)``): never sent, so each is reported
/// (once, from the first state met that has it, in the order of the inputs), never skipped in
/// silence.
final class UnexplorableInputAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var reported = Set<String>()
  @exclusivity(unchecked) private var found = ScriptFindingEntries()

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    let line = input.input.label
    guard !input.input.isExplorable, reported.insert(line).inserted else { return }
    found.append(
      FailureKind.unexplorable.findingKind, "cannot be written in the line language, so it was not explored: \(line)",
      at: input.from, order: run.nextOrder())
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    found.findings(end, run: run, phase: ScriptCheckPhase.exploring)
  }
}
