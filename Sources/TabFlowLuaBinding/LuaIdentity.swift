import TabFlowNavigation

/// Equality as a script sees it, for what a memo of answers is keyed by: two values are the
/// same only when no Lua code can tell them apart.
///
/// Swift's own `==` is wider on both sides of the bridge: `FlowValue` compares `1` and `1.0` (and
/// `0` and `-0.0`) equal, as Lua's `==` does — but `math.type`, `tostring` and `1 / x` tell them
/// apart — and `String` compares canonically equivalent spellings equal (a composed `é` and `e`
/// followed by a combining accent), where Lua compares bytes. A memo keyed by Swift's `==` would
/// answer a call with another call's answer.
package protocol LuaIdentifiable {
  /// Whether no script can tell `self` from `other`.
  func isLuaIdentical(to other: Self) -> Bool
  /// A 64-bit digest of what ``isLuaIdentical(to:)`` compares: equal for values a script cannot
  /// tell apart (values told apart may share one). Made of ``LuaDigest``'s mixing, not Swift's
  /// `Hasher`: a memo digests its texts on every look-up, where a hasher made and finalized per
  /// value costs several times more.
  var luaIdentityDigest: UInt64 { get }
}

extension LuaIdentifiable {
  /// Hashes the value's ``luaIdentityDigest``: one word for the hasher, however deep the value.
  package func hashLuaIdentity(into hasher: inout Hasher) {
    hasher.combine(luaIdentityDigest)
  }
}

/// A value hashed and compared by its ``LuaIdentifiable`` identity: a dictionary key.
package struct LuaIdentity<Value: LuaIdentifiable>: Hashable {
  package let value: Value

  package init(_ value: Value) { self.value = value }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.value.isLuaIdentical(to: rhs.value) }

  package func hash(into hasher: inout Hasher) { value.hashLuaIdentity(into: &hasher) }
}

/// Whether two values have the same representation — the same bits: for a string, an array or a
/// dictionary, the same storage (or the same small inline string). Such values are identical, and
/// a memo's values usually are (a view read again shares the remembered value's storage), so this
/// answers at once where comparing contents would read them all. Read as one or two machine words
/// (the layouts of `String`, `Array` and `Dictionary` on 64-bit platforms; elsewhere byte by byte).
@inline(__always)
func sameRepresentation<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  switch MemoryLayout<Value>.size {
  case 8: return unsafeBitCast(lhs, to: UInt64.self) == unsafeBitCast(rhs, to: UInt64.self)
  case 16:
    let left = unsafeBitCast(lhs, to: (UInt64, UInt64).self)
    let right = unsafeBitCast(rhs, to: (UInt64, UInt64).self)
    return left.0 == right.0 && left.1 == right.1
  default:
    return withUnsafeBytes(of: lhs) { left in withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) } }
  }
}

extension String: LuaIdentifiable {
  /// The same UTF-8 bytes.
  package func isLuaIdentical(to other: String) -> Bool {
    if sameRepresentation(self, other) { return true }
    let lhs = utf8
    let rhs = other.utf8
    guard lhs.count == rhs.count else { return false }
    let compared = lhs.withContiguousStorageIfAvailable { left in
      rhs.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
    }
    return (compared ?? nil) ?? lhs.elementsEqual(rhs)
  }

  /// FNV-1a over the UTF-8 bytes (``LuaDigest/string(_:)``): that of `FlowValue.string(self)`.
  package var luaIdentityDigest: UInt64 { LuaDigest.string(self) }
}

extension Optional: LuaIdentifiable where Wrapped: LuaIdentifiable {
  package func isLuaIdentical(to other: Wrapped?) -> Bool {
    switch (self, other) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return lhs.isLuaIdentical(to: rhs)
    default: return false
    }
  }

  package var luaIdentityDigest: UInt64 {
    switch self {
    case nil: return LuaDigest.mix(LuaDigest.seed &+ 0x70)
    case let value?: return LuaDigest.mix(value.luaIdentityDigest ^ 0x71)
    }
  }
}

// The optionals compared on every call and every step — a rule memo's texts, a view's tab and
// argument, a state key's pending link — compared by functions compiled for them here: the
// generic one above, called from another module, copies both values through their metadata.
extension Optional where Wrapped == String {
  /// ``LuaIdentifiable/isLuaIdentical(to:)``, for an optional string.
  package func isLuaIdentical(to other: String?) -> Bool {
    switch self {
    case .none: return other == nil
    case let .some(value):
      guard let other else { return false }
      return value.isLuaIdentical(to: other)
    }
  }
}

extension Optional where Wrapped == FlowValue {
  /// ``LuaIdentifiable/isLuaIdentical(to:)``, for an optional value.
  package func isLuaIdentical(to other: FlowValue?) -> Bool {
    switch self {
    case .none: return other == nil
    case let .some(value):
      guard let other else { return false }
      return value.isLuaIdentical(to: other)
    }
  }
}

