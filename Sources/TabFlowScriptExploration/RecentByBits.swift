import TabFlowNavigation

/// Values remembered by the bits of their keys, one key a slot, the slot a hash of the key's bits
/// picks: a look-up hashes the key's bits — a few words, not what they refer to — and compares
/// them with the bits of the one key its slot holds. Two keys with the same bits are the same
/// value (a string's bytes or storage, a dictionary's storage: the kept key keeps it alive, so
/// its storage is not reused), so a value found is the one remembered for an equal key. Two equal
/// keys with different bits (the same text in storage of its own) are not found: a miss says
/// nothing, and the caller asks its own, slower table.
///
/// For `check`'s analyses, told every state reached: most states show a screen, a name or a
/// context a state met before holds in the very same storage.
final class RecentByBits<Key, Value> {
  // Read and written one call at a time, on the engine's thread: no run-time exclusivity checks.
  /// The key of each slot (keeping what its bits refer to alive), `nil` for an empty slot.
  @exclusivity(unchecked) private var keys: [Key?]
  @exclusivity(unchecked) private var values: [Value?]
  /// The bits of each slot's key, `MemoryLayout<Key>.size` bytes a slot.
  private let bits: UnsafeMutableRawBufferPointer
  private let slotMask: Int

  /// An empty table of `2^slotBits` slots.
  init(slotBits: Int) {
    let count = 1 << slotBits
    keys = Array(repeating: nil, count: count)
    values = Array(repeating: nil, count: count)
    slotMask = count - 1
    bits = .allocate(byteCount: max(1, count * MemoryLayout<Key>.size), alignment: MemoryLayout<UInt64>.alignment)
    bits.initializeMemory(as: UInt8.self, repeating: 0)
  }

  deinit {
    bits.deallocate()
  }

  /// The value remembered for a key with the bits of `key`; `nil` when its slot holds another.
  @inline(__always)
  func value(for key: Key) -> Value? {
    let size = MemoryLayout<Key>.size
    let slot = withUnsafeBytes(of: key) { wanted -> Int? in
      guard let wanted = wanted.baseAddress, let kept = bits.baseAddress else { return nil }
      let slot = Self.slot(of: wanted, size: size, mask: slotMask)
      return sameBits(kept + slot * size, wanted, size: size) ? slot : nil
    }
    guard let slot else { return nil }
    return values[slot]
  }

  /// Remembers `value` for `key`, in place of what its slot held.
  func remember(_ value: Value, for key: Key) {
    let size = MemoryLayout<Key>.size
    withUnsafeBytes(of: key) { given in
      guard let given = given.baseAddress, let kept = bits.baseAddress else { return }
      let slot = Self.slot(of: given, size: size, mask: slotMask)
      keys[slot] = key
      values[slot] = value
      (kept + slot * size).copyMemory(from: given, byteCount: size)
    }
  }

  @inline(__always)
  private static func slot(of bits: UnsafeRawPointer, size: Int, mask: Int) -> Int {
    Int(truncatingIfNeeded: bitsHash(bits, size: size)) & mask
  }
}
