import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: a screen's declared `state` defaults are merged with the payload it is opened
  /// with; an unknown field, a value of the wrong kind, an unknown screen or tab is an error
  /// raised where the rule called `nav` — with the script's `file:line`, the rule and a suggestion.
  @MainActor
  @Suite("Screen state and names")
  struct ScreenStateTests {
    static let script = """
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { "open", "typo", "wrongKind", "noState", "notATable", "badTab", "badScreen", "nested" } }
      screen "item" { state = { id = 0, qty = 1, note = "", gift = false, tags = {} }, actions = { "buyTapped" } }
      screen "account" {}
      on("feed.open", function(nav, p) nav:push("item", p) end)
      on("feed.typo", function(nav) nav:push("item", { id = 1, quantity = 2 }) end)
      on("feed.wrongKind", function(nav) nav:push("item", { id = "seven" }) end)
      on("feed.noState", function(nav) nav:presentSheet("account", { id = 1 }) end)
      on("feed.notATable", function(nav) nav:push("item", 7) end)
      on("feed.badTab", function(nav) nav:selectTab("profiles") end)
      on("feed.badScreen", function(nav) nav:presentCover("itme") end)
      on("feed.nested", function(nav) nav:tab("profile"):push("item", { qyt = 1 }) end)
      """

    static func error(_ action: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScriptError {
      let flow = try ScriptedFlow(script)
      return try #require(throws: ScriptError.self, sourceLocation: sourceLocation) { try flow.batch(action) }
    }

    /// A field whose default is `false` is declared like any other: a payload may set it.
    @Test func aFieldDefaultingToFalseCanBeSet() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("open", ["id": 4, "gift": true], from: "feed")
      #expect(flow.state.selectedStack.top.screen
        == DynamicScreen("item", state: ["id": 4, "qty": 1, "note": "", "gift": true, "tags": [:]]))
    }

    @Test func thePayloadIsMergedOverTheDeclaredDefaults() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("open", ["id": 3, "tags": ["red"]], from: "feed")
      try flow.send("open", [:], from: "feed")
      #expect(flow.state.selectedStack.routes.map(\.screen) == [
        DynamicScreen("feed"),
        DynamicScreen("item", state: ["id": 3, "qty": 1, "note": "", "gift": false, "tags": ["red"]]),
        DynamicScreen("item", state: ["id": 0, "qty": 1, "note": "", "gift": false, "tags": [:]]),
      ])
    }

    @Test func numbersMixIntegersAndDecimals() throws {
      let flow = try ScriptedFlow(Self.script)
      try flow.send("open", ["id": 2.5], from: "feed")
      #expect(flow.state.top.screen.state["id"] == 2.5)
    }

    @Test func anUnknownFieldNamesTheScreenItsFieldsAndTheLikelyOne() throws {
      let error = try Self.error("typo")
      #expect(error.kind == .runtime)
      #expect(error.rule == "feed.typo")
      #expect(error.message == "shop.lua:7: screen 'item' has no field 'quantity' (fields: gift, id, note, qty, tags)")
      #expect(
        error.description == "shop.lua:7: feed.typo: screen 'item' has no field 'quantity' (fields: gift, id, note, qty, tags)")
    }

    @Test func aCloseMisspellingGetsADidYouMean() throws {
      let error = try Self.error("nested")
      #expect(error.message == """
        shop.lua:13: screen 'item' has no field 'qyt' (fields: gift, id, note, qty, tags) — did you mean 'qty'?
        """)
      #expect(error.rule == "feed.nested")
    }

    @Test func aValueOfTheWrongKindNamesTheFieldAndBothKinds() throws {
      let error = try Self.error("wrongKind")
      #expect(error.message == "shop.lua:8: field 'id' of screen 'item' expects a number, got string")
      #expect(error.rule == "feed.wrongKind")
    }

    @Test func aScreenWithoutStateRefusesAnyField() throws {
      let error = try Self.error("noState")
      #expect(error.message == "shop.lua:9: screen 'account' has no state, but the payload sets 'id'")
    }

    @Test func theStateMustBeATable() throws {
      let error = try Self.error("notATable")
      #expect(error.message == "shop.lua:10: the state of 'item' must be a table, got number")
    }

    @Test func anUnknownTabNamesTheLikelyOne() throws {
      let error = try Self.error("badTab")
      #expect(error.message == "shop.lua:11: unknown tab 'profiles' — did you mean 'profile'?")
      #expect(error.rule == "feed.badTab")
    }

    @Test func anUnknownScreenNamesTheLikelyOne() throws {
      let error = try Self.error("badScreen")
      #expect(error.message == "shop.lua:12: unknown screen 'itme' — did you mean 'item'?")
      #expect(error.rule == "feed.badScreen")
      #expect(error.traceback?.contains("shop.lua:12:") == true)
    }

    @Test func aPayloadErrorThroughTheCoordinatorDiscardsTheBatchAndSaysWhere() throws {
      let flow = try ScriptedFlow(Self.script)
      let feed = try flow.routeID(of: "feed")
      try flow.send("typo", from: "feed")
      #expect(flow.path == "feed")
      #expect(flow.failures == [
        BatchFailure(
          source: .screenAction(tab: "home", route: feed),
          reason: .ruleFailed(
            RuleFailure("shop.lua:7: feed.typo: screen 'item' has no field 'quantity' (fields: gift, id, note, qty, tags)")))
      ])
    }

    // MARK: - Screens made by the host

    @Test func theHostOpensScreensWithTheSameDefaultsAndChecks() throws {
      let rules = try DynamicRules(source: Self.script, name: "shop.lua")
      #expect(try rules.screen(named: "item", payload: ["id": 4]) == DynamicScreen(
        "item", state: ["id": 4, "qty": 1, "note": "", "gift": false, "tags": [:]]))
      #expect(try rules.screen(named: "account") == DynamicScreen("account"))

      let unknown = try #require(throws: ScriptError.self) { try rules.screen(named: "acount") }
      #expect(unknown.kind == .unknownName)
      #expect(unknown.message == "unknown screen 'acount' — did you mean 'account'?")

      let field = try #require(throws: ScriptError.self) { try rules.screen(named: "item", payload: ["qyt": 2]) }
      #expect(field.kind == .payload)
      #expect(field.message == "screen 'item' has no field 'qyt' (fields: gift, id, note, qty, tags) — did you mean 'qty'?")

      let kind = try #require(throws: ScriptError.self) { try rules.screen(named: "item", payload: ["gift": "yes"]) }
      #expect(kind.message == "field 'gift' of screen 'item' expects a value of kind boolean, got string")
    }
  }
}
