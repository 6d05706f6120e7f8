import TabFlowCore

/// Notes the batches guards rejected (`.delegate(.rejected(…))`): guards are meant to reject,
/// so these are notes, not problems — a reviewer reads where each guard stops the user. Once
/// per message, with the shortest reproduction.
final class GuardRejectionAnalysis<Screen, ScreenAction>: ExplorationAnalysis {
  private var found = FindingsByMessage()

  func tried(_ input: TriedInput<Screen, ScreenAction>) {
    for case let .rejected(batch) in input.delegates {
      let text = batch.failure.reportText
      found.note(batch.asks ? text + " (asks the user)" : text, at: input.from, then: input.position)
    }
  }

  func findings(_ end: ExplorationEnd<Screen, ScreenAction>) -> [ExplorationFinding<Screen, ScreenAction>] {
    found.findings(.guardRejection, end)
  }
}
