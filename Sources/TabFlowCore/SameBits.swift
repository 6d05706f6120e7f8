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
