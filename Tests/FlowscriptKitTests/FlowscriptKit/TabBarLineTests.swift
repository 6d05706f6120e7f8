@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import Testing

/// flowscript's tab-bar lines (`order tabs`, `hide tab`, `show tab`), the JSON state's `order`,
/// `hidden` and `badges`, `show`'s back-gesture line, and what `check` explores of them.
@Suite struct TabBarLineTests {
  static let script = """
    app "Shop"
    tab "home" { root = "feed" }
    tab "search" { root = "query", role = "search", hideable = true }
    tab "profile" { root = "account", hideable = true }
    screen "feed" { actions = { "edit", "badge" } }
    screen "query" {}
    screen "account" {}
    screen "draft" { actions = { "save" } }
    on("feed.edit", function(nav) nav:push("draft") end)
    on("feed.badge", function(nav) nav:badge("profile", 2) end)
    on("draft.save", function(nav) nav:pop() end)
    guard("unsaved draft", function(change)
      if change.source == "back" and change.before.top == "draft" then return false, "discard the draft?", { ask = true } end
    end)
    """

  static let plain = """
    tab "home" { root = "feed" }
    tab "search" { root = "query" }
    screen "feed" { actions = { "go" } }
    screen "query" {}
    on("feed.go", function(nav) nav:badge("search", 1) end)
    """

  static func session(_ source: String = script) throws -> FlowSession {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabbar-\(UUID().uuidString).lua")
    try source.write(to: url, atomically: true, encoding: .utf8)
    // The session reads the script once, here: the file is not left behind.
    defer { try? FileManager.default.removeItem(at: url) }
    return try FlowSession(origin: .file(url.path))
  }

  @discardableResult
  static func send(_ session: FlowSession, _ text: String) throws -> LineOutcome {
    session.execute(try FlowLineParser.parse(text))
  }

  @Test func theLinesParse() throws {
    #expect(try FlowLineParser.parse("order tabs home search profile") == .customize(.reorder(["home", "search", "profile"])))
    #expect(try FlowLineParser.parse("hide tab search") == .customize(.hide("search")))
    #expect(try FlowLineParser.parse("show tab \"my tab\"") == .customize(.show("my tab")))
    #expect(try FlowLineParser.parse("show") == .command(.show))
    for bad in ["order home search", "order tabs", "hide search", "hide tab", "show tab a b"] {
      #expect(throws: FlowLineError.self, "\(bad)") { try FlowLineParser.parse(bad) }
    }
  }

  @Test func customizingChangesTheStateAndSaysHow() throws {
    let session = try Self.session()
    guard case let .changed(lines, _) = try Self.send(session, "hide tab search") else {
      Issue.record("hide tab search did not change the state")
      return
    }
    #expect(lines == ["hidden search"])
    #expect(session.state.visibleTabIDs == ["home", "profile"])
    guard case let .failed(message) = try Self.send(session, "tab search") else {
      Issue.record("a tap on a hidden tab must fail")
      return
    }
    #expect(message.contains("cannot select tab 'search': it is hidden"))
    guard case let .failed(refused) = try Self.send(session, "hide tab home") else {
      Issue.record("hiding a tab not declared hideable must fail")
      return
    }
    #expect(refused.contains("cannot hide tab 'home': it is not declared hideable"))
    try Self.send(session, "order tabs profile search home")
    try Self.send(session, "feed.badge")
    let json = StateJSON.render(session.state)
    #expect(json.contains(#""order":["profile","search","home"],"hidden":["search"],"badges":{"profile":2}"#))
    #expect(StateText.tree(session.state).suffix(3) == ["order profile search home", "hidden search", "badges profile=2"])
    try Self.send(session, "show tab search")
    #expect(session.state.hiddenTabs.isEmpty)
  }

  @Test func showPrintsTheBackGestureOnOneLine() throws {
    let session = try Self.session()
    let root = PhoneView.render(session.state, declarations: session.rules.declarations, backGesture: session.backGesture)
    #expect(root.last == "back gesture: none (at the root)")
    try Self.send(session, "feed.edit")
    let draft = PhoneView.render(session.state, declarations: session.rules.declarations, backGesture: session.backGesture)
    #expect(draft.last == "back gesture: refused by guard 'unsaved draft': discard the draft? (it asks: the back button asks the user)")
    try Self.send(session, "feed.badge")
    try Self.send(session, "hide tab search")
    let bar = PhoneView.render(session.state, declarations: session.rules.declarations)
    #expect(bar.contains { $0.contains("[home]  profile (2)") })
    #expect(!bar.contains { $0.contains("search") })
  }

  @Test func checkExploresHideAndShowOnlyForHideableTabsAndReorderingOnlyWhenAsked() throws {
    func states(_ source: String, customization: Bool = false) throws -> Int {
      let session = try Self.session(source)
      var explorer = StateExplorer(session: session, depth: 4, maxStates: 10_000, quiet: true, customization: customization)
      explorer.jobs = 1
      return explorer.run().states
    }
    // No hideable tab: badges are no reason to explore more, and nothing else is explored.
    #expect(try states(Self.plain) == 2)
    #expect(try states(Self.plain, customization: true) == 4, "two tabs: two orders")
    let hideable = try states(Self.script)
    let withoutHiding = try states(Self.script.replacingOccurrences(of: ", hideable = true", with: ""))
    #expect(hideable > withoutHiding)
  }
}
