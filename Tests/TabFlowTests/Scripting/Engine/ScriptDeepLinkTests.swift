import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/ARCHITECTURE.md §4–§6 and docs/LUA-RULES.md: `deeplink(pattern, handler)` — path parameters and query items reach the
  /// handler as strings, its commands are one batch through the guards, and a URL no pattern
  /// matches, or a handler that fails, changes nothing.
  @MainActor
  @Suite("Deep links")
  struct ScriptDeepLinkTests {
    static let script = """
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" {}
      screen "item" { state = { id = 0, ref = "" } }
      screen "account" {}
      screen "orders" { state = { highlight = 0 } }
      deeplink("shop://item/:id", function(nav, p)
        nav:selectTab("home")
        nav:open({ { "item", { id = tonumber(p.id), ref = p.ref or "" } } }, "keepRoot")
      end)
      deeplink("shop://orders", function(nav, p)
        nav:tab("profile"):open({ { "orders", { highlight = tonumber(p.highlight) or 0 } } }, "append")
        nav:emit("opened", { url = nav.event.url })
      end)
      deeplink("shop://broken/:id", function(nav, p) nav:push("item", { id = p.id }) end)
      """

    @Test func theScriptsPatternsAreTheCoordinatorsDeepLinks() throws {
      let rules = try DynamicRules(source: Self.script)
      #expect(rules.declarations.deepLinks == ["shop://item/:id", "shop://orders", "shop://broken/:id"])
      #expect(rules.deepLinks.patterns.map(\.text) == rules.declarations.deepLinks)
    }

    @Test func pathParametersReachTheHandler() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.perform([.selectTab("profile"), .tab("home", .push(DynamicScreen("item", state: ["id": 1, "ref": ""])))])
      flow.store.send(.openURL("shop://item/7"))
      #expect(flow.state.selectedTab == "home")
      #expect(flow.state.selectedStack.routes == [
        .root(DynamicScreen("feed")), .push(DynamicScreen("item", state: ["id": 7, "ref": ""])),
      ])
      #expect(flow.failures.isEmpty)
    }

    @Test func queryItemsReachTheHandlerAsParameters() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.store.send(.openURL("shop://item/7?ref=mail"))
      #expect(flow.state.top.screen == DynamicScreen("item", state: ["id": 7, "ref": "mail"]))
    }

    @Test func aHandlerMayChangeAnotherTabAndReadTheURL() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.store.send(.openURL("shop://orders?highlight=3"))
      #expect(flow.state.selectedTab == "home")
      #expect(flow.state.stack(for: "profile")?.routes == [
        .root(DynamicScreen("account")), .push(DynamicScreen("orders", state: ["highlight": 3])),
      ])
      #expect(flow.events == [NavigationEvent("opened", payload: ["url": "shop://orders?highlight=3"])])
    }

    @Test func aURLNoPatternMatchesChangesNothing() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.store.send(.openURL("shop://cart"))
      #expect(flow.path == "feed")
      #expect(flow.failures == [
        BatchFailure(
          source: .deepLink("shop://cart"),
          reason: .noDeepLinkMatch(url: "shop://cart", patterns: ["shop://item/:id", "shop://orders", "shop://broken/:id"]))
      ])
    }

    @Test func aFailingHandlerChangesNothingAndSaysWhereAndWhichLink() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.store.send(.openURL("shop://broken/7"))
      #expect(flow.path == "feed")
      #expect(flow.failures == [
        BatchFailure(
          source: .deepLink("shop://broken/7"),
          reason: .ruleFailed(
            RuleFailure("shop.lua:15: deeplink shop://broken/:id: field 'id' of screen 'item' expects a number, got string")))
      ])
    }
  }
}

/// `TabCoordinator(script:guards:deepLinks:)` wires a script in one line: its guards always run
/// (before the extra Swift guards) and the extra deep links are tried after the script's patterns.
@MainActor
@Suite struct ScriptWiringTests {
  @Test func extraDeepLinksAreTriedAfterTheScriptsPatterns() throws {
    let rules = try DynamicRules(source: """
      tab "home" { root = "feed" }
      screen "feed" {}
      screen "item" { state = { id = 0 } }
      deeplink("shop://item/:id", function(nav, p) nav:push("item", { id = tonumber(p.id) }) end)
      """, name: "shop.lua")
    var extra = DeepLinks<DynamicScreen>()
    try extra.register("shop://item/:id") { _, _ in [.push(DynamicScreen("item", state: ["id": 99]))] }
    try extra.register("shop://promo") { _, _ in [.push(DynamicScreen("item", state: ["id": 7]))] }
    let coordinator = TabCoordinator(script: rules, deepLinks: extra)
    #expect(coordinator.deepLinks.patterns.map(\.text) == ["shop://item/:id", "shop://item/:id", "shop://promo"])
    #expect(coordinator.guards.map(\.name) == ["shop.lua guards"])
    var state = try rules.initialState()
    _ = coordinator.apply(.openURL("shop://item/3"), to: &state)
    _ = coordinator.apply(.openURL("shop://promo"), to: &state)
    #expect(state.selectedStack.routes.map(\.screen) == [
      DynamicScreen("feed"), DynamicScreen("item", state: ["id": 3]), DynamicScreen("item", state: ["id": 7]),
    ])
  }
}
