/// Where ``StateNumbering``'s tables find the numbers of their parts by a 64-bit hash (open
/// addressing): each number given keeps its part's hash; the table that owns it keeps the parts
/// themselves and tells, for a number whose hash is the one looked up, whether its part is the one
/// looked for. Finding a known part allocates nothing and hashes nothing with `Hasher`.
struct NumberSlots {
  /// Each number's hash, by number (0 stands for none).
  private var hashes: [UInt64] = [0]
  /// Numbers where their hashes lead (0: an empty slot); a power of two long, never more than
  /// half full.
  private var slots: [Int32] = Array(repeating: 0, count: 1 << 10)

  /// The number of the part with `hash` that `isPart` accepts (asked only of numbers with that
  /// hash), or `nil` and the slot where ``insert(_:at:)`` puts the next one.
  func find(_ hash: UInt64, where isPart: (Int) -> Bool) -> (number: Int?, slot: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let number = Int(slots[slot])
      if hashes[number] == hash, isPart(number) { return (number, slot) }
      slot = (slot + 1) & mask
    }
    return (nil, slot)
  }

  /// Gives the next number (from 1) to a part with `hash` that ``find(_:where:)`` did not find,
  /// at the `slot` it answered.
  mutating func insert(_ hash: UInt64, at slot: Int) -> Int {
    let number = hashes.count
    hashes.append(hash)
    slots[slot] = Int32(truncatingIfNeeded: number)
    if hashes.count * 2 > slots.count { grow() }
    return number
  }

  /// Twice the slots, every number placed again.
  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for number in 1..<hashes.count {
      var slot = Int(truncatingIfNeeded: hashes[number]) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: number)
    }
  }
}
