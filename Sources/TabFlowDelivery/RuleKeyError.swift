/// Why a key file or key text could not be read: the reason names what was expected.
public struct RuleKeyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the key.
  public let reason: String

  init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}
