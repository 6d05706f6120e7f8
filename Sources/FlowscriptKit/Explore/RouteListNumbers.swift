/// The numbers ``StateNumbering`` gives lists of route numbers (a tab's routes): each distinct
/// list gets the next number, from 1, the first time it is looked up, and keeps it.
///
/// Looked up from a buffer the caller fills and reuses, in a table of its own (``NumberSlots``):
/// finding a known list allocates nothing and mixes a few integers — a `[[Int]: Int]` needed an
/// array made for each look-up (freed again when the list was known), hashed by `Hasher`.
struct RouteListNumbers {
  /// Each list by its number (0 stands for none: the empty list, never looked up).
  private(set) var lists: [[Int]] = [[]]
  private var slots = NumberSlots()

  /// The number of `list`, given the next one if it has none.
  mutating func number(of list: UnsafeBufferPointer<Int>) -> Int {
    let hash = Self.hash(of: list)
    let found = slots.find(hash) { lists[$0].elementsEqual(list) }
    if let number = found.number { return number }
    lists.append(Array(list))
    return slots.insert(hash, at: found.slot)
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
