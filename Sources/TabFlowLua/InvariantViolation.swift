/// A script's invariant (`invariant("orders need login", function(s) … end)`) that does not hold
/// in a state: it returned false or nil, or raised an error.
public struct InvariantViolation: Hashable, Sendable, CustomStringConvertible {
  /// The invariant's name.
  public let name: String
  /// Why it does not hold: the reason it returned, or its error's message.
  public let reason: String
  /// Whether it raised an error rather than answering.
  public let isError: Bool
  /// Where it is declared (`shop.lua:12`), when known.
  public let location: String?

  @usableFromInline
  package init(name: String, reason: String, isError: Bool, location: String?) {
    self.name = name
    self.reason = reason
    self.isError = isError
    self.location = location
  }

  /// `invariant 'orders need login' (shop.lua:12) does not hold: …`.
  public var description: String {
    "invariant '\(name)'" + (location.map { " (\($0))" } ?? "")
      + (isError ? " failed: " : " does not hold: ") + reason
  }
}
