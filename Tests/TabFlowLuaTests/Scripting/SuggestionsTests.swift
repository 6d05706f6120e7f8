@testable import TabFlowLua
import Testing

/// "Did you mean …?" for mistyped screens, actions, tabs and payload fields.
@Suite struct SuggestionsTests {
  // MARK: - Edit distance

  @Test(arguments: [
    ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0),
    ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("itemTaped", "itemTapped", 1),
    ("feed", "fede", 2), ("a", "A", 1), ("café", "cafe", 1), ("👍", "👎", 1), ("abc", "xyz", 3),
  ])
  func countsInsertionsDeletionsAndSubstitutions(lhs: String, rhs: String, distance: Int) {
    #expect(Suggestions.editDistance(lhs, rhs) == distance)
    #expect(Suggestions.editDistance(rhs, lhs) == distance)
  }

  // MARK: - Closest candidate

  @Test func suggestsTheCandidateATypoWasMeantToBe() {
    let actions = ["itemTapped", "cartTapped", "buyTapped"]
    #expect(Suggestions.closest(to: "itemTaped", in: actions) == "itemTapped")
    #expect(Suggestions.closest(to: "cartTaped", in: actions) == "cartTapped")
    #expect(Suggestions.closest(to: "buytapped", in: actions) == "buyTapped")
    #expect(Suggestions.closest(to: "itemTapped", in: actions) == "itemTapped")
  }

  @Test func ignoresCaseEntirely() {
    // "ITEMTAPPED" is far from "itemTapped" character by character, but equal ignoring case.
    #expect(Suggestions.closest(to: "ITEMTAPPED", in: ["itemTapped", "other"]) == "itemTapped")
    #expect(Suggestions.closest(to: "Profile", in: ["home", "profile"]) == "profile")
  }

  @Test func suggestsNothingWhenNothingIsClose() {
    #expect(Suggestions.closest(to: "checkout", in: ["feed", "item", "login"]) == nil)
    #expect(Suggestions.closest(to: "x", in: ["home"]) == nil)
    #expect(Suggestions.closest(to: "anything", in: [String]()) == nil)
  }

  /// Up to two edits for short names, a third of the length for longer ones.
  @Test func allowsMoreEditsForLongerNames() {
    // 6 characters: 2 edits allowed.
    #expect(Suggestions.closest(to: "abcdef", in: ["abcdxy"]) == "abcdxy")
    #expect(Suggestions.closest(to: "abcdef", in: ["abcxyz"]) == nil)
    // 9 characters: 3 edits allowed.
    #expect(Suggestions.closest(to: "abcdefghi", in: ["abcdefxyz"]) == "abcdefxyz")
    #expect(Suggestions.closest(to: "abcdefghi", in: ["abcdewxyz"]) == nil)
    // 12 characters: 4 edits allowed.
    #expect(Suggestions.closest(to: "abcdefghijkl", in: ["abcdefghwxyz"]) == "abcdefghwxyz")
    #expect(Suggestions.closest(to: "abcdefghijkl", in: ["abcdefgvwxyz"]) == nil)
  }

  @Test func prefersTheClosestThenTheAlphabeticallyFirst() {
    // "bayTaper" is within reach (2 edits) and sorts first, but "buyTapped" is closer (1 edit).
    #expect(Suggestions.closest(to: "buyTaped", in: ["bayTaper", "buyTapped"]) == "buyTapped")
    #expect(Suggestions.closest(to: "buyTaped", in: ["buyTapped", "bayTaper"]) == "buyTapped")
    // Equally close: the alphabetically first, whatever the order of the candidates.
    #expect(Suggestions.closest(to: "cat", in: ["hat", "bat"]) == "bat")
    #expect(Suggestions.closest(to: "cat", in: ["bat", "hat"]) == "bat")
    #expect(Suggestions.closest(to: "cat", in: Set(["rat", "hat", "bat", "mat"])) == "bat")
  }

  @Test func acceptsAnySequenceOfNames() {
    let screens: [String: Int] = ["feed": 0, "item": 1]
    #expect(Suggestions.closest(to: "iten", in: screens.keys) == "item")
    #expect(Suggestions.closest(to: "fed", in: Set(screens.keys)) == "feed")
  }

  // MARK: - Hint

  @Test func hintsWithAPhraseToAppendToAMessage() {
    #expect(Suggestions.hint(for: "iten", in: ["feed", "item"]) == " — did you mean 'item'?")
    #expect(Suggestions.hint(for: "checkout", in: ["feed", "item"]) == "")
    #expect(Suggestions.hint(for: "x", in: [String]()) == "")
  }
}
