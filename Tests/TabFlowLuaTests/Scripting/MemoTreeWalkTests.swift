@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// A memo's trees walked as a recall walks them: node by node, each node's read answered by the
/// views of now, each branch found by the value it gave. Checked against the calls themselves:
/// seeded pure calls whose next read, and whose answer, depend on every value read so far (by
/// ``LuaIdentifiable`` identity, look-alikes apart), over views with look-alike values and more
/// values of one view than a node scans before it hashes them.
@Suite struct MemoTreeWalkTests {
  typealias Memo = CallMemo<UInt64, String>

  static var reads: [ViewRead] {
    [
      ViewRead(.after, .top), ViewRead(.after, .depth), ViewRead(.before, .top), ViewRead(.after, .context),
      ViewRead(.after, tab: "home", .contains, argument: "login"),
    ]
  }

  /// What each view may read: look-alikes (`1` and `1.0`, a composed and a decomposed `é`), the
  /// same text in storage of its own, and for `after.depth` forty values (past the sixteen a node
  /// compares in turn).
  static func value(of read: Int, _ choices: inout SeededChoices) -> FlowValue {
    switch read {
    case 0, 2: return .string(MemoBranchMatchingTests.rebuilt(choices.pick(["feed", "item", "\u{E9}", "e\u{301}", "login"])))
    case 1: return choices.next(4) == 0 ? .double(Double(choices.next(3))) : .int(choices.next(40))
    case 3: return choices.pick([.emptyObject, ["loggedIn": true], ["loggedIn": 1], ["loggedIn": 1.0]])
    default: return .bool(choices.next(2) == 0)
    }
  }

  /// A pure call over `views`: which view it reads next, when it stops and what it answers all
  /// follow from the values it read so far (their identity digests) and its `seed`.
  static func call(seed: UInt64, views: [FlowValue]) -> (answer: UInt64, reads: [(read: ViewRead, value: FlowValue)]) {
    var digest = LuaDigest.mix(seed)
    var reads: [(read: ViewRead, value: FlowValue)] = []
    var unread = Array(Self.reads.indices)
    // At least one read: a pure call that reads nothing answers the same everywhere.
    while !unread.isEmpty, reads.isEmpty || digest % 5 != 0 {
      let index = unread.remove(at: Int(digest % UInt64(unread.count)))
      let value = views[index]
      reads.append((Self.reads[index], value))
      digest = LuaDigest.mix(digest ^ value.luaIdentityDigest)
    }
    return (digest, reads)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRecalledAnswerIsTheCallsAndReadsWhatTheCallRead(seed: UInt64) {
    var choices = SeededChoices(seed: seed)
    let memo = Memo()
    let reads = Self.reads
    var recalled = 0
    for _ in 0..<3_000 {
      let views = Self.reads.indices.map { Self.value(of: $0, &choices) }
      let ran = Self.call(seed: seed, views: views)
      var walked: [ViewRead] = []
      let known = memo.recall(0, text: "host", views: { read throws(ScriptError) in
        walked.append(read)
        guard let index = reads.firstIndex(of: read) else { throw ScriptError(.unknownName, "no such view") }
        return views[index]
      })
      if let known {
        recalled += 1
        #expect(known.answer == ran.answer)
        #expect(walked == ran.reads.map(\.read))
      } else {
        memo.remember(Memo.Outcome(answer: ran.answer, cost: 1), 0, text: "host", reads: ran.reads)
      }
    }
    #expect(recalled > 1_000)
  }

  @Test func aViewThatFailsNowRecallsNothing() {
    let memo = Memo()
    let reads = [(Self.reads[0], FlowValue.string("feed")), (Self.reads[1], FlowValue.int(2))]
    memo.remember(Memo.Outcome(answer: 7, cost: 1), 0, text: "host", reads: reads)
    #expect(memo.recall(0, text: "host", views: { read throws(ScriptError) in
      read == Self.reads[0] ? "feed" : 2
    })?.answer == 7)
    #expect(memo.recall(0, text: "host", views: { read throws(ScriptError) in
      guard read == Self.reads[0] else { throw ScriptError(.budgetExceeded, "out of budget") }
      return "feed"
    }) == nil)
  }
}
