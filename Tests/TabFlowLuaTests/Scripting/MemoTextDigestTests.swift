@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// A memo's texts — a guard batch's source, a rule's call, a handler's URL — found by their
/// ``LuaIdentifiable/luaIdentityDigest``: the digest is equal for texts a script cannot tell
/// apart, and a memo finds by it — or by a text's bits, given the same value again — exactly the
/// trees a full comparison of the texts finds, checked over seeded random texts (look-alike
/// spellings, the same values given again, more texts than the memo's recent slots).
@Suite struct MemoTextDigestTests {
  static let names = ["", "a", "home", "feed.buy", "\u{E9}", "e\u{301}", "shop://item/1", String(repeating: "x", count: 30)]

  /// `text` with storage of its own (the same bytes).
  static func rebuilt(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

  static func source(_ choices: inout SeededChoices) -> BatchSource {
    let name = rebuilt(choices.pick(names))
    switch choices.next(7) {
    case 0: return .rule(name)
    case 1: return .screenAction(tab: TabID(name), route: RouteID(generation: UInt64(choices.next(300))))
    case 2: return .tabTap(TabID(name))
    case 3: return .userBack
    case 4: return .deepLink(name)
    case 5: return .host
    default: return .customization
    }
  }

  static func call(_ choices: inout SeededChoices) -> RememberingScript.RuleCall {
    func optional(_ choices: inout SeededChoices) -> String? { choices.next(3) == 0 ? nil : rebuilt(choices.pick(names)) }
    let payload: FlowValue? = choices.pick([nil, .int(1), .double(1.0), .string("\u{E9}"), .string("e\u{301}"), .emptyObject])
    return RememberingScript.RuleCall(
      tab: rebuilt(choices.pick(names)), payload: payload, screen: optional(&choices), action: optional(&choices))
  }

  /// Equal digests for every identical pair, and different ones for nearly every pair told apart.
  static func digestsAgree<Text: LuaIdentifiable>(_ make: (inout SeededChoices) -> Text, seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    var identical = 0
    var different = 0
    for _ in 0..<3_000 {
      // A third of the pairs are made from the same choices: identical texts in storage of their own.
      var again = choices
      let a = make(&choices)
      let b = choices.next(3) == 0 ? make(&again) : make(&choices)
      if a.isLuaIdentical(to: b) {
        identical += 1
        #expect(a.luaIdentityDigest == b.luaIdentityDigest)
      } else {
        different += 1
        #expect(a.luaIdentityDigest != b.luaIdentityDigest)
      }
    }
    #expect(identical > 500 && different > 1_000)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func sourcesAndRuleCallsHaveTheSameDigestExactlyWhenIdentical(seed: UInt64) {
    Self.digestsAgree(Self.source, seed: seed)
    Self.digestsAgree(Self.call, seed: seed)
    Self.digestsAgree({ Self.rebuilt($0.pick(Self.names)) }, seed: seed)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aMemoFindsWhatAFullComparisonOfItsTextsFinds(seed: UInt64) {
    typealias Memo = CallMemo<Int, BatchSource>
    let memo = Memo()
    var choices = SeededChoices(seed: seed)
    // The oracle: every text remembered, with its answer, compared in full.
    var known: [(text: BatchSource, answer: Int)] = []
    // Texts given again as the same values (found by their bits) or made anew (by their digest).
    var given: [BatchSource] = []
    for step in 0..<10_000 {
      let text = !given.isEmpty && choices.next(2) == 0 ? choices.pick(given) : Self.source(&choices)
      given.append(text)
      if given.count > 400 { given.removeFirst(100) }
      let expected = known.first { $0.text.isLuaIdentical(to: text) }?.answer
      #expect(memo.recall(0, text: text, views: { _ throws(ScriptError) in .null })?.answer == expected, "\(text)")
      if expected == nil, choices.next(2) == 0 {
        memo.remember(Memo.Outcome(answer: step, cost: 1), 0, text: text, reads: [])
        known.append((text, step))
      }
    }
    // More texts than the memo has recent slots: texts take each other's slots, and look-ups
    // go past them.
    #expect(known.count > Memo.recentCount)
  }
}
