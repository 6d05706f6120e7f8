/// The states an exploration has reached, kept small, as TLC keeps them: a 64-bit fingerprint of
/// each state (not the state), and how it was first reached — the state it came from and the
/// input that led from there — so the shortest lines to it are rebuilt by walking back, only
/// when a report prints them. A state costs 30 to 50 bytes here, however big it is.
///
/// Two different states with the same fingerprint would be taken for one, and what lies only
/// beyond the second would go unexplored: `FingerprintCollision` bounds the chance of that.
struct VisitedStates {
  /// The number of a reached state, in the order states were reached (the initial state is 0).
  typealias Index = Int32

  /// An open-addressing table of fingerprints (0: an empty slot) and, beside each, its state's
  /// index; the state whose fingerprint is 0, if any, is kept apart.
  private var fingerprints: [UInt64]
  private var slotIndices: [Index]
  private var zeroIndex: Index?
  /// Each state's predecessor on its shortest lines (-1 for the initial state), and the input
  /// (a number in ``inputTexts``) that led from there.
  private var parents: [Index] = []
  private var inputs: [Int32] = []
  /// Each state's distance from the initial state, in lines.
  private(set) var depths: [UInt8] = []
  /// The text of each input, by the number ``input(_:)`` gave it.
  private var inputTexts: [String] = []
  private var inputNumbers: [String: Int32] = [:]

  /// How many states were reached.
  var count: Int { parents.count }

  init(expected: Int = 1024) {
    var capacity = 1024
    while capacity < expected * 2 { capacity *= 2 }
    fingerprints = Array(repeating: 0, count: capacity)
    slotIndices = Array(repeating: -1, count: capacity)
  }

  /// The number of input `text`, given it the first time it is seen.
  private mutating func input(_ text: String) -> Int32 {
    if let known = inputNumbers[text] { return known }
    let number = Int32(inputTexts.count)
    inputTexts.append(text)
    inputNumbers[text] = number
    return number
  }

  /// The index of the state with `fingerprint`, if it was reached.
  func index(of fingerprint: UInt64) -> Index? {
    guard fingerprint != 0 else { return zeroIndex }
    let mask = fingerprints.count - 1
    var slot = Int(truncatingIfNeeded: fingerprint) & mask
    while true {
      let found = fingerprints[slot]
      if found == fingerprint { return slotIndices[slot] }
      if found == 0 { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// Records the state with `fingerprint`, reached from `parent` (nil: the initial state), unless
  /// it was reached before: its index, and whether it is new. The input that reached a new state
  /// is told with ``record(input:for:)``.
  mutating func insert(_ fingerprint: UInt64, from parent: Index?) -> (inserted: Bool, index: Index) {
    let index = Index(count)
    if fingerprint == 0 {
      if let zeroIndex { return (false, zeroIndex) }
      zeroIndex = index
    } else {
      if (count + 1) * 4 > fingerprints.count * 3 { grow() }
      let mask = fingerprints.count - 1
      var slot = Int(truncatingIfNeeded: fingerprint) & mask
      while true {
        let found = fingerprints[slot]
        if found == fingerprint { return (false, slotIndices[slot]) }
        if found == 0 { break }
        slot = (slot + 1) & mask
      }
      fingerprints[slot] = fingerprint
      slotIndices[slot] = index
    }
    parents.append(parent ?? -1)
    inputs.append(-1)
    depths.append(parent.map { depths[Int($0)] &+ 1 } ?? 0)
    return (true, index)
  }

  /// Records that the line `text` first reached the state `index` from its parent.
  mutating func record(input text: String, for index: Index) {
    inputs[Int(index)] = input(text)
  }

  /// The lines that reach state `index` from the initial state, the first found (breadth first:
  /// the fewest).
  func lines(to index: Index) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(Int(depths[Int(index)]))
    var current = index
    while case let parent = parents[Int(current)], parent >= 0 {
      lines.append(inputTexts[Int(inputs[Int(current)])])
      current = parent
    }
    return lines.reversed()
  }

  private mutating func grow() {
    let capacity = fingerprints.count * 2
    var table = Array(repeating: UInt64(0), count: capacity)
    var indices = Array(repeating: Index(-1), count: capacity)
    let mask = capacity - 1
    for (slot, fingerprint) in fingerprints.enumerated() where fingerprint != 0 {
      var target = Int(truncatingIfNeeded: fingerprint) & mask
      while table[target] != 0 { target = (target + 1) & mask }
      table[target] = fingerprint
      indices[target] = slotIndices[slot]
    }
    fingerprints = table
    slotIndices = indices
  }
}

extension StateKey {
  /// A 64-bit fingerprint of the key's numbers, the same in every run: each number mixed in turn
  /// (SplitMix64's finaliser after each), so keys that differ anywhere differ here but for a
  /// chance of 2⁻⁶⁴.
  var fingerprint: UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: numbers.count &+ 1)
    for number in numbers {
      hash = SplitMix64.mix(hash &+ 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(number)) &* 0xBF58_476D_1CE4_E5B9)
    }
    return hash
  }
}
