import Foundation

/// Encodes `Encodable` values straight into a ``FlowValue`` — no JSON in between. Matches
/// `JSONEncoder`'s defaults where a type's own `Codable` differs from its JSON form: `URL` as a
/// string, `Data` as base64, `Decimal` as a number. A value that encodes nothing is `.object([:])`.
package struct FlowValueEncoder {
  /// `value` as a ``FlowValue``.
  package static func encode<T: Encodable>(_ value: T) throws -> FlowValue {
    let node = FlowNode()
    try FlowValueEncoding(node: node, codingPath: []).encodeValue(value)
    return node.value
  }
}

/// A value under construction; containers hold nodes so nested containers can fill them later.
private final class FlowNode {
  enum Content {
    case empty
    case value(FlowValue)
    case object([String: FlowNode])
    case array([FlowNode])
  }

  var content: Content = .empty

  var value: FlowValue {
    switch content {
    case .empty: return .object([:])
    case let .value(value): return value
    case let .object(members): return .object(members.mapValues(\.value))
    case let .array(elements): return .array(elements.map(\.value))
    }
  }

  /// This node as an object, keeping members already set.
  func makeObject() {
    if case .object = content { return }
    content = .object([:])
  }

  /// This node as an array, keeping elements already appended.
  func makeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// The member `key`'s node, created (as an object member) if needed.
  func member(_ key: String) -> FlowNode {
    makeObject()
    guard case var .object(members) = content else { return FlowNode() }
    if let existing = members[key] { return existing }
    let node = FlowNode()
    members[key] = node
    content = .object(members)
    return node
  }

  /// A new last element's node.
  func appended() -> FlowNode {
    makeArray()
    guard case var .array(elements) = content else { return FlowNode() }
    let node = FlowNode()
    elements.append(node)
    content = .array(elements)
    return node
  }

  var count: Int {
    if case let .array(elements) = content { return elements.count }
    return 0
  }
}

private struct FlowValueEncoding: Encoder, SingleValueEncodingContainer {
  let node: FlowNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedFlowEncoding<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedFlowEncoding(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  func encodeNil() { node.content = .value(.null) }
  func encode(_ value: Bool) { node.content = .value(.bool(value)) }
  func encode(_ value: String) { node.content = .value(.string(value)) }
  func encode(_ value: Double) { node.content = .value(.double(value)) }
  func encode(_ value: Float) { node.content = .value(.double(Double(value))) }
  func encode(_ value: Int) { node.content = .value(.int(value)) }
  func encode(_ value: Int8) { node.content = .value(.int(Int(value))) }
  func encode(_ value: Int16) { node.content = .value(.int(Int(value))) }
  func encode(_ value: Int32) { node.content = .value(.int(Int(value))) }
  func encode(_ value: Int64) { node.content = .value(.int(Int(value))) }
  func encode(_ value: UInt) throws { try encodeUnsigned(value) }
  func encode(_ value: UInt8) { node.content = .value(.int(Int(value))) }
  func encode(_ value: UInt16) { node.content = .value(.int(Int(value))) }
  func encode(_ value: UInt32) { node.content = .value(.int(Int(value))) }
  func encode(_ value: UInt64) throws { try encodeUnsigned(value) }
  func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

  private func encodeUnsigned<T: FixedWidthInteger>(_ value: T) throws {
    guard let int = Int(exactly: value) else {
      throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) does not fit Int"))
    }
    node.content = .value(.int(int))
  }

  /// `value`, with the types JSON writes differently from their own `Codable` written as JSON does.
  func encodeValue<T: Encodable>(_ value: T) throws {
    switch value {
    case let url as URL: node.content = .value(.string(url.absoluteString))
    case let data as Data: node.content = .value(.string(data.base64EncodedString()))
    case let decimal as Decimal: node.content = .value(.double(NSDecimalNumber(decimal: decimal).doubleValue))
    default: try value.encode(to: self)
    }
  }
}

private struct KeyedFlowEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: FlowNode
  let codingPath: [any CodingKey]

  func encodeNil(forKey key: Key) { node.member(key.stringValue).content = .value(.null) }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try FlowValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key]).encodeValue(value)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
    FlowValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    FlowValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superEncoder() -> any Encoder {
    FlowValueEncoding(node: node.member("super"), codingPath: codingPath + [FlowCodingKey("super")])
  }

  func superEncoder(forKey key: Key) -> any Encoder {
    FlowValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedFlowEncoding: UnkeyedEncodingContainer {
  let node: FlowNode
  let codingPath: [any CodingKey]

  var count: Int { node.count }

  private func next() -> FlowValueEncoding {
    let index = node.count
    return FlowValueEncoding(node: node.appended(), codingPath: codingPath + [FlowCodingKey(index: index)])
  }

  mutating func encodeNil() { next().encodeNil() }
  mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    next().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }

  mutating func superEncoder() -> any Encoder { next() }
}
