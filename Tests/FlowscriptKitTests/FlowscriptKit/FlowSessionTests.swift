@testable import FlowscriptKit
import Foundation
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// `FlowSession` driven in-process on scripts/demo.lua: each line goes through the real
/// coordinator, and the session's state and outcomes say what it did.
@Suite struct FlowSessionTests {
  /// A fresh session on scripts/demo.lua.
  static func demo() throws -> FlowSession {
    try FlowSession(origin: .file(FlowscriptCLI.demoScript))
  }

  /// Parses `text` and runs it.
  @discardableResult
  static func send(_ session: FlowSession, _ text: String) throws -> LineOutcome {
    session.execute(try FlowLineParser.parse(text))
  }

  @Test func itStartsOnTheFirstTabAtItsRoot() throws {
    let session = try Self.demo()
    #expect(session.chunk == "demo.lua")
    #expect(session.state.selectedTab == "home")
    #expect(session.state.tabIDs.map(\.rawValue) == ["home", "search", "profile"])
    #expect(StateText.path(session.state.selectedStack) == "feed")
    #expect(session.currentURL == "shop://home")
    #expect(session.contextKeys == ["loggedIn"])
  }

  @Test func theBundledDemoIsTheScriptsDemo() throws {
    let bundled = try FlowSession(origin: .bundledDemo)
    let file = try Self.demo()
    #expect(bundled.chunk == file.chunk)
    #expect(bundled.state == file.state)
    #expect(bundled.rules.declarations.screenNames == file.rules.declarations.screenNames)
  }

