@testable import TabFlowLua
@testable import TabFlowNavigation
import Testing

/// `CallMemo`: a guard's (or deep-link handler's) answer is remembered by the views it read, in
/// order, and recalled only when every one of them reads the same now.
@Suite struct CallMemoTests {
  typealias Read = ViewRead
  typealias Memo = CallMemo<RuleScript.GuardRefusal?, String>

  /// Views answered from a dictionary, counting the reads.
  final class Views {
    var values: [String: FlowValue]
    var reads: [String] = []
    init(_ values: [String: FlowValue]) { self.values = values }

    /// The value of a remembered read; an error (a view that fails now) when there is none.
    func answer(_ read: Read) throws(ScriptError) -> FlowValue {
      let key = "\(read.side).\(read.field.name)"
      reads.append(key)
      guard let value = values[key] else { throw ScriptError(.unknownName, "no view \(key)") }
      return value
    }
  }

  static func read(_ which: String, _ field: String) -> Read {
    Read(Read.Side(which), ViewField(field) ?? .top)
  }

  static func refusal(_ reason: String) -> RuleScript.GuardRefusal {
    RuleScript.GuardRefusal(reason: reason, redirect: nil, deferLink: false, asks: false)
  }

  @Test func anAnswerIsRecalledOnlyWhenEveryViewItReadReadsTheSame() {
    let memo = Memo()
    // The guard read after.top ("checkout"), then context ({}) and refused.
    memo.remember(
      Memo.Outcome(answer: Self.refusal("login required"), cost: 42), 0, text: "rule feed.buy",
      reads: [(Self.read("after", "top"), "checkout"), (Self.read("after", "context"), .emptyObject)])
    // It read after.top ("feed") and allowed.
    memo.remember(
      Memo.Outcome(answer: nil, cost: 7), 0, text: "rule feed.buy",
      reads: [(Self.read("after", "top"), "feed")])

    let same = Views(["after.top": "checkout", "after.context": .emptyObject])
    let recalled = memo.recall(0, text: "rule feed.buy", views: same.answer)
    #expect(recalled?.answer?.reason == "login required")
    #expect(recalled?.cost == 42)
    #expect(same.reads == ["after.top", "after.context"])

    let allowed = Views(["after.top": "feed"])
    let answer = memo.recall(0, text: "rule feed.buy", views: allowed.answer)
    #expect(answer != nil && answer?.answer == nil)
    #expect(allowed.reads == ["after.top"])

    // One view reads differently: nothing is known.
    let loggedIn = Views(["after.top": "checkout", "after.context": ["loggedIn": true]])
    #expect(memo.recall(0, text: "rule feed.buy", views: loggedIn.answer) == nil)
    // Another guard, another source, a view that fails now: nothing is known.
    #expect(memo.recall(1, text: "rule feed.buy", views: same.answer) == nil)
    #expect(memo.recall(0, text: "back", views: same.answer) == nil)
    #expect(memo.recall(0, text: "rule feed.buy", views: Views([:]).answer) == nil)
  }

  @Test func aGuardThatReadNothingIsKnownByItsSourceAlone() {
    let memo = Memo()
    memo.remember(Memo.Outcome(answer: Self.refusal("no"), cost: 1), 2, text: "host", reads: [])
    let views = Views([:])
    #expect(memo.recall(2, text: "host", views: views.answer)?.answer?.reason == "no")
    #expect(views.reads.isEmpty)
  }

  @Test func callsThatDisagreeWithWhatIsKnownAreNotRemembered() {
    let memo = Memo()
    memo.remember(
      Memo.Outcome(answer: nil, cost: 1), 0, text: "host",
      reads: [(Self.read("after", "top"), "feed"), (Self.read("after", "depth"), 1)])
    let nodes = memo.nodeCount
    // Reading another view at the same point, or answering where the known call read on, or
    // reading on where it answered: none of it is remembered, and what was known stays.
    memo.remember(
      Memo.Outcome(answer: Self.refusal("x"), cost: 1), 0, text: "host",
      reads: [(Self.read("after", "top"), "feed"), (Self.read("before", "top"), "feed")])
    memo.remember(
      Memo.Outcome(answer: Self.refusal("x"), cost: 1), 0, text: "host",
      reads: [(Self.read("after", "top"), "feed")])
    memo.remember(
      Memo.Outcome(answer: Self.refusal("x"), cost: 1), 0, text: "host",
      reads: [(Self.read("after", "top"), "feed"), (Self.read("after", "depth"), 1), (Self.read("after", "tab"), "home")])
    let views = Views(["after.top": "feed", "after.depth": 1, "before.top": "feed"])
    let answer = memo.recall(0, text: "host", views: views.answer)
    #expect(answer != nil && answer?.answer == nil)
    #expect(memo.nodeCount == nodes)
  }

  @Test func aFullMemoStartsAgainEmpty() {
    let memo = Memo()
    for index in 0..<Memo.capacity {
      memo.remember(
        Memo.Outcome(answer: nil, cost: 1), 0, text: "host", reads: [(Self.read("after", "depth"), .int(index))])
    }
    #expect(memo.nodeCount <= Memo.capacity)
    #expect(memo.recall(0, text: "host", views: Views(["after.depth": .int(Memo.capacity - 1)]).answer) != nil)
    #expect(memo.recall(0, text: "host", views: Views(["after.depth": 0]).answer) == nil)
  }

  @Test func whatAnAnswerHoldsIsCountedAndAHugeReadIsNotRemembered() {
    // A node costs one plus every element on its branch: a deep stack read by a guard costs its
    // routes, so a memo of deep stacks stays bounded by what it holds, not by its node count.
    #expect(Memo.weight(of: "feed", limit: 1_000) == 1)
    #expect(Memo.weight(of: ["a": [1, 2, 3], "b": .emptyObject], limit: 1_000) == 6)
    let memo = Memo()
    let routes = FlowValue.array(Array(repeating: ["screen": "item", "state": ["id": 1]], count: 5_000))
    memo.remember(
      Memo.Outcome(answer: nil, cost: 1), 0, text: "host", reads: [(Self.read("after", "stack"), routes)])
    #expect(memo.nodeCount == 0)
    #expect(memo.recall(0, text: "host", views: Views(["after.stack": routes]).answer) == nil)

    let small = FlowValue.array([["screen": "feed"]])
    memo.remember(Memo.Outcome(answer: nil, cost: 1), 0, text: "host", reads: [(Self.read("after", "stack"), small)])
    #expect(memo.nodeCount == 1 + 3)
    #expect(memo.recall(0, text: "host", views: Views(["after.stack": small]).answer) != nil)
  }
}
