@testable import TabFlowLua
import TestSupport
import Testing

/// Suggestions are bounded whatever they are given (an unknown 100,000-character action name in a
/// REPL line took 6–9 s, one in a rule 16–30 s): long names and long candidates get no suggestion,
/// at most 1,000 candidates are compared, and each distance stops once it exceeds the allowed one.
/// Work is measured in steps (``Suggestions/cost(of:candidates:)``), never in time.
@Suite struct SuggestionBoundsTests {
  static let actions = (0..<1_000).map { "action\($0)Tapped" }

  @Test func aHugeNameGetsNoSuggestionAfterReadingOnlyItsFirstScalars() {
    let name = String(repeating: "a", count: 100_000)
    let (suggestion, work) = Suggestions.search(for: name, in: Self.actions)
    #expect(suggestion == nil)
    #expect(work == Suggestions.maximumNameLength + 1)
    #expect(Suggestions.cost(of: name, candidates: Self.actions) == work)
    #expect(Suggestions.hint(for: name, in: Self.actions) == "")
  }

  @Test func hugeCandidatesAreSkippedAfterReadingOnlyTheirFirstScalars() {
    let huge = Array(repeating: String(repeating: "x", count: 100_000), count: 1_000)
    let (suggestion, work) = Suggestions.search(for: "itemTaped", in: huge + ["itemTapped"])
    #expect(suggestion == nil)  // more than 1,000 candidates
    #expect(work <= 2 * 9 + 1_000 * (Suggestions.maximumNameLength + 1))
    let (fewer, fewerWork) = Suggestions.search(for: "itemTaped", in: Array(huge.prefix(999)) + ["itemTapped"])
    #expect(fewer == "itemTapped")
    #expect(fewerWork <= Suggestions.cost(of: "itemTaped", candidates: Array(huge.prefix(999)) + ["itemTapped"]))
  }

  @Test func moreThanAThousandCandidatesSuggestNothingWhateverTheirOrder() {
    let candidates = Self.actions + ["itemTapped"]
    #expect(Suggestions.closest(to: "itemTaped", in: candidates) == nil)
    #expect(Suggestions.closest(to: "itemTaped", in: candidates.reversed()) == nil)
    #expect(Suggestions.closest(to: "itemTaped", in: Array(Self.actions.prefix(999)) + ["itemTapped"]) == "itemTapped")
  }

  @Test func theWorstCaseIsBoundedAndTheSearchStaysWithinItsEstimate() {
    let name = String(repeating: "ab", count: Suggestions.maximumNameLength / 2)
    var choices = SeededChoices(seed: 7)
    let candidates = (0..<Suggestions.maximumCandidates).map { _ in
      String(String.UnicodeScalarView((0..<Suggestions.maximumNameLength).map { _ in choices.pick(["a", "b", "c"]) }))
    }
    let cost = Suggestions.cost(of: name, candidates: candidates)
    // Per candidate: its scalars read and lowercased, then 64 rows of at most 2 × 21 + 1 cells.
    #expect(cost <= 2 * 64 + 1_000 * (2 * 64 + 64 * 43))
    let (_, work) = Suggestions.search(for: name, in: candidates)
    #expect(work <= cost)
  }

  @Test func theBandedDistanceIsTheEditDistanceWithinItsLimit() {
    var choices = SeededChoices(seed: 42)
    let alphabet: [Unicode.Scalar] = ["a", "b", "c", "é", "👍"]
    for _ in 0..<2_000 {
      let a = (0..<choices.next(12)).map { _ in choices.pick(alphabet) }
      let b = (0..<choices.next(12)).map { _ in choices.pick(alphabet) }
      let limit = choices.next(8)
      let full = Suggestions.editDistance(String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)))
      var work = 0
      let bounded = Suggestions.boundedEditDistance(a, b, limit: limit, work: &work)
      #expect(bounded == (full <= limit ? full : nil), "\(a) \(b) limit \(limit)")
      #expect(work <= a.count * min(b.count, 2 * limit + 1))
    }
  }
}
