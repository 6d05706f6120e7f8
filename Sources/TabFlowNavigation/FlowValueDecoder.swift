import Foundation

/// Decodes `Decodable` values straight from a ``FlowValue`` — no JSON in between — so a typed
/// screen's payload decodes at the cost of walking it once. Errors are `DecodingError`s with the
/// coding path of the field (`options.gift`, `items[1]`), including a fraction or an out-of-range
/// number where an integer is expected.
///
/// Matches `JSONDecoder`'s defaults where a type's own `Codable` differs from its JSON form:
/// `URL` from a string, `Data` from base64, `Decimal` from a number.
package struct FlowValueDecoder {
  /// `T` decoded from `value`.
  package static func decode<T: Decodable>(_ type: T.Type, from value: FlowValue) throws -> T {
    try FlowValueDecoding(value, codingPath: []).decodeValue(T.self)
  }
}

/// One value being decoded, with where it is.
private struct FlowValueDecoding: Decoder, SingleValueDecodingContainer {
  let value: FlowValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ value: FlowValue, codingPath: [any CodingKey]) {
    self.value = value
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case let .object(members) = value else { throw mismatch([String: FlowValue].self) }
    return KeyedDecodingContainer(KeyedFlowContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case let .array(elements) = value else { throw mismatch([FlowValue].self) }
    return UnkeyedFlowContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  // MARK: Single value

  func decodeNil() -> Bool { value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case let .bool(bool) = value else { throw mismatch(type) }
    return bool
  }

  func decode(_ type: String.Type) throws -> String {
    guard case let .string(string) = value else { throw mismatch(type) }
    return string
  }

  func decode(_ type: Double.Type) throws -> Double {
    switch value {
    case let .double(double): return double
    case let .int(int): return Double(int)
    default: throw mismatch(type)
    }
  }

  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

  /// `T`, with the types JSON writes differently from their own `Codable` handled as JSON does.
  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == URL.self {
      guard let url = URL(string: try decode(String.self)) else { throw corrupted("expected a URL") }
      return try cast(url)
    }
    if T.self == Data.self {
      guard let data = Data(base64Encoded: try decode(String.self)) else { throw corrupted("expected base64 data") }
      return try cast(data)
    }
    if T.self == Decimal.self {
      return try cast(Decimal(try decode(Double.self)))
    }
    return try T(from: self)
  }

  private func cast<T>(_ value: Any) throws -> T {
    guard let typed = value as? T else { throw corrupted("cannot represent \(T.self)") }
    return typed
  }

  /// An integer: from an integer, or from a number with no fraction that fits.
  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    switch value {
    case let .int(int):
      guard let exact = T(exactly: int) else { throw corrupted("\(int) does not fit \(T.self)") }
      return exact
    case let .double(double):
      guard let exact = T(exactly: double) else { throw corrupted("expected an integer, found \(double)") }
      return exact
    case .null:
      throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "found null"))
    default:
      throw mismatch(type)
    }
  }

  private func mismatch(_ type: Any.Type) -> DecodingError {
    if value == .null {
      return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "found null"))
    }
    return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "found \(value.kindName)"))
  }

  private func corrupted(_ description: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }
}

private struct KeyedFlowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: FlowValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.keys.sorted().compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoding(key).decodeValue(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
    try decoding(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoding(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    FlowValueDecoding(members["super"] ?? .null, codingPath: codingPath + [FlowCodingKey("super")])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try decoding(key) }

  private func decoding(_ key: Key) throws -> FlowValueDecoding {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
    }
    return FlowValueDecoding(value, codingPath: codingPath + [key])
  }
}

private struct UnkeyedFlowContainer: UnkeyedDecodingContainer {
  let elements: [FlowValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [FlowValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try next(type).decodeValue(type)
    currentIndex += 1
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    let container = try next(type).container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try next([FlowValue].self).unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let decoder = try next(FlowValue.self)
    currentIndex += 1
    return decoder
  }

  private func next(_ type: Any.Type) throws -> FlowValueDecoding {
    let path = codingPath + [FlowCodingKey(index: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "the array ends"))
    }
    return FlowValueDecoding(elements[currentIndex], codingPath: path)
  }
}

/// A coding key for positions in arrays and for `super`.
struct FlowCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  init(index: Int) {
    stringValue = String(index)
    intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { self.init(index: intValue) }
}
