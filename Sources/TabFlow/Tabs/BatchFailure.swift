/// Why a batch was discarded. The state is exactly as it was before the batch.
public struct BatchFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// The command at `index` (0-based) was invalid.
    case invalidCommand(index: Int, command: String, error: NavigationError)
    /// A guard rejected the change.
    case rejected(guard: String, reason: String)
    /// No deep-link pattern matched the URL.
    case noDeepLinkMatch(url: String, patterns: [String])
    /// The rules failed before producing a batch (a script error, a budget exceeded …).
    case ruleFailed(message: String)
  }

  /// Where the batch came from.
  public let source: BatchSource
  /// What went wrong.
  public let reason: Reason

  /// A failure from a source for a reason.
  public init(source: BatchSource, reason: Reason) {
    self.source = source
    self.reason = reason
  }

  /// The reason alone, e.g. `login required` or `cannot push 'x': …`.
  public var message: String {
    switch reason {
    case let .invalidCommand(_, _, error): return error.description
    case let .rejected(_, reason): return reason
    case let .noDeepLinkMatch(url, patterns):
      return "no deep link matches '\(url)'"
        + (patterns.isEmpty ? " (no patterns are declared)" : " (patterns: \(patterns.joined(separator: ", ")))")
    case let .ruleFailed(message): return message
    }
  }

  /// The source, where in the batch, and the reason.
  public var description: String {
    switch reason {
    case let .invalidCommand(index, command, error):
      return "\(source): command \(index + 1) (\(command)) failed: \(error)"
    case let .rejected(name, reason):
      return "\(source): guard '\(name)' rejected the change: \(reason)"
    case .noDeepLinkMatch, .ruleFailed:
      return "\(source): \(message)"
    }
  }
}
