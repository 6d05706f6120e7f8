import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: what a rule reads through `nav` — `tab`, `top`, `depth`, `contains`, `stack`,
  /// `context`, `event` — always the state before the rule's batch, and never writable.
  /// The rules emit what they read, so the host sees it as an event payload.
  @MainActor
  @Suite("nav views")
  struct NavViewTests {
    typealias Lab = LabScript

    @Test func readTheSelectedTabsTopItsDepthAndWhatItContains() throws {
      let flow = try ScriptedFlow(lab: """
        nav:emit("seen", { top = nav.top, depth = nav.depth, item = nav:contains("item"), orders = nav:contains("orders") })
        """)
      flow.perform([.push(Lab.item(3)), .presentSheet(Lab.login)])
      try flow.send("go")
      flow.perform([.selectTab("profile")])
      try flow.send("go")
      #expect(flow.events.map(\.payload) == [
        ["top": "login", "depth": 3, "item": true, "orders": false],
        ["top": "account", "depth": 1, "item": false, "orders": false],
      ])
    }

    /// A view `nav.tab` and a method `nav:tab(id)` would both be `nav["tab"]` in Lua, so the
    /// method keeps the name and the view is
    /// `nav.currentTab`.
    @Test func currentTabNamesTheSelectedTabOrTheTabOfANavMadeByTab() throws {
      let flow = try ScriptedFlow(
        lab: #"nav:emit("seen", { selected = nav.currentTab, other = nav:tab("profile").currentTab, method = type(nav.tab) })"#)
      try flow.send("go")
      #expect(flow.events == [NavigationEvent("seen", payload: ["selected": "home", "other": "profile", "method": "function"])])
    }

    @Test func stackListsEveryRouteRootFirstWithScreenStyleAndState() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("stack", { stack = nav.stack, second = nav.stack[2].state.id })"#)
      flow.perform([.push(Lab.item(3)), .presentSheet(Lab.orders(2), withNavigation: true), .presentCover(Lab.login)])
      try flow.send("go")
      let stack: FlowValue = [
        ["screen": "feed", "style": "root", "state": [:]],
        ["screen": "item", "style": "push", "state": ["id": 3, "qty": 1]],
        ["screen": "orders", "style": "sheet", "state": ["highlight": 2]],
        ["screen": "login", "style": "cover", "state": [:]],
      ]
      #expect(flow.events == [NavigationEvent("stack", payload: ["stack": stack, "second": 3])])
    }

    @Test func aNavForAnotherTabReadsThatTab() throws {
      let flow = try ScriptedFlow(lab: """
        local profile = nav:tab("profile")
        nav:emit("seen", { top = profile.top, depth = profile.depth, orders = profile:contains("orders"),
          stack = #profile.stack, selectedTop = nav.top })
        """)
      flow.perform([.tab("profile", .push(Lab.orders(1))), .push(Lab.item(1)), .push(Lab.item(2))])
      try flow.send("go")
      #expect(flow.events.map(\.payload) == [
        ["top": "orders", "depth": 2, "orders": true, "stack": 2, "selectedTop": "item"]
      ])
    }

    @Test func contextHoldsTheValuesTheHostSet() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("context", { loggedIn = nav.context.loggedIn, user = nav.context.user })"#)
      try flow.send("go")
      flow.store.send(.setContext("loggedIn", true))
      flow.store.send(.setContext("user", ["name": "Ann"]))
      try flow.send("go")
      flow.store.send(.setContext("loggedIn", nil))
      try flow.send("go")
      #expect(flow.events.map(\.payload) == [
        [:],
        ["loggedIn": true, "user": ["name": "Ann"]],
        ["user": ["name": "Ann"]],
      ])
    }

    @Test func eventNamesTheScreenTheActionAndTheTabOfTheRouteThatSentIt() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("event", { event = nav.event, top = nav.top })"#)
      flow.perform([.push(Lab.item(3)), .tab("profile", .push(Lab.orders()))])
      try flow.send("go", from: "item")
      // A route of a tab that is not selected: `nav` reads (and changes) the route's own tab.
      try flow.send("go", from: "orders", in: "profile")
      #expect(flow.events.map(\.payload) == [
        ["event": ["screen": "item", "action": "go", "tab": "home"], "top": "item"],
        ["event": ["screen": "orders", "action": "go", "tab": "profile"], "top": "orders"],
      ])
    }

    /// A `screen.action` rule's event comes from its key (the host does not pass the names).
    @Test func aNamedRulesEventNamesItsScreenAndAction() throws {
      let flow = try ScriptedFlow("""
        tab "home" { root = "feed" }
        tab "profile" { root = "account" }
        screen "feed" { actions = { "open" } }
        screen "account" { actions = { "open" } }
        on("feed.open", function(nav) nav:emit("event", nav.event) end)
        on("account.open", function(nav) nav:emit("event", { screen = nav.event.screen, again = nav.event.action }) end)
        """)
      try flow.send("open", from: "feed")
      try flow.send("open", from: "account", in: "profile")
      #expect(flow.events.map(\.payload) == [
        ["screen": "feed", "action": "open", "tab": "home"],
        ["screen": "account", "again": "open"],
      ])
    }

    @Test func viewsShowTheStateBeforeTheBatchNotTheQueuedCommands() throws {
      let flow = try ScriptedFlow(lab: """
        nav:push("item", { id = 1 }); nav:selectTab("profile")
        nav:emit("seen", { top = nav.top, depth = nav.depth, item = nav:contains("item") })
        """)
      try flow.send("go")
      #expect(flow.events == [NavigationEvent("seen", payload: ["top": "feed", "depth": 1, "item": false])])
      #expect(flow.path("home") == "feed > item")
      #expect(flow.state.selectedTab == "profile")
    }

    /// `nav.pop()` instead of `nav:pop()`: the error says how to call it and blames the rule's
    /// line, not the engine's.
    @Test func aMethodCalledWithADotIsAnErrorAtTheRulesLine() throws {
      let flow = try ScriptedFlow(lab: "nav.pop()")
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.message == #"lab.lua:10: expected a nav (call its methods with ':', e.g. nav:push("item"))"#)
    }

    /// Every rule call gets a nav for that call: what one call read or queued is gone in the next.
    @Test func eachCallSeesItsOwnEventAndQueue() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("seen", { screen = nav.event.screen, depth = nav.depth })"#)
      try flow.send("go")
      flow.perform([.push(Lab.item(3))])
      try flow.send("go")
      #expect(flow.events.map(\.payload) == [["screen": "feed", "depth": 1], ["screen": "item", "depth": 2]])
    }

    @Test func navIsReadOnly() throws {
      for (assignment, key) in [(#"nav.top = "item""#, "top"), ("nav.depth = 9", "depth"), ("nav.custom = {}", "custom")] {
        let flow = try ScriptedFlow(lab: assignment)
        let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
        #expect(error.kind == .runtime)
        #expect(error.message == "lab.lua:10: nav is read-only (tried to set '\(key)')")
        #expect(error.rule == "*.go")
      }
    }

    @Test func navHidesItsMetatable() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("meta", { locked = getmetatable(nav) == false })"#)
      try flow.send("go")
      #expect(flow.events.map(\.payload) == [["locked": true]])
    }

    @Test func containsNeedsAScreenName() throws {
      let flow = try ScriptedFlow(lab: "local found = nav:contains(3)")
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.message == "lab.lua:10: contains expects a screen name")
    }

    @Test func aNavForAnUnknownTabIsAnErrorWithTheLikelyTab() throws {
      let flow = try ScriptedFlow(lab: #"local other = nav:tab("profil")"#)
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.message == "lab.lua:10: unknown tab 'profil' — did you mean 'profile'?")
      #expect(error.rule == "*.go")
    }
  }
}
