@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// ``ValuesByNumber``, which keeps `check`'s invariant answers by the selected routes' number:
/// against a dictionary, over random numbers — small ones (by position), the last one kept by
/// position and the first one past it, large and negative ones (in its dictionary) — each value
/// found being the last one remembered for its number, and none found for a number never given one.
@Suite struct ValuesByNumberTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func aValueFoundIsTheLastRememberedForItsNumber(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let limit = ValuesByNumber<String>.denseLimit
    var values = ValuesByNumber<String>()
    var remembered: [Int: String] = [:]
    let edges = [0, 1, limit - 1, limit, limit + 1, -1, Int.min, Int.max]
    for round in 0..<3_000 {
      let number =
        switch choices.next(4) {
        case 0: choices.next(40)
        case 1: choices.pick(edges)
        case 2: choices.next(limit)
        default: limit + choices.next(1_000) - (choices.next(2) == 0 ? 2 * limit : 0)
        }
      if choices.next(2) == 0 {
        let value = "\(round)"
        values.remember(value, for: number)
        remembered[number] = value
      }
      #expect(values.value(for: number) == remembered[number], "\(number)")
    }
    for (number, value) in remembered { #expect(values.value(for: number) == value) }
  }
}
