import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: the declaration forms of a script — `app`, `tab`, `screen`, `on`, `deeplink`,
  /// `guard` — as the host reads them, and the errors each form raises at the script's line.
  @MainActor
  @Suite("Declarations")
  struct DeclarationTests {
    static let screens = """
      screen "feed" { title = "Feed", actions = { "cartTapped", itemTapped = { id = 1 }, "cartTapped" } }
      screen "item" { state = { id = 0, qty = 1 }, actions = { buyTapped = {}, addTapped = { qty = 2 } } }
      screen "search" { state = { query = "" } }
      screen "account" {}
      """

    /// The error loading `source` raises.
    static func loadError(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScriptError {
      try #require(throws: ScriptError.self, sourceLocation: sourceLocation) {
        try DynamicRules(source: source, name: "shop.lua")
      }
    }

    // MARK: - app

    @Test func appNamesTheFlowAndMaySetTheBackBehaviour() throws {
      let history = try DynamicRules(
        source: "app \"Shop\" { back = \"history\" }\ntab \"home\" { root = \"feed\" }\n" + Self.screens)
      #expect(history.declarations.app == "Shop")
      #expect(history.declarations.backBehavior == .history)
      #expect(try history.initialState().backBehavior == .history)

      let plain = try DynamicRules(source: "app \"Shop\"\ntab \"home\" { root = \"feed\" }\n" + Self.screens)
      #expect(plain.declarations.app == "Shop")
      #expect(plain.declarations.backBehavior == .none)

      let anonymous = try DynamicRules(source: "tab \"home\" { root = \"feed\" }\n" + Self.screens)
      #expect(anonymous.declarations.app == "")
      #expect(try anonymous.initialState().backBehavior == .none)
    }

    @Test func appErrorsSayWhere() throws {
      let cases = [
        #"app "Shop" { back = "sideways" }"#: #"shop.lua:1: app back must be "none", "history", "firstRoute", "initialRoute" or "order", got sideways"#,
        #"app "Shop" "options""#: "shop.lua:1: app options must be a table",
        "app(42)": "shop.lua:1: app name must be a non-empty string, got number",
      ]
      for (line, message) in cases {
        #expect(try Self.loadError(line + "\ntab \"home\" { root = \"feed\" }\n" + Self.screens).message == message)
      }
    }

    // MARK: - tab

    @Test func tabsKeepTheirOrderRootTitleReselectPolicyAndNavigation() throws {
      let rules = try DynamicRules(source: """
        tab "home" { root = "feed", title = "Home" }
        tab "search" { root = "search", navigation = false }
        tab "profile" { root = "account", reselect = "none", title = "Me" }
        """ + "\n" + Self.screens)
      let tabs = rules.declarations.tabs
      #expect(tabs.map(\.id) == ["home", "search", "profile"])
      #expect(tabs.map(\.root) == ["feed", "search", "account"])
      #expect(tabs.map(\.title) == ["Home", "search", "Me"])
      #expect(tabs.map(\.reselect) == [.popToRoot, .popToRoot, .none])
      #expect(tabs.map(\.navigation) == [true, false, true])
      #expect(rules.declarations.tabIDs == ["home", "search", "profile"])
    }

    @Test func theInitialStateHasEveryTabAtItsRootWithDefaultsAndTheFirstSelected() throws {
      let rules = try DynamicRules(source: """
        tab "home" { root = "feed" }
        tab "search" { root = "search", navigation = false }
        tab "profile" { root = "account", reselect = "none" }
        """ + "\n" + Self.screens)
      let state = try rules.initialState()
      #expect(state.tabIDs == ["home", "search", "profile"])
      #expect(state.selectedTab == "home")
      #expect(state.tabs.map(\.reselect) == [.popToRoot, .popToRoot, .none])
      #expect(state.stack(for: "home")?.routes == [.root(DynamicScreen("feed"), withNavigation: true)])
      #expect(state.stack(for: "search")?.routes == [
        .root(DynamicScreen("search", state: ["query": ""]), withNavigation: false)
      ])
      #expect(state.stack(for: "profile")?.routes == [.root(DynamicScreen("account"))])
      #expect(state.context.isEmpty)
    }

    @Test func theDeclaredReselectPolicyAndBackBehaviourDriveTheTabBar() throws {
      let flow = try ScriptedFlow("""
        app "Shop" { back = "history" }
        tab "home" { root = "feed" }
        tab "profile" { root = "account", reselect = "none" }
        """ + "\n" + Self.screens)
      flow.perform([.push(try flow.screen("item")), .tab("profile", .push(try flow.screen("search")))])
      flow.store.send(.tabTapped("home"))
      #expect(flow.path == "feed")
      flow.store.send(.tabTapped("profile"))
      flow.store.send(.tabTapped("profile"))
      #expect(flow.path == "account > search")
      flow.store.send(.back)
      flow.store.send(.back)
      #expect(flow.state.selectedTab == "home")
      #expect(flow.delegates == [.report(.poppedToRoot("home")), .report(.reselected("profile"))])
    }

    @Test func tabErrorsSayWhere() throws {
      let cases = [
        #"tab "home" "feed""#: #"shop.lua:5: tab 'home' needs a table, e.g. { root = "feed" }"#,
        #"tab "home" {}"#: #"shop.lua:5: tab 'home' needs root = "<screen>""#,
        #"tab "home" { root = "feed", reselect = "always" }"#:
          #"shop.lua:5: tab 'home': reselect must be "popToRoot" or "none", got always"#,
        #"tab "home" { root = "feed", navigation = "yes" }"#: "shop.lua:5: tab 'home': navigation must be a boolean",
        #"tab "" { root = "feed" }"#: "shop.lua:5: tab id must be a non-empty string, got string",
        #"tab(7)"#: "shop.lua:5: tab id must be a non-empty string, got number",
      ]
      for (line, message) in cases {
        #expect(try Self.loadError(Self.screens + "\n" + line).message == message)
      }
    }

    // MARK: - screen

    @Test func screensKeepTitleStateDefaultsAndActionsWithSamplePayloads() throws {
      let rules = try DynamicRules(source: "tab \"home\" { root = \"feed\" }\n" + Self.screens)
      #expect(rules.declarations.screenNames == ["feed", "item", "search", "account"])

      let feed = try #require(rules.declarations.screen(named: "feed"))
      #expect(feed.title == "Feed")
      #expect(feed.stateDefaults.isEmpty)
      // Listed actions first, in order and without repeats; then named ones, sorted.
      #expect(feed.actionList == ["cartTapped", "itemTapped"])
      #expect(feed.actions.map(\.sample) == [[:], ["id": 1]])
      #expect(feed.declares(action: "itemTapped"))
      #expect(!feed.declares(action: "buyTapped"))

      let item = try #require(rules.declarations.screen(named: "item"))
      #expect(item.title == "item")
      #expect(item.stateDefaults == ["id": 0, "qty": 1])
      #expect(item.actionList == ["addTapped", "buyTapped"])
      #expect(item.actions.map(\.sample) == [["qty": 2], [:]])

      let account = try #require(rules.declarations.screen(named: "account"))
      #expect(account.actionList.isEmpty)
      #expect(account.stateDefaults.isEmpty)
    }

    @Test func screenErrorsSayWhere() throws {
      let cases = [
        #"screen "help" "text""#: "shop.lua:6: screen 'help' needs a table",
        #"screen "help" { state = 3 }"#: "shop.lua:6: screen 'help': state must be a table of defaults",
        #"screen "help" { state = { 1, 2 } }"#: "shop.lua:6: screen 'help': state fields must be named",
        #"screen "help" { actions = "done" }"#: "shop.lua:6: screen 'help': actions must be a table",
        #"screen "help" { actions = { "done", 3 } }"#: "shop.lua:6: screen 'help': action 2 must be a name",
        #"screen "help" { actions = { done = true } }"#:
          "shop.lua:6: screen 'help': the sample payload of 'done' must be a table",
        #"screen(false)"#: "shop.lua:6: screen name must be a non-empty string, got boolean",
      ]
      for (line, message) in cases {
        #expect(try Self.loadError("tab \"home\" { root = \"feed\" }\n" + Self.screens + "\n" + line).message == message)
      }
    }

    // MARK: - on, deeplink, guard

    @Test func rulesDeepLinksAndGuardsAreListedInDeclarationOrder() throws {
      let rules = try DynamicRules(source: "tab \"home\" { root = \"feed\" }\n" + Self.screens + """

        on("item.buyTapped", function(nav) end)
        on("*.cartTapped", function(nav) end)
        on("feed.itemTapped", function(nav, p) end)
        deeplink("shop://item/:id", function(nav, p) end)
        deeplink("shop://search", function(nav, p) end)
        guard("auth", function(change) end)
        guard(function(change) end)
        guard("stock", function(change) end)
        guard(function(change) end)
        """)
      #expect(rules.declarations.rules == ["item.buyTapped", "*.cartTapped", "feed.itemTapped"])
      #expect(rules.declarations.deepLinks == ["shop://item/:id", "shop://search"])
      #expect(rules.declarations.guards == ["auth", "guard #2", "stock", "guard #4"])
    }

    @Test func ruleDeepLinkAndGuardErrorsSayWhere() throws {
      let cases = [
        #"on("feed", function() end)"#: #"shop.lua:6: rule key 'feed' must be "screen.action" or "*.action""#,
        #"on("feed.", function() end)"#: #"shop.lua:6: rule key 'feed.' must be "screen.action" or "*.action""#,
        #"on("feed.*", function() end)"#: #"shop.lua:6: rule key 'feed.*' must be "screen.action" or "*.action""#,
        #"on("feed.itemTapped")"#: "shop.lua:6: rule 'feed.itemTapped' needs a function(nav, payload)",
        #"on(nil, function() end)"#: "shop.lua:6: rule key must be a non-empty string, got nil",
        #"deeplink("shop://item/:id", "item")"#: "shop.lua:6: deeplink 'shop://item/:id' needs a function(nav, params)",
        #"deeplink("", function() end)"#: "shop.lua:6: deep-link pattern must be a non-empty string, got string",
        #"guard("auth", 42)"#: "shop.lua:6: guard 'auth' needs a function(change)",
        #"guard(42, function() end)"#: "shop.lua:6: guard name must be a non-empty string, got number",
      ]
      for (line, message) in cases {
        #expect(try Self.loadError("tab \"home\" { root = \"feed\" }\n" + Self.screens + "\n" + line).message == message)
      }
    }

    @Test func aScriptMayUseLocalsAndTheSafeLibrariesToDeclare() throws {
      let rules = try DynamicRules(source: """
        local names = { "feed", "item", "cart" }
        for _, name in ipairs(names) do
          screen(name) { title = string.upper(name:sub(1, 1)) .. name:sub(2), actions = { "closeTapped" } }
        end
        tab "home" { root = names[1] }
        on("*.closeTapped", function(nav) nav:dismiss() end)
        """)
      #expect(rules.declarations.screens.map(\.title) == ["Feed", "Item", "Cart"])
      #expect(rules.chunk == "rules.lua")
    }
  }
}
