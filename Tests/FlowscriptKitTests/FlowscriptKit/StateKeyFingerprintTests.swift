@testable import FlowscriptKit
import Testing

/// `StateKey.fingerprint`, the 64-bit fingerprint the library engine keeps for each of `check`'s
/// states: keys that differ anywhere (a number, the order, the length) fingerprint apart.
@Suite struct StateKeyFingerprintTests {
  @Test func keysThatDifferHaveDifferentFingerprints() {
    var seen = Set<UInt64>()
    for a in 0..<40 {
      for b in 0..<40 {
        #expect(seen.insert(StateKey(numbers: [a, b, 0, 1]).fingerprint).inserted)
      }
    }
    #expect(StateKey(numbers: [1, 2]).fingerprint != StateKey(numbers: [2, 1]).fingerprint)
    #expect(StateKey(numbers: [0]).fingerprint != StateKey(numbers: [0, 0]).fingerprint)
  }
}
