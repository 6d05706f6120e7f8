import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: which rule an action runs — `screen.action`, else `*.action` over every screen —
  /// and what it receives.
  @MainActor
  @Suite("Rule matching")
  struct RuleMatchingTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 }, "cancelled", "closeTapped" } }
      screen "item" { state = { id = 0 }, actions = { "cancelled", "closeTapped" } }
      screen "login" { actions = { "cancelled", "closeTapped" } }
      on("login.cancelled", function(nav) nav:emit("login.cancelled") end)
      on("*.cancelled", function(nav) nav:emit("*.cancelled") end)
      on("*.closeTapped", function(nav) nav:emit("*.closeTapped") end)
      on("item.closeTapped", function(nav) nav:emit("item.closeTapped") end)
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
      """

    @Test func anExactRuleRunsForItsScreenWithThePayload() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("itemTapped", ["id": 7])
      #expect(flow.state.top.screen == DynamicScreen("item", state: ["id": 7]))
    }

    @Test func aWildcardRuleRunsForEveryScreenWithoutAnExactRule() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.perform([.push(try flow.screen("item")), .presentSheet(try flow.screen("login"))])
      try flow.send("cancelled", from: "feed")
      try flow.send("cancelled", from: "item")
      try flow.send("closeTapped", from: "login")
      try flow.send("closeTapped", from: "feed")
      #expect(flow.events.map(\.name) == ["*.cancelled", "*.cancelled", "*.closeTapped", "*.closeTapped"])
    }

    @Test func anExactRuleBeatsAWildcardDeclaredBeforeOrAfterIt() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.perform([.push(try flow.screen("item")), .presentSheet(try flow.screen("login"))])
      try flow.send("cancelled", from: "login")
      try flow.send("closeTapped", from: "item")
      #expect(flow.events.map(\.name) == ["login.cancelled", "item.closeTapped"])
    }

    @Test func aBatchFromAWildcardRuleNamesTheScreenAndAction() throws {
      let flow = try ScriptedFlow(Self.script)
      let batch = try #require(try flow.batch("cancelled", from: "feed"))
      #expect(batch.source == .rule("feed.cancelled"))
      #expect(batch.commands == [.emit(NavigationEvent("*.cancelled"))])
    }

    @Test func anActionWithoutARuleChangesNothingAndReportsNothing() throws {
      let flow = try ScriptedFlow(Self.script)
      #expect(try flow.batch("buyTapped") == nil)
      try flow.send("buyTapped")
      try flow.send("itemTapped", from: "feed")
      try flow.send("itemTapped", from: "item")
      #expect(flow.path == "feed > item")
      #expect(flow.delegates.isEmpty)
    }

    @Test func handlesTellsWhetherARuleWouldRun() throws {
      let rules = try DynamicRules(source: Self.script)
      #expect(rules.handles(action: "itemTapped", on: "feed"))
      #expect(!rules.handles(action: "itemTapped", on: "item"))
      #expect(rules.handles(action: "cancelled", on: "login"))
      #expect(rules.handles(action: "cancelled", on: "feed"))
      #expect(rules.handles(action: "closeTapped", on: "anything"))
      #expect(!rules.handles(action: "buyTapped", on: "item"))
    }

    @Test func aRuleMayReadItsPayloadAndTheSafeLibraries() throws {
      let flow = try ScriptedFlow("""
        tab "home" { root = "feed" }
        screen "feed" { actions = { "search" } }
        screen "results" { state = { query = "", words = 0 } }
        on("feed.search", function(nav, p)
          local words = 0
          for _ in string.gmatch(p.text, "%a+") do words = words + 1 end
          nav:push("results", { query = string.lower(p.text), words = math.max(words, 1) })
        end)
        """)
      try flow.send("search", ["text": "Red Shoes"])
      #expect(flow.state.top.screen == DynamicScreen("results", state: ["query": "red shoes", "words": 2]))
    }

    @Test func aRuleGetsItsPayloadHoweverItDeclaresIt() throws {
      // A rule declared `function(nav)` is called without a payload (none is made for it); any
      // rule that can read one — a second parameter, or `...` — gets it.
      let flow = try ScriptedFlow("""
        tab "home" { root = "feed" }
        screen "feed" { actions = { "spread", "named", "ignored" } }
        screen "item" { state = { id = 0, count = 0 }, actions = { "closeTapped" } }
        on("feed.spread", function(...)
          local nav, p = ...
          nav:push("item", { id = p.id, count = select("#", ...) })
        end)
        on("feed.named", function(nav, p, extra) nav:push("item", { id = p.id, count = extra == nil and 1 or 2 }) end)
        on("feed.ignored", function(nav) nav:push("item") end)
        on("item.closeTapped", function(nav) nav:pop() end)
        """)
      try flow.send("spread", ["id": 5])
      #expect(flow.state.top.screen == DynamicScreen("item", state: ["id": 5, "count": 2]))
      try flow.send("closeTapped")
      try flow.send("named", ["id": 6])
      #expect(flow.state.top.screen == DynamicScreen("item", state: ["id": 6, "count": 1]))
      try flow.send("closeTapped")
      try flow.send("ignored", ["id": 7])
      #expect(flow.state.top.screen == DynamicScreen("item", state: ["id": 0, "count": 0]))
      #expect(flow.failures.isEmpty)
    }

    @Test func rulesKeepNoStateBetweenCalls() throws {
      // Rules are pure: a counter kept in a variable of the script is refused, and every call
      // sees the value it had when the script loaded.
      let flow = try ScriptedFlow("""
        tab "home" { root = "feed" }
        screen "feed" { actions = { "tapped" } }
        local taps = 0
        on("feed.tapped", function(nav) nav:emit("tap", { count = taps + 1 }); taps = taps + 1 end)
        """)
      try flow.send("tapped")
      try flow.send("tapped")
      #expect(flow.events.isEmpty)
      #expect(flow.failures.map(\.message) == Array(repeating:
        "shop.lua:4: feed.tapped: attempt to assign local 'taps' (held since the script loaded) inside rule "
          + "'feed.tapped' — keep state in screen state or context", count: 2))
    }
  }
}
