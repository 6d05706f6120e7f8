import Foundation
import TabFlowNavigation

/// The values ``StateNumbering`` numbered lately, each kept with its number where its bits lead
/// (one value a slot, the last one numbered there): a value with the same leading bits as one
/// kept is found without hashing or comparing its contents. Sound because the values are kept:
/// while a value is held, no other can take its storage, and storage a copy shares is never
/// changed in place — so a string, a dictionary or a screen with the bits of one kept holds the
/// same contents.
struct RecentBits<Value> {
  private var values: [Value]
  /// Each slot's number (0: none yet).
  private var numbers: [Int]
  /// How many of a value's first bytes are its bits here (a route's screen: the route's other
  /// bytes are compared by the caller).
  private let bytes: Int

  private static var slotBits: Int { 10 }

  /// An empty table for values whose first `bytes` bytes are compared (at most a value's size);
  /// `standIn` fills the empty slots.
  init(standIn: Value, bytes: Int = MemoryLayout<Value>.size) {
    values = Array(repeating: standIn, count: 1 << Self.slotBits)
    numbers = Array(repeating: 0, count: 1 << Self.slotBits)
    self.bytes = min(bytes, MemoryLayout<Value>.size)
  }

  /// The slot of the value at `value`: the hash of its compared bytes (``/TabFlowNavigation/bitsHash(_:size:)``,
  /// the analyses' tables' own; a slot is only a guess: the bits are compared).
  func slot(of value: UnsafePointer<Value>) -> Int {
    Int(truncatingIfNeeded: bitsHash(UnsafeRawPointer(value), size: bytes)) & ((1 << Self.slotBits) - 1)
  }

  /// The number kept at `slot` when the value there has the bits of the value at `value` and
  /// `isSameBeyond` says the rest of the two (read in place) is the same too.
  func number(
    at slot: Int, of value: UnsafePointer<Value>,
    sameBeyond isSameBeyond: (UnsafePointer<Value>, UnsafePointer<Value>) -> Bool = { _, _ in true }
  ) -> Int? {
    guard numbers[slot] != 0 else { return nil }
    return values.withUnsafeBufferPointer { values in
      guard let kept = values.baseAddress.map({ $0 + slot }), sameBits(kept, value, size: bytes), isSameBeyond(value, kept)
      else { return nil }
      return numbers[slot]
    }
  }

  /// Keeps `value` and its `number` at `slot` (in place of the value there).
  mutating func keep(_ value: Value, number: Int, at slot: Int) {
    values[slot] = value
    numbers[slot] = number
  }
}
