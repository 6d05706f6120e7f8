import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// How each input an engine exploration of a script sends fails, as its line fails in a
/// ``FlowSession`` (`flowscript send`): from what the step told the host, and whether a Lua guard
/// raised an error while it ran — the rules' ``ScriptedRules/guardErrorCount``, read after each
/// step. As a line's, a failed step changes nothing: the exploration asks ``stepFailed(_:delegates:)``
/// (its `stepFailed`) after each step, which must run these rules on the calling thread, one
/// input at a time (one worker).
final class LineFailures {
  typealias Input = ExplorationInput<DynamicScreen, DynamicAction>

  private let rules: ScriptedRules<DynamicScreen, DynamicAction>
  private let deepLinks: DeepLinks<DynamicScreen>
  private var guardErrors: Int
  /// How the last step asked about failed — its kind, and its message as a line shows it
  /// (control characters escaped) — or `nil` when it did not.
  private(set) var last: (kind: FailureKind, message: String)?

  /// The failures of steps of `rules`, whose deep links are `deepLinks`.
  init(rules: ScriptedRules<DynamicScreen, DynamicAction>, deepLinks: DeepLinks<DynamicScreen>) {
    self.rules = rules
    self.deepLinks = deepLinks
    guardErrors = rules.guardErrorCount
  }

  /// Takes the guard errors so far as no step's: what ran between two steps is not counted.
  func settle() { guardErrors = rules.guardErrorCount }

  /// Whether the step that sent `input` and told `delegates` failed; ``last`` says how.
  func stepFailed(_ input: Input, delegates: [TabCoordinatorDelegate<DynamicScreen>]) -> Bool {
    let errors = rules.guardErrorCount
    let guardFailed = errors != guardErrors
    guardErrors = errors
    guard
      let failure = ScriptStepFailure(delegates, guardFailed: guardFailed, guardError: guardFailed ? rules.lastGuardError : nil)
    else {
      last = nil
      return false
    }
    var message = failure.message
    // A URL that no link matches because a path parameter is empty says so, as `send` says it.
    if !guardFailed, case let .openURL(url) = input.action,
      case .noDeepLinkMatch? = delegates.lazy.compactMap(\.failure).first?.reason,
      let empty = deepLinks.emptyParameter(in: url)
    {
      message = ScriptStepFailure.emptyParameterMessage(url: url, parameter: empty.parameter, pattern: empty.pattern)
    }
    last = (failure.kind, message.escapingControlCharacters(keepingLineBreaks: false))
    return true
  }
}
