/// What a tab-bar item's badge shows: a count (`.badge(3)` in SwiftUI) or a short text
/// (`.badge("new")`). Rules set it (`nav:badge("orders", 3)`); `nil` clears it.
public enum TabBadge: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A number, e.g. unread orders.
  case count(Int)
  /// A short text, e.g. `new`.
  case text(String)

  /// `3` or `"new"`, as flowscript and the JSON state write it.
  public var description: String {
    switch self {
    case let .count(count): return String(count)
    case let .text(text): return "\"\(text)\""
    }
  }

  /// Decodes a JSON number or string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let count = try? container.decode(Int.self) {
      self = .count(count)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  /// Encodes a JSON number or string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case let .count(count): try container.encode(count)
    case let .text(text): try container.encode(text)
    }
  }
}