extension FlowValue: LuaIdentifiable {
  /// The same kind and the same content: an integer is never a float, a float is compared by
  /// its bits (so `0.0` is not `-0.0`), strings and keys by their bytes.
  package func isLuaIdentical(to other: FlowValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.int(a), .int(b)): return a == b
    case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern
    case let (.string(a), .string(b)): return a.isLuaIdentical(to: b)
    case let (.array(a), .array(b)):
      if sameRepresentation(a, b) { return true }
      return a.count == b.count && zip(a, b).allSatisfy { $0.isLuaIdentical(to: $1) }
    case let (.object(a), .object(b)):
      if sameRepresentation(a, b) { return true }
      guard a.count == b.count else { return false }
      // A small table (a route's `screen`, `style` and `state`; a screen's few fields) is
      // searched key by key: its keys are short strings, compared in a word or two, where
      // finding a key by its hash hashes it first.
      if a.count <= Self.scannedFieldCount {
        for (key, value) in a {
          guard let match = b.first(where: { $0.key.isLuaIdentical(to: key) }), match.value.isLuaIdentical(to: value)
          else { return false }
        }
        return true
      }
      for (key, value) in a {
        // Swift finds the key by canonical equivalence: the key found must have the same bytes.
        guard let index = b.index(forKey: key), b[index].key.isLuaIdentical(to: key),
          b[index].value.isLuaIdentical(to: value)
        else { return false }
      }
      return true
    default: return false
    }
  }

  /// Up to this many fields, two tables are compared by searching each key in turn.
  static var scannedFieldCount: Int { 8 }

  /// A 64-bit digest of what ``isLuaIdentical(to:)`` compares — kind, integer, float bits, string
  /// bytes, elements in order, members in any order — equal for values a script cannot tell
  /// apart. Cheap where Swift's `Hasher` is not: a table's members are combined by adding a mix
  /// of each (no hasher made and finalized per member), strings by FNV-1a over their bytes. The
  /// views a memo or the checker hashes are often whole stacks, tables of tables. The digest
  /// starts from a per-process seed, as Swift's hashing does, so no value set collides in every
  /// run.
  package var luaIdentityDigest: UInt64 {
    switch self {
    case .null: return LuaDigest.mix(LuaDigest.seed)
    case let .bool(value): return LuaDigest.mix(LuaDigest.seed ^ (value ? 0x11 : 0x10))
    case let .int(value): return LuaDigest.mix(LuaDigest.seed &+ 0x20 ^ UInt64(bitPattern: Int64(value)))
    case let .double(value): return LuaDigest.mix(LuaDigest.mix(LuaDigest.seed &+ 0x30) ^ value.bitPattern)
    case let .string(value): return LuaDigest.string(value)
    case let .array(values):
      var digest = Self.arrayDigest(count: values.count)
      for value in values { digest = Self.arrayDigest(digest, adding: value.luaIdentityDigest) }
      return digest
    case let .object(members):
      var sum: UInt64 = 0
      for (key, value) in members {
        sum = sum &+ Self.memberDigest(key: LuaDigest.string(key), value: value.luaIdentityDigest)
      }
      return Self.objectDigest(count: members.count, members: sum)
    }
  }

  // The parts ``luaIdentityDigest`` is made of, for a digest made from what a value would hold
  // without making it (the memo's `nav.stack` key, `StackViewKey`): the same value, the same digest.

  /// The digest of an array of `count` elements before its first element.
  @inline(__always)
  package static func arrayDigest(count: Int) -> UInt64 { LuaDigest.mix(LuaDigest.seed &+ 0x50 ^ UInt64(count)) }

  /// An array's digest `digest` with its next element, whose digest is `element`.
  @inline(__always)
  package static func arrayDigest(_ digest: UInt64, adding element: UInt64) -> UInt64 { LuaDigest.mix(digest ^ element) }

  /// What one member of a table adds to the table's sum: its key's digest (``stringDigest(_:)``)
  /// and its value's.
  @inline(__always)
  package static func memberDigest(key: UInt64, value: UInt64) -> UInt64 {
    LuaDigest.mix(key &* 0x9E37_79B9_7F4A_7C15 ^ value)
  }

  /// The digest of a table of `count` members whose ``memberDigest(key:value:)`` add up to `members`.
  @inline(__always)
  package static func objectDigest(count: Int, members: UInt64) -> UInt64 {
    LuaDigest.mix(LuaDigest.seed &+ 0x60 ^ UInt64(count) ^ members)
  }

  /// The digest of a string (that of `.string(text)`).
  package static func stringDigest(_ text: String) -> UInt64 { LuaDigest.string(text) }
}

/// The mixing ``/TabFlowNavigation/FlowValue/luaIdentityDigest`` and every other
/// ``LuaIdentifiable/luaIdentityDigest`` are made of.
package enum LuaDigest {
  /// Chosen once per process from Swift's own random hashing seed.
  package static let seed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x7AB_F10E)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }()

  /// SplitMix64's finalizer (``/TabFlowNavigation/mixBits(_:)``): every input bit moves every
  /// output bit.
  @inline(__always)
  package static func mix(_ value: UInt64) -> UInt64 { mixBits(value) }

  /// FNV-1a over the string's UTF-8 bytes (what `isLuaIdentical` compares), from the seed.
  package static func string(_ text: String) -> UInt64 {
    var digest = seed ^ 0xCBF2_9CE4_8422_2325
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    if done == nil {
      for byte in text.utf8 { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    return mix(digest ^ 0x40)
  }
}
