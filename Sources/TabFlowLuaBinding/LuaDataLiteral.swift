import TabFlowNavigation

/// Parses a Lua table constructor as **data only** — `{id = 3, tags = {"a", "b"}, ["x y"] = true}` —
/// without running Lua. Calls, globals, operators (other than a leading minus on numbers) and
/// anything else executable are refused with the column where they appear.
///
/// ```swift
/// let payload = try LuaDataLiteral.parse("{id = 3, name = 'x'}")   // .object(["id": 3, "name": "x"])
/// try LuaDataLiteral.parse("{id = os.exit()}")                      // error: not data
/// ```
package enum LuaDataLiteral {
  /// The deepest nesting accepted.
  package static let maximumDepth = 32
  /// The longest literal accepted, in bytes.
  package static let maximumLength = 1 << 20

  /// Parses one value (usually a table) filling the whole text.
  package static func parse(_ text: String) throws(LuaDataLiteralError) -> FlowValue {
    guard text.utf8.count <= maximumLength else {
      throw LuaDataLiteralError(column: 1, message: "the payload is longer than \(maximumLength) bytes")
    }
    var parser = Parser(bytes: Array(text.utf8))
    try parser.skipSpace()
    let value = try parser.value(depth: 0)
    try parser.skipSpace()
    guard parser.atEnd else { throw parser.error("unexpected text after the value") }
    return value
  }
}

/// Why a payload is not a data-only Lua literal.
package struct LuaDataLiteralError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The 1-based column of the problem.
  package let column: Int
  /// What is wrong.
  package let message: String

  /// `payload column 5: …`.
  package var description: String { "payload column \(column): \(message)" }
}

private struct Parser {
  let bytes: [UInt8]
  var position = 0

  var atEnd: Bool { position >= bytes.count }
  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  func error(_ message: String) -> LuaDataLiteralError {
    LuaDataLiteralError(column: position + 1, message: message)
  }

