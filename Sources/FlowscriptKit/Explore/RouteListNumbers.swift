/// The numbers ``StateNumbering`` gives lists of route numbers (a tab's routes): each distinct
/// list gets the next number, from 1, the first time it is looked up, and keeps it.
///
/// Looked up from a buffer the caller fills and reuses, in a table of its own (open addressing):
/// finding a known list allocates nothing and mixes a few integers — a `[[Int]: Int]` needed an
/// array made for each look-up (freed again when the list was known), hashed by `Hasher`.
struct RouteListNumbers {
  /// Each list by its number (0 stands for none: the empty list, never looked up).
  private(set) var lists: [[Int]] = [[]]
  /// Each list's hash, by its number.
  private var hashes: [UInt64] = [0]
  /// List numbers where their hashes lead (0: an empty slot); a power of two long, never more
  /// than half full.
  private var slots: [Int32] = Array(repeating: 0, count: 1 << 10)

  /// The number of `list`, given the next one if it has none.
  mutating func number(of list: UnsafeBufferPointer<Int>) -> Int {
    let hash = Self.hash(of: list)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let number = Int(slots[slot])
      if hashes[number] == hash, lists[number].elementsEqual(list) { return number }
      slot = (slot + 1) & mask
    }
    let number = lists.count
    lists.append(Array(list))
    hashes.append(hash)
    slots[slot] = Int32(truncatingIfNeeded: number)
    if lists.count * 2 > slots.count { grow() }
    return number
  }

  /// Twice the slots, every list placed again.
  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for number in 1..<lists.count {
      var slot = Int(truncatingIfNeeded: hashes[number]) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: number)
    }
  }

  /// A hash of the numbers in `list` and of its length, each mixed in turn (SplitMix64's finaliser).
  private static func hash(of list: UnsafeBufferPointer<Int>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: list.count &+ 1)
    for number in list {
      hash = SplitMix64.mix(hash &+ UInt64(bitPattern: Int64(number)) &* 0xBF58_476D_1CE4_E5B9)
    }
    return hash
  }
}
