import Testing

@testable import TabFlow
@testable import TabFlowLua

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: a tab declares its role, sidebar section, image and whether the user may
  /// hide it; rules set badges with `nav:badge`, which are state.
  @MainActor
  @Suite("Tab bar in scripts")
  struct TabBarScriptTests {
    static let source = """
      app "Shop"
      tab "home" { root = "feed" }
      tab "search" { root = "query", role = "search", section = "Browse", image = "magnifyingglass", hideable = true }
      tab "orders" { root = "list", role = "prominent", image = "bag" }
      screen "feed" { actions = { "go", "clear", "text", "other" } }
      screen "query" { actions = { "go" } }
      screen "list" {}
      on("feed.go", function(nav) nav:badge("orders", 3) end)
      on("feed.clear", function(nav) nav:badge("orders", nil) end)
      on("feed.text", function(nav) nav:badge("search", "new") end)
      on("feed.other", function(nav) nav:tab("search"):badge("orders", 1) end)
      on("query.go", function(nav) nav:selectTab("home") end)
      """

    @Test func tabsCarryTheirTabBarDeclarations() throws {
      let flow = try ScriptedFlow(Self.source)
      let items = flow.state.tabs.map(\.item)
      #expect(items == [
        TabBarItem(),
        TabBarItem(role: .search, section: "Browse", image: "magnifyingglass", hideable: true),
        TabBarItem(role: .prominent, image: "bag"),
      ])
      #expect(flow.rules.declarations.tabs[1].item.hideable)
    }

    @Test func rulesSetAndClearBadges() throws {
      let flow = try ScriptedFlow(Self.source)
      try flow.send("go")
      #expect(flow.state.badges == ["orders": .count(3)])
      try flow.send("text")
      #expect(flow.state.badge(of: "search") == .text("new"))
      try flow.send("clear")
      #expect(flow.state.badges == ["search": .text("new")])
      try flow.send("other")
      #expect(flow.state.badge(of: "orders") == .count(1), "a badge is not a stack command: nav:tab does not matter")
      #expect(flow.failures.isEmpty)
    }

    @Test(arguments: [
      (#"role = "tab""#, #"tab 'home': role must be "search" or "prominent", got tab"#),
      ("hideable = 1", "tab 'home': hideable must be a boolean"),
      ("image = 3", "tab 'home': image must be a string, got number"),
      ("section = {}", "tab 'home': section must be a string, got table"),
    ])
    func badTabBarOptionsAreRefused(option: String, message: String) throws {
      let error = try #require(throws: ScriptError.self) {
        try DynamicRules(source: "tab \"home\" { root = \"feed\", \(option) }\nscreen \"feed\" {}", name: "shop.lua")
      }
      #expect(error.message == "shop.lua:1: " + message)
    }

    @Test(arguments: [
      (#"nav:badge("orders", 1.5)"#, "badge 'orders': the value must be a whole number, a string or nil, got number"),
      (#"nav:badge("orders", {})"#, "badge 'orders': the value must be a whole number, a string or nil, got table"),
      (#"nav:badge("cart", 1)"#, "unknown tab 'cart'"),
    ])
    func badBadgesFailTheRule(call: String, message: String) throws {
      let flow = try ScriptedFlow("""
        tab "home" { root = "feed" }
        tab "orders" { root = "list" }
        screen "feed" { actions = { "go" } }
        screen "list" {}
        on("feed.go", function(nav) \(call) end)
        """)
      try flow.send("go")
      let failure = try #require(flow.failures.first)
      #expect(failure.message.contains(message), "\(failure.message)")
      #expect(flow.state.badges.isEmpty)
    }
  }
}
