@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
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

/// `StackViewKey`: a `nav.stack` view's key, made from its routes without making the view, has
/// the view's digest and matches exactly the values the view is Lua-identical to.
@Suite struct StackViewKeyTests {
  static let lookAlikes: [FlowValue] = [
    .int(1), .double(1.0), .int(0), .double(-0.0), .double(0.0), .string("\u{E9}"), .string("e\u{301}"), .null,
    .bool(true), ["a": 1, "b": [1.0, "x"]], [1, 2],
  ]

  /// A stack's routes as the view's fields: screen, style, state.
  typealias Routes = [(screen: String, style: String, state: [String: FlowValue])]

  static func view(_ routes: Routes) -> FlowValue {
    .array(routes.map { .object(["screen": .string($0.screen), "style": .string($0.style), "state": .object($0.state)]) })
  }

  static func key(_ routes: Routes) -> StackViewKey {
    var key = StackViewKey(count: routes.count)
    for route in routes { key.append(screen: route.screen, style: route.style, state: route.state) }
    return key
  }

  static func routes(_ choices: inout SeededChoices) -> Routes {
    (0..<(1 + choices.next(4))).map { _ in
      var state: [String: FlowValue] = [:]
      for name in ["v", "w", "\u{E9}"].prefix(choices.next(3)) { state[name] = choices.pick(lookAlikes) }
      return (choices.pick(["feed", "item", "caf\u{E9}", "cafe\u{301}"]), choices.pick(["push", "sheet"]), state)
    }
  }

  @Test(arguments: [1, 2, 3])
  func aKeyHasItsViewsDigestAndMatchesWhatTheViewIsIdenticalTo(seed: Int) {
    var choices = SeededChoices(seed: UInt64(seed))
    let stacks = (0..<200).map { _ in Self.routes(&choices) }
    let views = stacks.map(Self.view)
    for (routes, view) in zip(stacks, views) {
      let key = Self.key(routes)
      #expect(key.digest == view.luaIdentityDigest)
      #expect(key.matches(view))
      // Against other stacks (look-alikes among them), and values that are no stack at all.
      for other in views.prefix(40) + [.array([]), .null, .array([.object(["screen": "feed"])])] {
        #expect(key.matches(other) == view.isLuaIdentical(to: other))
      }
    }
  }
}
