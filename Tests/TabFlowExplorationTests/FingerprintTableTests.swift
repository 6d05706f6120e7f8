@testable import TabFlowExploration
import Testing

/// `FingerprintTable`, the open-addressed table of the visited states and the remembered refused
/// retries, against a Swift dictionary: every look-up answers what the dictionary answers, over
/// generated operations — fingerprint 0 among them, fingerprints that share their slot (the same
/// spread top bits), values replaced, the table grown many times and emptied.
@Suite struct FingerprintTableTests {
  /// SplitMix64: deterministic, so a failure reproduces.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func answersAsADictionary(seed: UInt64) {
    var rng = Generator(state: seed)
    var table = FingerprintTable<Int>(placeholder: -1)
    var oracle: [UInt64: Int] = [:]
    // Few distinct low values (many land in one slot), 0, and full 64-bit fingerprints.
    var known: [UInt64] = [0]
    for step in 0..<20_000 {
      let fingerprint: UInt64
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: fingerprint = known[Int.random(in: 0..<known.count, using: &rng)]
      case 1: fingerprint = UInt64.random(in: 0..<64, using: &rng)
      // Multiples of 2^58 spread to the same top bits in a small table.
      case 2: fingerprint = UInt64.random(in: 0..<64, using: &rng) << 58
      default: fingerprint = rng.next()
      }
      known.append(fingerprint)
      if Int.random(in: 0..<3, using: &rng) == 0 {
        #expect(table[fingerprint] == oracle[fingerprint], "step \(step): \(fingerprint)")
      } else {
        let value = Int.random(in: 0..<1_000, using: &rng)
        table.set(value, for: fingerprint)
        oracle[fingerprint] = value
      }
      if step == 12_000 {
        table.removeAll()
        oracle.removeAll()
      }
      #expect(table.count == oracle.count)
    }
    for fingerprint in known {
      #expect(table[fingerprint] == oracle[fingerprint], "\(fingerprint)")
    }
    // Never more than three quarters full.
    #expect(table.count * 4 <= table.fingerprints.count * 3)
  }

  @Test func aVisitedTableFindsEveryStateItReached() {
    var visited = VisitedTable()
    var rng = Generator(state: 9)
    var fingerprints: [UInt64] = []
    for index in 0..<5_000 {
      let fingerprint = index == 17 ? 0 : rng.next()
      fingerprints.append(fingerprint)
      #expect(visited.insert(fingerprint, from: index == 0 ? nil : (index: index - 1, position: 0)) == index)
    }
    for (index, fingerprint) in fingerprints.enumerated() {
      #expect(visited.index(of: fingerprint) == index)
    }
    #expect(visited.index(of: rng.next()) == nil)
  }
}
