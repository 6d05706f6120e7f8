/// Whether the `size` bytes at `lhs` and `rhs` are the same, compared word by word: for two
/// values of one type of that size, whether they are the same value when the type's bits are all
/// a copy of it holds (a string's bytes or the storage it refers to, which the kept one keeps
/// alive; an enum's case and payload). Two values with different bits may still be equal:
/// `false` says nothing.
@inlinable @inline(__always)
package func sameBits(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, size: Int) -> Bool {
  var offset = 0
  while offset + 8 <= size {
    guard lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    else { return false }
    offset += 8
  }
  while offset < size {
    guard lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self) else {
      return false
    }
    offset += 1
  }
  return true
}

/// SplitMix64's finalizer: every bit of `value` moves every bit of the result. What
/// ``bitsHash(_:size:)`` mixes each word with.
@inlinable @inline(__always)
package func mixBits(_ value: UInt64) -> UInt64 {
  var x = value
  x ^= x >> 30
  x = x &* 0xBF58_476D_1CE4_E5B9
  x ^= x >> 27
  x = x &* 0x94D0_49BB_1331_11EB
  return x ^ (x >> 31)
}

/// A hash of the `size` bytes at `bits`, word by word (``mixBits(_:)`` after each): picks a slot
/// for a value by its bits, where ``sameBits(_:_:size:)`` then compares them with the slot's
/// value.
@inlinable @inline(__always)
package func bitsHash(_ bits: UnsafeRawPointer, size: Int) -> UInt64 {
  var hash: UInt64 = 0
  var offset = 0
  while offset + 8 <= size {
    hash = mixBits(hash ^ bits.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    offset += 8
  }
  while offset < size {
    hash = mixBits(hash ^ UInt64(bits.load(fromByteOffset: offset, as: UInt8.self)))
    offset += 1
  }
  return hash
}
