import Foundation
import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// How a step of the coordinator failed, as flowscript tells it — `flowscript send`, `run` and the
/// REPL print it, `check` reports it — from what the step told the host (its delegates) and
/// whether a Lua guard raised an error while it ran (``ScriptedRules/guardErrorCount``, read
/// before and after the step).
///
/// ```swift
/// let errors = rules.guardErrorCount
/// let step = coordinator.step(action, state: &state)
/// if let failure = ScriptStepFailure(
///   step.delegates, guardFailed: rules.guardErrorCount != errors, guardError: rules.lastGuardError) {
///   print(failure.kind.label + ": " + failure.message)
/// }
/// ```
public struct ScriptStepFailure: Hashable, Sendable {
  /// The kind of failure.
  public var kind: FailureKind
  /// What it says (`rejected by guard 'auth': login required`), unescaped: a line shows it with
  /// control characters escaped. A batch's failure is written out when read, not when the step
  /// fails: an explorer meets most failures many times, and reads few of their messages.
  public var message: String {
    get {
      switch text {
      case let .written(message): message
      case let .batch(box): Self.message(for: box.failure)
      }
    }
    set { text = .written(newValue) }
  }
  /// Whether the step's own change was made though it failed: a guard raised an error while a
  /// pending link was retried after the change.
  public var changeMade: Bool
  /// The message, or the discarded batch it is written from.
  private var text: Text

  /// A failure's message, or the discarded batch it is written from (``message(for:)``), held by
  /// reference: the failure stays as small as a message (each analysis copies the step's failure,
  /// or its absence, at every input tried).
  private enum Text: Sendable {
    case written(String)
    case batch(BatchBox)
  }

  /// A discarded batch, held by reference.
  private final class BatchBox: Sendable {
    let failure: BatchFailure
    init(_ failure: BatchFailure) { self.failure = failure }
  }

  /// The discarded batch the failure was made from (``init(_:)``), `nil` for a failure made with
  /// its message: the same batch is the same kind and message.
  var batchFailure: BatchFailure? {
    if case let .batch(box) = text { box.failure } else { nil }
  }

  /// `body`'s answer for the discarded batch the failure was made from, read where its box holds
  /// it (``batchFailure`` copies it out, each of its texts); `nil` for a failure made with its
  /// message.
  func withBatchFailure<Result>(_ body: (borrowing BatchFailure) -> Result) -> Result? {
    guard case let .batch(box) = text else { return nil }
    return body(box.failure)
  }

  /// A failure of a kind, with a message.
  public init(kind: FailureKind, message: String, changeMade: Bool = false) {
    self.kind = kind
    self.text = .written(message)
    self.changeMade = changeMade
  }

  /// The failure of a discarded batch: its kind and ``message(for:)``.
  public init(_ failure: BatchFailure) {
    self.kind = FailureKind(failure)
    self.text = .batch(BatchBox(failure))
    self.changeMade = false
  }

