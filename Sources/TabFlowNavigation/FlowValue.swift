/// A JSON-like value: the payloads of events and the state of script-defined screens.
///
/// Objects keep no key order; everything that prints or encodes them sorts keys, so output is
/// deterministic.
///
/// Numbers compare as Lua numbers do: `.int(2) == .double(2.0)` (JSON does not keep them apart).
public enum FlowValue: Hashable, Sendable {
  /// No value (`nil` in Lua, `null` in JSON).
  case null
  /// A boolean.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// A string.
  case string(String)
  /// An ordered list.
  case array([FlowValue])
  /// String keys to values.
  case object([String: FlowValue])

  /// The empty object, `{}`.
  public static let emptyObject = FlowValue.object([:])

  /// The members of an object, or `nil` for any other value.
  public var objectValue: [String: FlowValue]? {
    if case let .object(members) = self { return members }
    return nil
  }

  /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
  public subscript(key: String) -> FlowValue? {
    objectValue?[key]
  }

  /// The name of the value's kind as a script author would say it: `nil`, `boolean`, `integer`,
  /// `number`, `string`, `array`, `table`.
  public var kindName: String {
    switch self {
    case .null: return "nil"
    case .bool: return "boolean"
    case .int: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "table"
    }
  }

  /// Whether every member of `expected` is present here with an equal value (recursively for
  /// objects); other values must be equal. Used by `expect top item {id=3}`.
  public func contains(_ expected: FlowValue) -> Bool {
    switch (self, expected) {
    case let (.object(actual), .object(wanted)):
      return wanted.allSatisfy { key, value in actual[key].map { $0.contains(value) } ?? false }
    default:
      return self == expected
    }
  }
}

extension FlowValue {
  /// Equal values; integers and numbers compare by value, as in Lua.
  public static func == (lhs: FlowValue, rhs: FlowValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.int(a), .int(b)): return a == b
    case let (.double(a), .double(b)): return a == b
    case let (.int(a), .double(b)), let (.double(b), .int(a)): return Self.integral(b) == a
    case let (.string(a), .string(b)): return a == b
    case let (.array(a), .array(b)): return a == b
    case let (.object(a), .object(b)): return a == b
    // Every case, and no `default:`: a new case fails to compile until it is compared above.
    case (.null, _), (.bool, _), (.int, _), (.double, _), (.string, _), (.array, _), (.object, _): return false
    }
  }

  /// Hashes consistently with `==`: a whole-number double hashes like the integer.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case let .bool(value): hasher.combine(1); hasher.combine(value)
    case let .int(value): hasher.combine(2); hasher.combine(value)
    case let .double(value):
      if let integer = Self.integral(value) {
        hasher.combine(2); hasher.combine(integer)
      } else {
        hasher.combine(3); hasher.combine(value)
      }
    case let .string(value): hasher.combine(4); hasher.combine(value)
    case let .array(value): hasher.combine(5); hasher.combine(value)
    case let .object(value): hasher.combine(6); hasher.combine(value)
    }
  }

  /// The integer a double is exactly equal to, if any.
  private static func integral(_ value: Double) -> Int? {
    guard value.isFinite, value == value.rounded(), abs(value) < 9.2e18 else { return nil }
    return Int(value)
  }
}

// Deliberately not ExpressibleByNilLiteral: with it, `cond ? nil : value` silently means
// `.null` where an optional was meant. Write `.null`.
extension FlowValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// A boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer literal.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// A floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array literal.
  public init(arrayLiteral elements: FlowValue...) { self = .array(elements) }
  /// A dictionary literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, FlowValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension FlowValue: Codable {
  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([FlowValue].self) {
      self = .array(value)
    } else if let value = try? container.decode([String: FlowValue].self) {
      self = .object(value)
    } else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
    }
  }

  /// Encodes the value as JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(value): try container.encode(value)
    case let .int(value): try container.encode(value)
    case let .double(value): try container.encode(value)
    case let .string(value): try container.encode(value)
    case let .array(value): try container.encode(value)
    case let .object(value): try container.encode(value)
    }
  }
}

extension FlowValue: CustomStringConvertible {
  /// A Lua-table-like rendering with sorted keys: `{id=3, name="x"}`, `{1, 2}`.
  public var description: String {
    switch self {
    case .null: return "nil"
    case let .bool(value): return value ? "true" : "false"
    case let .int(value): return String(value)
    case let .double(value): return String(value)
    case let .string(value): return "\"" + value.replacingEscapes() + "\""
    case let .array(values): return "{" + values.map(\.description).joined(separator: ", ") + "}"
    case let .object(members):
      let parts = members.keys.sorted().map { key in
        let name = key.isLuaIdentifier ? key : "[\"\(key.replacingEscapes())\"]"
        return "\(name)=\(members[key]?.description ?? "nil")"
      }
      return "{" + parts.joined(separator: ", ") + "}"
    }
  }
}

extension String {
  fileprivate func replacingEscapes() -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        // Three digits, so a digit after the escape is not read as part of it (`"\0012"`).
        if scalar.value < 0x20 {
          out += "\\" + String(repeating: "0", count: scalar.value < 10 ? 2 : 1) + String(scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// Whether the string is a valid Lua identifier (and not a keyword).
  package var isLuaIdentifier: Bool {
    guard let first = utf8.first, first == UInt8(ascii: "_") || first.isASCIILetter else { return false }
    return utf8.allSatisfy { $0 == UInt8(ascii: "_") || $0.isASCIILetter || (0x30...0x39).contains($0) }
      && !luaKeywords.contains(self)
  }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}

private let luaKeywords: Set<String> = [
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
]
