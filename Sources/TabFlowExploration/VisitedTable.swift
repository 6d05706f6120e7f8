/// The states an exploration reached, kept small: a 64-bit fingerprint of each (not the state)
/// and what rebuilds the shortest way to it by replay — the state it was first reached from, the
/// position of the input in that state's input list, and its depth. However big a state is, it
/// costs some 30 to 40 bytes here.
///
/// Two different states with the same fingerprint are taken for one, and what lies only beyond
/// the second goes unexplored: ``FingerprintCollision`` bounds the chance of that.
@usableFromInline
struct VisitedTable {
  /// Each state's index by its fingerprint (only looked up, never iterated).
  @usableFromInline var indices = FingerprintTable<Int32>(placeholder: -1)
  /// Each state's parent (-1 for the initial state) and the position of the input that led from
  /// there, in the parent's input list.
  @usableFromInline var parents: [Int32] = []
  @usableFromInline var positions: [Int32] = []
  /// Each state's number of inputs from the initial state.
  @usableFromInline var depths: [Int32] = []

  /// How many states were reached.
  @inlinable var count: Int { parents.count }

  @usableFromInline
  init() {}

  /// The index of the state with `fingerprint`, if it was reached.
  @inlinable
  func index(of fingerprint: UInt64) -> Int? {
    indices[fingerprint].map(Int.init)
  }

  /// Records a state not reached before (see ``index(of:)``), reached from `parent` by the input
  /// at `position` of its list (`nil`: the initial state); its index.
  @inlinable
  mutating func insert(_ fingerprint: UInt64, from parent: (index: Int, position: Int)?) -> Int {
    let index = count
    indices.set(Int32(index), for: fingerprint)
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
}
