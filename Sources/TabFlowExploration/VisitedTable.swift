/// The states an exploration reached, kept small: a 64-bit fingerprint of each (not the state)
/// and what rebuilds the shortest way to it by replay — the state it was first reached from, the
/// position of the input in that state's input list, and its depth. However big a state is, it
/// costs some 30 bytes here.
///
/// Two different states with the same fingerprint are taken for one, and what lies only beyond
/// the second goes unexplored: ``collisionProbability(states:)`` bounds the chance of that.
struct VisitedTable {
  /// An open-addressing table of fingerprints (0: an empty slot) and, beside each, its state's
  /// index; the state whose fingerprint is 0, if any, is kept apart.
  private var slots: [UInt64]
  private var slotIndices: [Int32]
  private var zeroIndex: Int32?
  /// Each state's parent (-1 for the initial state) and the position of the input that led from
  /// there, in the parent's input list.
  private(set) var parents: [Int32] = []
  private(set) var positions: [Int32] = []
  /// Each state's number of inputs from the initial state.
  private(set) var depths: [Int32] = []

  /// How many states were reached.
  var count: Int { parents.count }

  init() {
    slots = Array(repeating: 0, count: 1024)
    slotIndices = Array(repeating: -1, count: 1024)
  }

  /// The index of the state with `fingerprint`, if it was reached.
  func index(of fingerprint: UInt64) -> Int? {
    guard fingerprint != 0 else { return zeroIndex.map(Int.init) }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: fingerprint) & mask
    while true {
      let found = slots[slot]
      if found == fingerprint { return Int(slotIndices[slot]) }
      if found == 0 { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// Records a state not reached before (see ``index(of:)``), reached from `parent` by the input
  /// at `position` of its list (`nil`: the initial state); its index.
  mutating func insert(_ fingerprint: UInt64, from parent: (index: Int, position: Int)?) -> Int {
    let index = count
    if fingerprint == 0 {
      zeroIndex = Int32(index)
    } else {
      if (count + 1) * 4 > slots.count * 3 { grow() }
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: fingerprint) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = fingerprint
      slotIndices[slot] = Int32(index)
    }
    parents.append(Int32(parent?.index ?? -1))
    positions.append(Int32(parent?.position ?? -1))
    depths.append(parent.map { depths[$0.index] + 1 } ?? 0)
    return index
  }

  /// The input positions that lead from the initial state to state `index`, first to last: the
  /// first way found, breadth first, so the fewest.
  func path(to index: Int) -> [Int] {
    var path: [Int] = []
    path.reserveCapacity(Int(depths[index]))
    var current = index
    while parents[current] >= 0 {
      path.append(Int(positions[current]))
      current = Int(parents[current])
    }
    return path.reversed()
  }

  /// The chance that two of `states` distinct states had the same 64-bit fingerprint, so one of
  /// them was never explored: at most n(n−1)/2 pairs, each colliding with chance 2⁻⁶⁴.
  static func collisionProbability(states: Int) -> Double {
    let n = Double(states)
    return n * (n - 1) / 2 / 18_446_744_073_709_551_616.0
  }

  private mutating func grow() {
    let capacity = slots.count * 2
    var table = Array(repeating: UInt64(0), count: capacity)
    var indices = Array(repeating: Int32(-1), count: capacity)
    let mask = capacity - 1
    for (slot, fingerprint) in slots.enumerated() where fingerprint != 0 {
      var target = Int(truncatingIfNeeded: fingerprint) & mask
      while table[target] != 0 { target = (target + 1) & mask }
      table[target] = fingerprint
      indices[target] = slotIndices[slot]
    }
    slots = table
    slotIndices = indices
  }
}
