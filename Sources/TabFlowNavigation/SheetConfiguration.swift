/// How a sheet is sized and whether it shows a drag indicator.
///
/// ```swift
/// routes.presentSheet(.filters, configuration: .halfAndFull)
/// routes.presentSheet(.picker, configuration: SheetConfiguration(detents: [.fraction(0.3)]))
/// ```
public struct SheetConfiguration: Hashable, Sendable, CustomStringConvertible {
  /// A height the sheet can rest at.
  public enum Detent: Hashable, Sendable, CustomStringConvertible {
    /// About half the screen.
    case medium
    /// The full height.
    case large
    /// A fraction of the screen height, in `0...1`.
    case fraction(Double)
    /// A fixed height in points.
    case height(Double)

    /// The detent as written in scripts and JSON: `medium`, `large`, `fraction:0.3`, `height:240`.
    public var description: String {
      switch self {
      case .medium: return "medium"
      case .large: return "large"
      case let .fraction(value): return "fraction:\(Self.format(value))"
      case let .height(value): return "height:\(Self.format(value))"
      }
    }

    /// Parses the written form (see ``description``); `nil` when the text is not a detent.
    public init?(_ text: String) {
      switch text {
      case "medium": self = .medium
      case "large": self = .large
      default:
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value > 0 else { return nil }
        switch parts[0] {
        case "fraction" where value <= 1: self = .fraction(value)
        case "height": self = .height(value)
        default: return nil
        }
      }
    }

    /// Whether a sheet can rest at this detent.
    var isShowable: Bool {
      switch self {
      case .medium, .large: return true
      case let .fraction(value): return value.isFinite && value > 0 && value <= 1
      case let .height(value): return value.isFinite && value > 0
      }
    }

    private static func format(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
  }

  /// The heights the sheet can rest at, in the order given, without duplicates. Never empty.
  public let detents: [Detent]
  /// Whether the sheet shows a grabber the user can drag.
  public var showDragIndicator: Bool

  /// A configuration with the given detents. Duplicates are dropped, and so are detents no sheet
  /// can rest at (a fraction outside `0 < f ≤ 1`, a height that is not positive and finite), so
  /// every configuration encodes to text that decodes back; `[.large]` when none is left.
  public init(detents: [Detent] = [.large], showDragIndicator: Bool = true) {
    var unique: [Detent] = []
    for detent in detents where detent.isShowable && !unique.contains(detent) { unique.append(detent) }
    self.detents = unique.isEmpty ? [.large] : unique
    self.showDragIndicator = showDragIndicator
  }

  /// Full height with a drag indicator.
  public static let `default` = SheetConfiguration(detents: [.large])
  /// Half height with a drag indicator.
  public static let half = SheetConfiguration(detents: [.medium])
  /// Resting at half height, expandable to full height.
  public static let halfAndFull = SheetConfiguration(detents: [.medium, .large])

  /// A short form for messages, e.g. `detents: medium, large`.
  public var description: String {
    "detents: " + detents.map(\.description).joined(separator: ", ")
      + (showDragIndicator ? "" : ", no drag indicator")
  }
}

extension SheetConfiguration.Detent: Codable {
  /// Decodes the written form (`"medium"`, `"fraction:0.3"` …).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let detent = Self(text) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "unknown sheet detent '\(text)' (expected medium, large, fraction:<0…1> or height:<points>)"
      )
    }
    self = detent
  }

  /// Encodes the written form (`"medium"`, `"fraction:0.3"` …).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension SheetConfiguration: Codable {
  private enum CodingKeys: String, CodingKey {
    case detents, showDragIndicator
  }

  /// Decodes `{"detents": [...], "showDragIndicator": Bool}`; both keys are optional.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      detents: try container.decodeIfPresent([Detent].self, forKey: .detents) ?? [.large],
      showDragIndicator: try container.decodeIfPresent(Bool.self, forKey: .showDragIndicator) ?? true
    )
  }

  /// Encodes both keys.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(detents, forKey: .detents)
    try container.encode(showDragIndicator, forKey: .showDragIndicator)
  }
}
