import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// `check`'s failed steps: rule errors, invalid commands, guard errors, redirect loops, and the
/// guards' rejections and questions as notes (with a note when a blocking guard's reason reads as
/// a question) — each kind and message once, at the first step met breadth first (the shortest
/// reproduction). A failure of the input itself (back at a root, a URL no link matches) is none.
final class FailedStepAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  /// Each kind and message reported (by value: writing the kind out as text went through
  /// reflection, on every failed step).
  @exclusivity(unchecked) private var reported = Set<Reported>()
  @exclusivity(unchecked) private var found = ScriptFindingEntries()
  /// The discarded batches met: a batch met again is a kind and message reported, and its message
  /// is not written out again (most failed steps fail as one met before).
  @exclusivity(unchecked) private var batchesMet = Set<BatchFailure>()

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    guard let failure = run.failure, failure.kind != .input else { return }
    // Asked where the failure holds the batch, and inserted (a copy) only when new: `insert`
    // takes a copy of the batch, and gives one back of the member met.
    let metBefore = failure.withBatchFailure { batch in
      if batchesMet.contains(batch) { return true }
      batchesMet.insert(copy batch)
      return false
    }
    if metBefore == true { return }
    // As a line shows it: escape codes from a script are shown, not obeyed.
    let message = failure.message.escapingControlCharacters(keepingLineBreaks: false)
    guard reported.insert(Reported(kind: failure.kind, message: message)).inserted else { return }
    found.append(failure.kind.findingKind, message, at: input.from, then: input.position, order: run.nextOrder())
    if failure.kind == .guardRejection, let question = ScriptStepFailure.blockedQuestion(message) {
      found.append(FailureKind.blockReadsAsQuestion.findingKind, question, at: input.from, then: input.position, order: run.nextOrder())
    }
  }

  private struct Reported: Hashable {
    let kind: FailureKind
    let message: String
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    found.findings(end, run: run, phase: ScriptCheckPhase.exploring)
  }
}