  @Test func anActionPushesAndSaysHow() throws {
    let session = try Self.demo()
    let outcome = try Self.send(session, "feed.itemTapped {id=3}")
    #expect(outcome == .changed(["home: feed > item(id=3, qty=1) — pushed item"], events: []))
    #expect(session.state.selectedStack.top.screen == DynamicScreen("item", state: ["id": 3, "qty": 1]))
    #expect(session.state.selectedStack.count == 2)
    #expect(try Self.send(session, "expect top item {id=3}") == .expectationPassed)
    #expect(try Self.send(session, "expect depth 2") == .expectationPassed)
    #expect(
      try Self.send(session, "expect top item {id=4}")
        == .expectationFailed(expected: "top item {id=4}", actual: "top item(id=3, qty=1)"))
  }

  /// Buying logged out asks for a login; logged in, a cross-tab rule shows the order in the profile tab.
  @Test func buyingAcrossTabs() throws {
    let session = try Self.demo()
    try Self.send(session, "feed.itemTapped {id=3}")
    #expect(
      try Self.send(session, "item.buyTapped")
        == .changed([#"home: feed > item(id=3, qty=1) > sheet:login(reason="buy") — presented sheet login"#], events: []))
    #expect(session.state.selectedStack.top.style == .sheet)
    #expect(try Self.send(session, "expect stack home: feed > item > sheet:login") == .expectationPassed)

    #expect(
      try Self.send(session, "login.loggedIn")
        == .changed(["home: feed > item(id=3, qty=1) — dismissed login"], events: ["event loggedIn"]))
    #expect(try Self.send(session, "set loggedIn true") == .changed(["context {loggedIn=true}"], events: []))
    #expect(session.state.context["loggedIn"] == true)

    #expect(
      try Self.send(session, "item.buyTapped")
        == .changed(["profile: account > orders(highlight=3) — pushed orders", "selected profile"], events: ["event purchased"]))
    #expect(session.state.selectedTab == "profile")
    #expect(session.state.selectedStack.routes.map(\.screen.name) == ["account", "orders"])
    #expect(try Self.send(session, "expect event purchased") == .expectationPassed)
    #expect(try Self.send(session, "expect tab profile") == .expectationPassed)
    #expect(try Self.send(session, "expect tab home") == .expectationFailed(expected: "tab home", actual: "tab profile"))

    // Back pops the order, then (back = "history") returns to the tab before.
    try Self.send(session, "back")
    #expect(StateText.path(session.state.selectedStack) == "account")
    #expect(try Self.send(session, "back") == .changed(["selected home"], events: []))
    #expect(session.state.selectedTab == "home")
  }

  @Test func aDeepLinkOpensAndTheTopScreenHasALink() throws {
    let session = try Self.demo()
    try Self.send(session, "feed.cartTapped")
    #expect(
      try Self.send(session, "url shop://item/7")
        == .changed(["home: feed > item(id=7, qty=1) — dismissed cart, pushed item"], events: []))
    #expect(session.state.selectedStack.top.screen == DynamicScreen("item", state: ["id": 7, "qty": 1]))
    #expect(try Self.send(session, "url") == .info("shop://item/7"))
    #expect(try Self.send(session, "expect url shop://item/7") == .expectationPassed)
  }

  /// A guard that defers a link keeps it pending; the context change that satisfies it opens it.
  @Test func aDeferredLinkOpensOnceLoggedIn() throws {
    let session = try Self.demo()
    let outcome = try Self.send(session, "url shop://orders/7")
    guard case let .changed(_, events) = outcome else {
      Issue.record("expected a change, got \(outcome)")
      return
    }
    #expect(events == ["deferred shop://orders/7 (guard 'login required for orders': login required)"])
    #expect(session.state.pendingLink == "shop://orders/7")
    #expect(session.state.selectedStack.top.screen == DynamicScreen("login", state: ["reason": "orders"]))

    try Self.send(session, "set loggedIn true")
    #expect(session.state.pendingLink == nil)
    #expect(session.state.selectedTab == "profile")
    #expect(session.state.selectedStack.top.screen == DynamicScreen("orders", state: ["highlight": 7]))
    #expect(try Self.send(session, "expect pending none") == .expectationPassed)
  }

  /// A failed line leaves the state as it was, and `expect error` consumes its failure.
  @Test func aFailedLineChangesNothing() throws {
    let session = try Self.demo()
    let before = session.state
    #expect(try Self.send(session, "tab nowhere") == .failed("unknown tab 'nowhere' (tabs: home, search, profile)"))
    #expect(session.state == before)
    #expect(session.lastFailureKind == .input)
    #expect(try Self.send(session, #"expect error "unknown tab""#) == .expectationPassed)
    #expect(
      try Self.send(session, "expect error") == .expectationFailed(expected: "an error", actual: "the previous line succeeded"))

    #expect(try Self.send(session, "back") == .failed("cannot go back: tab 'home' is already at root 'feed'"))
    #expect(try Self.send(session, "nosuch.thing") == .failed("unknown screen 'nosuch'"))
    #expect(
      try Self.send(session, "cart.checkoutTapped")
        == .failed("no 'cart' screen in the selected tab 'home' (feed)"))
    #expect(
      try Self.send(session, "feed.itemTapped {id=1, extra=2}")
        == .failed("feed.itemTapped: the payload has no field 'extra' (fields: id)"))
    #expect(
      try Self.send(session, "feed.itemTapped {id=os.exit(1)}")
        == .failed("payload column 5: 'os' is not data: payloads may hold only nil, booleans, numbers, strings and tables"))
    #expect(try Self.send(session, #"expect error "not data""#) == .expectationPassed)
    #expect(session.state == before)
  }

  /// A guard's rejection fails the line. One that asks is re-sent past the guard by `confirm`,
  /// once, and `undo` walks back; one that blocks cannot be confirmed.
  @Test func aQuestionCanBeConfirmedAndUndoneABlockCannot() async throws {
    let session = try Self.demo()
    try Self.send(session, "feed.itemTapped {id=1}")
    try Self.send(session, "item.reviewTapped")
    #expect(
      try Self.send(session, "tab home")
        == .failed("rejected by guard 'unsaved review': discard the review?" + FlowSession.askSuffix))
    #expect(session.lastFailureKind == .guardQuestion)
    #expect(session.rejectionLine == "last change: guard 'unsaved review' asks: discard the review? — `confirm` re-sends it")
    #expect(StateText.path(session.state.selectedStack) == "feed > item(id=1, qty=1) > review(stars=5)")
    #expect(try Self.send(session, #"expect rejected "unsaved review""#) == .expectationPassed)

    #expect(try Self.send(session, "confirm") == .changed(["home: feed — popped item, review"], events: []))
    #expect(try Self.send(session, "confirm") == .failed("nothing to confirm: no guard rejected a change"))

    #expect(try Self.send(session, "undo") == .changed(["home: feed > item(id=1, qty=1) > review(stars=5) — pushed item, review"], events: []))
    #expect(try Self.send(session, "undo") == .changed(["home: feed > item(id=1, qty=1) — popped review"], events: []))
    #expect(try Self.send(session, "undo") == .changed(["home: feed — popped item"], events: []))
    #expect(try Self.send(session, "undo") == .failed("nothing to undo"))
    #expect(StateText.path(session.state.selectedStack) == "feed")

    let blocking = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "checkout" } }
      screen "checkout" {}
      on("feed.checkout", function(nav) nav:push("checkout") end)
      guard("login required", function(c)
        if c.after.top == "checkout" and not c.context.loggedIn then return false, "login required" end
      end)
      """
    try await Workspace.with { workspace in
      let blocked = try FlowSession(origin: .file(try workspace.write("block.lua", blocking)))
      #expect(try Self.send(blocked, "feed.checkout") == .failed("rejected by guard 'login required': login required"))
      #expect(blocked.lastFailureKind == .guardRejection)
      #expect(blocked.rejectionLine == "last change: blocked by guard 'login required': login required — it cannot be confirmed")
      #expect(
        try Self.send(blocked, "confirm")
          == .failed("cannot confirm: guard 'login required' blocks this change (login required); only a guard that asks can be confirmed"))
      #expect(StateText.path(blocked.state.selectedStack) == "feed")
    }
  }

  @Test func setChecksTheKeyAgainstTheScript() throws {
    let session = try Self.demo()
    #expect(
      try Self.send(session, "set logedIn true")
        == .failed("the script reads no context key 'logedIn' (it reads loggedIn) — did you mean 'loggedIn'?"))
    #expect(session.state.context.isEmpty)
    #expect(try Self.send(session, "set other 1") == .changed(["context {other=1}"], events: []))
    #expect(session.warnings == ["the script reads no context key 'other' (it reads loggedIn); set anyway"])
    #expect(try Self.send(session, "expect context other 1") == .expectationPassed)
  }
}