  mutating func skipSpace() throws(LuaDataLiteralError) {
    while let byte = current {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        position += 1
      } else if byte == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "-") {
        let start = position
        position += 2
        // `--[[ … ]]` (or `--[==[ … ]==]`) is a long comment that may end mid-line;
        // any other `--` runs to the end of the line.
        if current == UInt8(ascii: "[") {
          let comment: String?
          do { comment = try longString() } catch {
            throw LuaDataLiteralError(column: start + 1, message: "the long comment is not closed")
          }
          if comment != nil { continue }
        }
        while let next = current, next != 0x0A { position += 1 }
      } else {
        return
      }
    }
  }

  mutating func value(depth: Int) throws(LuaDataLiteralError) -> FlowValue {
    guard let byte = current else { throw error("expected a value, found the end") }
    switch byte {
    case UInt8(ascii: "{"):
      guard depth < LuaDataLiteral.maximumDepth else { throw error("tables nest deeper than \(LuaDataLiteral.maximumDepth)") }
      return try table(depth: depth + 1)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return .string(try quotedString())
    case UInt8(ascii: "["):
      guard let string = try longString() else { throw error("'[' starts no value here") }
      return .string(string)
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try number()
    default:
      if byte.isIdentifierStart {
        let start = position
        let word = identifier()
        switch word {
        case "nil": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
          position = start
          throw error("'\(word)' is not data: payloads may hold only nil, booleans, numbers, strings and tables")
        }
      }
      throw error("unexpected '\(Character(Unicode.Scalar(byte)))': payloads are data only")
    }
  }

  mutating func table(depth: Int) throws(LuaDataLiteralError) -> FlowValue {
    position += 1  // {
    var array: [FlowValue] = []
    var object: [String: FlowValue] = [:]
    // Lua numbers positional values 1, 2, … on their own: after `[1] = v`, a positional value would
    // overwrite position 1, so it is refused rather than silently appended.
    var positionalCount = 0
    while true {
      try skipSpace()
      guard let byte = current else { throw error("the table is not closed with '}'") }
      if byte == UInt8(ascii: "}") {
        position += 1
        break
      }
      let fieldStart = position
      if byte == UInt8(ascii: "["), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "["),
        bytes[position + 1] != UInt8(ascii: "=")
      {
        position += 1
        try skipSpace()
        let key = try value(depth: depth)
        try skipSpace()
        try expect("]")
        try skipSpace()
        try expect("=")
        try skipSpace()
        let fieldValue = try value(depth: depth)
        switch key {
        case let .string(name): object.setField(name, fieldValue)
        case let .int(index) where index == array.count + 1 && object.isEmpty: array.append(fieldValue)
        default:
          position = fieldStart
          throw error("only string keys, or positions in order, are allowed as [keys]")
        }
      } else if byte.isIdentifierStart {
        let name = identifier()
        try skipSpace()
        if current == UInt8(ascii: "=") {
          position += 1
          try skipSpace()
          let fieldValue = try value(depth: depth)
          object.setField(name, fieldValue)
        } else {
          position = fieldStart
          try appendPositional(to: &array, count: &positionalCount, depth: depth)
        }
      } else {
        try appendPositional(to: &array, count: &positionalCount, depth: depth)
      }
      if !array.isEmpty, !object.isEmpty {
        position = fieldStart
        throw error("a table cannot mix positional values and named fields")
      }
      try skipSpace()
      if current == UInt8(ascii: ",") || current == UInt8(ascii: ";") {
        position += 1
      } else if current != UInt8(ascii: "}") {
        throw error(current == UInt8(ascii: "(") ? "calls are not allowed in payloads" : "expected ',' or '}'")
      }
    }
    return array.isEmpty ? .object(object) : .array(array)
  }

  /// Appends the next positional value, the `count`-th one.
  mutating func appendPositional(
    to array: inout [FlowValue], count: inout Int, depth: Int
  ) throws(LuaDataLiteralError) {
    count += 1
    guard count > array.count else { throw error("position \(count) is set twice, by [\(count)] and by this value") }
    array.append(try value(depth: depth))
  }

  mutating func expect(_ character: Character) throws(LuaDataLiteralError) {
    guard let ascii = character.asciiValue, current == ascii else { throw error("expected '\(character)'") }
    position += 1
  }

  mutating func identifier() -> String {
    let start = position
    while let byte = current, byte.isIdentifierStart || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  mutating func number() throws(LuaDataLiteralError) -> FlowValue {
    let start = position
    var negative = false
    if current == UInt8(ascii: "-") {
      negative = true
      position += 1
      try skipSpace()
    }
    let digitsStart = position
    while let byte = current,
      byte.isIdentifierStart || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
        || ((byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"))
          && position > digitsStart && [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")]
            .contains(bytes[position - 1]))
    {
      position += 1
    }
    let text = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
    let lowered = text.lowercased()
    if lowered.hasPrefix("0x"), !lowered.contains("."), !lowered.contains("p"),
      let value = UInt64(lowered.dropFirst(2), radix: 16)
    {
      let bits = Int(truncatingIfNeeded: value)
      return .int(negative ? 0 &- bits : bits)
    }
    if let value = Int(text) { return .int(negative ? -value : value) }
    if !lowered.hasPrefix("0x"), !lowered.contains("inf"), !lowered.contains("nan"), let value = Double(text),
      value.isFinite
    {
      return .double(negative ? -value : value)
    }
    position = start
    throw error("'\(negative ? "-" : "")\(text)' is not a number")
  }

  mutating func quotedString() throws(LuaDataLiteralError) -> String {
    // Errors point at the opening quote, or at the backslash of a bad escape.
    let start = position
    let quote = bytes[position]
    position += 1
    var out: [UInt8] = []
    while let byte = current {
      position += 1
      if byte == quote { return String(decoding: out, as: UTF8.self) }
      if byte == 0x0A { break }
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        continue
      }
      let escapeStart = position - 1
      func escapeError(_ message: String) -> LuaDataLiteralError {
        LuaDataLiteralError(column: escapeStart + 1, message: message)
      }
      guard let escaped = current else { break }
      position += 1
      switch escaped {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "a"): out.append(0x07)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "v"): out.append(0x0B)
      case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0A: out.append(escaped)
      case UInt8(ascii: "x"):
        guard position + 2 <= bytes.count, let high = bytes[position].hexDigitValue,
          let low = bytes[position + 1].hexDigitValue
        else { throw escapeError("\\x needs two hexadecimal digits") }
        out.append(high << 4 | low)
        position += 2
      case UInt8(ascii: "u"):
        // \u{XXX}: a Unicode scalar in hexadecimal, written as UTF-8 (Lua 5.4).
        guard current == UInt8(ascii: "{") else { throw escapeError("\\u needs '{' (\\u{E9})") }
        position += 1
        var value: UInt32 = 0
        var digits = 0
        while let next = current, let digit = next.hexDigitValue {
          value = value &* 16 &+ UInt32(digit)
          digits += 1
          position += 1
          guard digits <= 8 else { throw escapeError("\\u{…} is too long") }
        }
        guard digits > 0, current == UInt8(ascii: "}") else { throw escapeError("\\u needs hexadecimal digits and '}'") }
        position += 1
        guard let scalar = Unicode.Scalar(value) else {
          throw escapeError("\\u{\(String(value, radix: 16, uppercase: true))} is not a Unicode scalar")
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
      case UInt8(ascii: "z"):
        // \z skips the whitespace that follows, line breaks included (Lua 5.4).
        while let next = current, next == 0x20 || (0x09...0x0D).contains(next) { position += 1 }
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        var value = Int(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
          value = value * 10 + Int(next - UInt8(ascii: "0"))
          position += 1
          digits += 1
        }
        guard value <= 255 else { throw escapeError("decimal escape too large") }
        out.append(UInt8(value))
      default:
        throw escapeError("unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
      }
    }
    throw LuaDataLiteralError(column: start + 1, message: "the string is not closed")
  }

  /// `[[…]]` or `[==[…]==]`; `nil` when `[` does not start a long string.
  mutating func longString() throws(LuaDataLiteralError) -> String? {
    var level = 0
    var scan = position + 1
    while scan < bytes.count, bytes[scan] == UInt8(ascii: "=") {
      level += 1
      scan += 1
    }
    guard scan < bytes.count, bytes[scan] == UInt8(ascii: "[") else { return nil }
    var start = scan + 1
    if start < bytes.count, bytes[start] == 0x0A { start += 1 }
    var index = start
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "]") {
        var equals = 0
        var probe = index + 1
        while probe < bytes.count, bytes[probe] == UInt8(ascii: "=") {
          equals += 1
          probe += 1
        }
        if equals == level, probe < bytes.count, bytes[probe] == UInt8(ascii: "]") {
          position = probe + 1
          return String(decoding: bytes[start..<index], as: UTF8.self)
        }
      }
      index += 1
    }
    throw error("the long string is not closed")
  }
}

extension UInt8 {
  /// `0…15` for an ASCII hexadecimal digit.
  fileprivate var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  fileprivate var isIdentifierStart: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
      || self == UInt8(ascii: "_")
  }
}

extension Dictionary where Key == String, Value == FlowValue {
  /// Sets a field the way a Lua table constructor does: `{id = nil}` sets nothing.
  fileprivate mutating func setField(_ name: String, _ value: FlowValue) {
    if value == .null { removeValue(forKey: name) } else { self[name] = value }
  }
}
