import TabFlowCore

/// Finds the batches the coordinator discarded for a reason other than a guard
/// (`.delegate(.failed(…))`): rule errors, invalid commands from a rule or a deep link's handler,
/// redirect loops. A problem each, once per message, with the shortest reproduction.
///
/// The user's own inputs failing are not problems (as in `flowscript check`): back at a tab's
/// root with nowhere to go, a URL no pattern matches.
final class FailedBatchAnalysis<Screen, ScreenAction>: ExplorationAnalysis {
  private var found = FindingsByMessage()

  func tried(_ input: TriedInput<Screen, ScreenAction>) {
    for case let .failed(failure) in input.delegates {
      guard let kind = Self.kind(of: failure) else { continue }
      found.note("\(kind): \(failure.reportText)", at: input.from, then: input.position)
    }
  }

  func findings(_ end: ExplorationEnd<Screen, ScreenAction>) -> [ExplorationFinding<Screen, ScreenAction>] {
    found.findings(.failedBatch, end)
  }

  /// What went wrong in the rules, or `nil` for a failure of the input itself.
  static func kind(of failure: BatchFailure) -> String? {
    switch (failure.reason, failure.source) {
    case (.ruleFailed, _): "rule error"
    case (.redirectLoop, _): "redirect loop"
    case (.invalidCommand, .rule), (.invalidCommand, .deepLink), (.invalidCommand, .screenAction): "invalid command"
    default: nil
    }
  }
}
