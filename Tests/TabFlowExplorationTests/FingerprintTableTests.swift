@testable import TabFlowExploration
import Testing

/// `FingerprintTable`, the open-addressed table of the visited states and the remembered refused
/// retries, against a Swift dictionary: every look-up answers what the dictionary answers, over
/// generated operations — fingerprint 0 among them, runs of neighbouring and of top-bit-only
/// fingerprints (so that slots collide and probes run on), values replaced, the table grown many
/// times and emptied.
@Suite struct FingerprintTableTests {
  /// SplitMix64 (the target's seeded choices): a failure reproduces.
  typealias Seeded = DifferentialExplorationTests.Seeded

  /// A fingerprint over the whole 64 bits, from two choices.
  static func wide(_ rng: inout Seeded) -> UInt64 {
    UInt64(rng.next(1 << 32)) << 32 | UInt64(rng.next(1 << 32))
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func answersAsADictionary(seed: UInt64) {
    var rng = Seeded(state: seed)
    var table = FingerprintTable<Int>(placeholder: -1)
    var oracle: [UInt64: Int] = [:]
    // Few distinct low values (many land in one slot), 0, and full 64-bit fingerprints.
    var known: [UInt64] = [0]
    for step in 0..<20_000 {
      let fingerprint: UInt64
      switch rng.next(4) {
      case 0: fingerprint = known[rng.next(known.count)]
      case 1: fingerprint = UInt64(rng.next(64))
      // Fingerprints that differ only in their top six bits.
      case 2: fingerprint = UInt64(rng.next(64)) << 58
      default: fingerprint = Self.wide(&rng)
      }
      known.append(fingerprint)
      if rng.next(3) == 0 {
        #expect(table[fingerprint] == oracle[fingerprint], "step \(step): \(fingerprint)")
      } else {
        let value = rng.next(1_000)
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
    var rng = Seeded(state: 9)
    var fingerprints: [UInt64] = []
    for index in 0..<5_000 {
      let fingerprint = index == 17 ? 0 : Self.wide(&rng)
      fingerprints.append(fingerprint)
      #expect(visited.insert(fingerprint, from: index == 0 ? nil : (index: index - 1, position: 0)) == index)
    }
    for (index, fingerprint) in fingerprints.enumerated() {
      #expect(visited.index(of: fingerprint) == index)
    }
    #expect(visited.index(of: Self.wide(&rng)) == nil)
  }
}
