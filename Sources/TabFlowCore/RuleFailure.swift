/// Why rules — or a deep-link handler — failed to produce a batch: the message, and for scripted
/// rules the Lua traceback. Carried by ``BatchFailure/Reason/ruleFailed(_:)``.
///
/// Two failures are equal when their messages are: the traceback is detail for a person reading
/// the log, so a test asserts the message (`RuleFailure("shop.lua:4: feed.crash: …")`) and reads
/// the traceback only when it cares.
///
/// ```swift
/// if case let .delegate(.failed(failure)) = action, case let .ruleFailed(rule) = failure.reason {
///   log(rule.message, details: rule.traceback)
/// }
/// ```
public struct RuleFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line a person can act on: for scripts, where (`shop.lua:12:`), which rule, and why.
  public var message: String
  /// The Lua traceback of a script error, when there is one.
  public var traceback: String?
  /// Whether it is a deep link's handler (or a screen link) refusing its URL
  /// (``DeepLinkHandlerError``: `item.id must be an integer`) — the input was wrong, not the rules.
  public var refusesInput = false

  /// A failure with a message and, optionally, a traceback.
  public init(_ message: String, traceback: String? = nil) {
    self.message = message
    self.traceback = traceback
  }

  /// The failure an error thrown by rules or a deep-link handler stands for: its own
  /// ``RuleFailureConvertible/ruleFailure`` when it has one (script errors do), else its description.
  public init(_ error: any Error) {
    if let failure = error as? RuleFailure {
      self = failure
    } else if let convertible = error as? any RuleFailureConvertible {
      self = convertible.ruleFailure
    } else {
      self.init("\(error)")
      refusesInput = error is DeepLinkHandlerError
    }
  }

  /// The message.
  public var description: String { message }

  /// Whether the messages are equal (the tracebacks are not compared).
  public static func == (lhs: RuleFailure, rhs: RuleFailure) -> Bool { lhs.message == rhs.message }

  /// Hashes the message.
  public func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// An error that knows the ``RuleFailure`` it stands for (a script error keeps its traceback).
public protocol RuleFailureConvertible: Error {
  /// The failure to report.
  var ruleFailure: RuleFailure { get }
}
