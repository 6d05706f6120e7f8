import Testing

@testable import TabFlow

/// `GuardMemo`: a guard's answer is remembered by the views it read, in order, and recalled only
/// when every one of them reads the same now.
@Suite struct GuardMemoTests {
  typealias Read = GuardMemo.Read

  /// Views answered from a dictionary, counting the reads.
  final class Views {
    var values: [String: FlowValue]
    var reads: [String] = []
    init(_ values: [String: FlowValue]) { self.values = values }

    func answer(_ which: String, _ tab: String?, _ field: String, _ argument: FlowValue?) throws -> FlowValue {
      let key = "\(which).\(field)"
      reads.append(key)
      guard let value = values[key] else { throw ScriptError(.unknownName, "no view \(key)") }
      return value
    }
  }

  static func read(_ which: String, _ field: String) -> Read {
    Read(which: which, tab: nil, field: field, argument: nil)
  }

  static func refusal(_ reason: String) -> RuleScript.GuardRefusal {
    RuleScript.GuardRefusal(reason: reason, redirect: nil, deferLink: false)
  }

  @Test func anAnswerIsRecalledOnlyWhenEveryViewItReadReadsTheSame() {
    let memo = GuardMemo()
    // The guard read after.top ("checkout"), then context ({}) and refused.
    memo.remember(
      GuardMemo.Outcome(refusal: Self.refusal("login required"), cost: 42), guard: 0, source: "rule feed.buy",
      reads: [(Self.read("after", "top"), "checkout"), (Self.read("after", "context"), .emptyObject)])
    // It read after.top ("feed") and allowed.
    memo.remember(
      GuardMemo.Outcome(refusal: nil, cost: 7), guard: 0, source: "rule feed.buy",
      reads: [(Self.read("after", "top"), "feed")])

    let same = Views(["after.top": "checkout", "after.context": .emptyObject])
    let recalled = memo.recall(guard: 0, source: "rule feed.buy", view: same.answer)
    #expect(recalled?.refusal?.reason == "login required")
    #expect(recalled?.cost == 42)
    #expect(same.reads == ["after.top", "after.context"])

    let allowed = Views(["after.top": "feed"])
    let answer = memo.recall(guard: 0, source: "rule feed.buy", view: allowed.answer)
    #expect(answer != nil && answer?.refusal == nil)
    #expect(allowed.reads == ["after.top"])

    // One view reads differently: nothing is known.
    let loggedIn = Views(["after.top": "checkout", "after.context": ["loggedIn": true]])
    #expect(memo.recall(guard: 0, source: "rule feed.buy", view: loggedIn.answer) == nil)
    // Another guard, another source, a view that fails now: nothing is known.
    #expect(memo.recall(guard: 1, source: "rule feed.buy", view: same.answer) == nil)
    #expect(memo.recall(guard: 0, source: "back", view: same.answer) == nil)
    #expect(memo.recall(guard: 0, source: "rule feed.buy", view: Views([:]).answer) == nil)
  }

  @Test func aGuardThatReadNothingIsKnownByItsSourceAlone() {
    let memo = GuardMemo()
    memo.remember(GuardMemo.Outcome(refusal: Self.refusal("no"), cost: 1), guard: 2, source: "host", reads: [])
    let views = Views([:])
    #expect(memo.recall(guard: 2, source: "host", view: views.answer)?.refusal?.reason == "no")
    #expect(views.reads.isEmpty)
  }

  @Test func callsThatDisagreeWithWhatIsKnownAreNotRemembered() {
    let memo = GuardMemo()
    memo.remember(
      GuardMemo.Outcome(refusal: nil, cost: 1), guard: 0, source: "host",
      reads: [(Self.read("after", "top"), "feed"), (Self.read("after", "depth"), 1)])
    let nodes = memo.nodeCount
    // Reading another view at the same point, or answering where the known call read on, or
    // reading on where it answered: none of it is remembered, and what was known stays.
    memo.remember(
      GuardMemo.Outcome(refusal: Self.refusal("x"), cost: 1), guard: 0, source: "host",
      reads: [(Self.read("after", "top"), "feed"), (Self.read("before", "top"), "feed")])
    memo.remember(
      GuardMemo.Outcome(refusal: Self.refusal("x"), cost: 1), guard: 0, source: "host",
      reads: [(Self.read("after", "top"), "feed")])
    memo.remember(
      GuardMemo.Outcome(refusal: Self.refusal("x"), cost: 1), guard: 0, source: "host",
      reads: [(Self.read("after", "top"), "feed"), (Self.read("after", "depth"), 1), (Self.read("after", "tab"), "home")])
    let views = Views(["after.top": "feed", "after.depth": 1, "before.top": "feed"])
    let answer = memo.recall(guard: 0, source: "host", view: views.answer)
    #expect(answer != nil && answer?.refusal == nil)
    #expect(memo.nodeCount == nodes)
  }

  @Test func aFullMemoStartsAgainEmpty() {
    let memo = GuardMemo()
    for index in 0..<GuardMemo.capacity {
      memo.remember(
        GuardMemo.Outcome(refusal: nil, cost: 1), guard: 0, source: "host", reads: [(Self.read("after", "depth"), .int(index))])
    }
    #expect(memo.nodeCount <= GuardMemo.capacity)
    #expect(memo.recall(guard: 0, source: "host", view: Views(["after.depth": .int(GuardMemo.capacity - 1)]).answer) != nil)
    #expect(memo.recall(guard: 0, source: "host", view: Views(["after.depth": 0]).answer) == nil)
  }
}
