/// The identifier of a tab, e.g. `"home"`.
public struct TabID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The tab's name.
  public let rawValue: String

  /// A tab identifier with the given name.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// A tab identifier written as a string literal.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// Decodes a plain string.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes a plain string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Orders tabs by name.
  public static func < (lhs: TabID, rhs: TabID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The tab's name.
  public var description: String { rawValue }
}
