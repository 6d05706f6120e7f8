import TabFlowExploration
import Testing

/// The line every explorer's report gives on fingerprints (`flowscript check`'s too).
@Suite("The fingerprint collision bound")
struct FingerprintCollisionTests {
  @Test("The line states the birthday bound with two significant digits")
  func theLineStatesTheBirthdayBound() {
    #expect(FingerprintCollision.probability(states: 1) == 0)
    // 15,221 states: 15,221 × 15,220 / 2 pairs, each 2⁻⁶⁴.
    #expect(FingerprintCollision.line(states: 15_221)
      == "states are kept as 64-bit fingerprints: the chance that a collision hid a state is at most 6.3e-12")
    #expect(FingerprintCollision.line(states: 1_739_297).hasSuffix("at most 8.2e-8"))
    #expect(FingerprintCollision.line(states: 935).hasSuffix("at most 2.4e-14"))
    #expect(FingerprintCollision.line(states: 1).hasSuffix("at most 0"))
  }
}