  /// Two failures are the same when their kinds, messages and ``changeMade`` are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.changeMade == rhs.changeMade && lhs.message == rhs.message
  }

  /// Hashes the kind, message and ``changeMade``, as ``==`` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(message)
    hasher.combine(changeMade)
  }

  /// The failure of a step: a guard's error when a Lua guard raised one while the step ran
  /// (`guardFailed`; `guardError` is the rules' ``ScriptedRules/lastGuardError``), whatever the
  /// coordinator made of it; otherwise the first batch it discarded (failed or rejected); `nil`
  /// when the step did not fail.
  ///
  /// Inlinable, so `flowscript`'s explorer, which classifies every step it tries, runs it
  /// specialized for its screens (no generic metadata looked up per step).
  @inlinable
  public init?<Screen>(_ delegates: [TabCoordinatorDelegate<Screen>], guardFailed: Bool, guardError: ScriptError?) {
    var failure: BatchFailure?
    for delegate in delegates {
      if let found = delegate.failure {
        failure = found
        break
      }
    }
    guard let made = Self(firstFailure: failure, guardFailed: guardFailed, guardError: guardError) else { return nil }
    self = made
  }

  /// The failure of a step whose first discarded batch (failed or rejected) was `firstFailure`:
  /// as ``init(_:guardFailed:guardError:)``, for a host that found that batch itself.
  public init?(firstFailure failure: BatchFailure?, guardFailed: Bool, guardError: ScriptError?) {
    if guardFailed {
      self = Self.guardFailed(guardError, batchFailed: failure != nil)
    } else if let failure {
      self.init(failure)
    } else {
      return nil
    }
  }

  /// A Lua guard's error while a step ran: a failure of the rules (``FailureKind/guardError``, with
  /// the guard's error), never a rejection the user could be asked about and confirm — as an app
  /// counts it. When no batch failed (`batchFailed` false), the guard failed while a pending link
  /// was retried, and the step's own change was made.
  public static func guardFailed(_ error: ScriptError?, batchFailed: Bool) -> ScriptStepFailure {
    let message = error.map { "guard failed: \($0)" } ?? "a guard failed"
    if batchFailed { return ScriptStepFailure(kind: .guardError, message: message) }
    return ScriptStepFailure(
      kind: .guardError, message: message + " (while retrying the pending link; the line's change was made)",
      changeMade: true)
  }

  /// What a failed line says: a rule's error with its place; a rejection with the guard's name
  /// (`rejected by guard 'auth': login required`), and when the guard asks, that `confirm`
  /// re-sends it; an invalid command a rule made with the rule's place and name; otherwise the
  /// reason alone (`already at root`).
  public static func message(for failure: BatchFailure) -> String {
    switch failure.reason {
    case let .rejected(name, reason):
      return "rejected by \(BatchFailure.guardLabel(name)): \(reason)" + (failure.asks ? askSuffix : "")
    case .invalidCommand where failure.location != nil:
      return failure.description
    default:
      return failure.message
    }
  }

  /// What the failed line of a step says as `flowscript send` prints it (control characters
  /// escaped): ``message`` — or, when no guard failed and no deep link matches the URL `action`
  /// opens because one of its path parameters is empty (`firstFailure`, the first batch the step
  /// discarded, says no link matched), ``emptyParameterMessage(url:parameter:pattern:)``.
  public func lineMessage(
    action: TabCoordinatorAction<DynamicScreen, DynamicAction>, firstFailure: BatchFailure?,
    deepLinks: DeepLinks<DynamicScreen>
  ) -> String {
    var message = message
    // A guard's error is the only kind a failed guard gives, and no batch's kind.
    if kind != .guardError, case let .openURL(url) = action, case .noDeepLinkMatch? = firstFailure?.reason,
      let empty = deepLinks.emptyParameter(in: url)
    {
      message = Self.emptyParameterMessage(url: url, parameter: empty.parameter, pattern: empty.pattern)
    }
    return message.escapingControlCharacters(keepingLineBreaks: false)
  }

  /// What a `url` line says when no deep link matches `url` because its path parameter
  /// `:parameter` of `pattern` is empty.
  public static func emptyParameterMessage(url: String, parameter: String, pattern: String) -> String {
    "no deep link matches '\(url)': :\(parameter) is empty (\(pattern) needs a value for it)"
  }

  /// What a question's failure line ends with: the guard asks, so the user may go ahead.
  public static let askSuffix = " (the guard asks: confirm re-sends the change)"

  /// The note for a blocking guard's rejection `message` whose reason reads as a question (ends
  /// in `?`): nobody can confirm a block, so the question is never put to the user. `nil` when the
  /// reason does not read as one.
  public static func blockedQuestion(_ message: String) -> String? {
    guard message.trimmingCharacters(in: .whitespaces).hasSuffix("?") else { return nil }
    return message + " — this reads as a question, but the guard blocks and no user can confirm it; "
      + "return false, reason, { ask = true } if the user may go ahead"
  }
}
