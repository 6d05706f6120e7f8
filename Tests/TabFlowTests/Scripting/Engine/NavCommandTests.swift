import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: every command a rule queues through `nav`, applied to the coordinator after the
  /// rule returns. Stacks are set up with host commands; the `go` rule under test runs from the top.
  @MainActor
  @Suite("nav commands")
  struct NavCommandTests {
    typealias Lab = LabScript

    // MARK: - Push and present

    @Test func pushOpensTheScreenWithItsDefaultsUnderThePayload() throws {
      let flow = try ScriptedFlow(lab: #"nav:push("item", { id = 3 }); nav:push("item")"#)
      try flow.send("go")
      #expect(flow.state.selectedStack.routes == [.root(Lab.feed), .push(Lab.item(3)), .push(Lab.item(0))])
      #expect(flow.failures.isEmpty)
    }

    /// The host reads a push on the rule's own nav directly when its screen name is one the
    /// script declared and its state a plain table of scalars, and field by field otherwise (a
    /// table frozen at load, nested values, a name made at run time); `nav:pop()` is known by
    /// identity. Every way gives the same commands.
    @Test func everyWayOfQueueingAPushOrAPopGivesTheSameCommands() throws {
      let long = String(repeating: "long", count: 12)  // 48 characters: not interned by Lua
      let flow = try ScriptedFlow(
        """
        app "Reads"
        tab "home" { root = "feed" }
        screen "feed" { actions = { "go" } }
        screen "item" { state = { id = 0, qty = 1, note = "", tags = {} }, actions = { "go" } }
        screen "\(long)" { state = { id = 0 }, actions = { "go" } }
        screen "wide" { state = { \(long) = 0, n = 0 } }
        local DEFAULTS = { id = 7, qty = 2 }
        on("feed.go", function(nav, p)
          nav:push("item", { id = p.id, qty = 2.5, note = "n" })
          nav:push("item", DEFAULTS)
          nav:push("it" .. "em", { id = 4, tags = { "a", "b" } })
          nav:push("\(long)", { id = 5 })
          nav:push(string.rep("long", 12))
          nav:push("item")
          nav:push("wide", { \(long) = 1, n = 2 })
          nav:push("wide", { n = 3 })
          nav:pop()
          nav:pop(1)
        end)
        """, name: "reads.lua")
      let item = { (state: [String: FlowValue]) in
        DynamicScreen("item", state: ["id": 0, "qty": 1, "note": "", "tags": .emptyObject].merging(state) { $1 })
      }
      let batch = try #require(try flow.batch("go", ["id": 3]))
      #expect(batch.commands == [
        .push(item(["id": 3, "qty": 2.5, "note": "n"])),
        .push(item(["id": 7, "qty": 2])),
        .push(item(["id": 4, "tags": ["a", "b"]])),
        .push(DynamicScreen(long, state: ["id": 5])),
        .push(DynamicScreen(long, state: ["id": 0])),
        .push(item([:])),
        .push(DynamicScreen("wide", state: [long: 1, "n": 2])),
        .push(DynamicScreen("wide", state: [long: 0, "n": 3])),
        .pop(count: 1),
        .pop(count: 1),
      ])
    }

    /// A state table the rule changes after queueing it is read as the host finds it, and the
    /// host's own check names what no longer fits.
    @Test func aStateChangedAfterItsPushIsCheckedWhenRead() throws {
      let flow = try ScriptedFlow(
        """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "later", "wrong", "unknown" } }
        screen "item" { state = { id = 0, note = "" } }
        on("feed.later", function(nav) local s = { id = 1 }; nav:push("item", s); s.note = "n" end)
        on("feed.wrong", function(nav) local s = { id = 1 }; nav:push("item", s); s.id = "x" end)
        on("feed.unknown", function(nav) local s = { id = 1 }; nav:push("item", s); s.idd = 2 end)
        """, name: "later.lua")
      #expect(try flow.batch("later")?.commands == [.push(DynamicScreen("item", state: ["id": 1, "note": "n"]))])
      do {
        _ = try flow.batch("wrong")
        Issue.record("a value of another kind was accepted")
      } catch {
        #expect("\(error)".contains("field 'id' of screen 'item' expects a value of kind integer, got string"))
      }
      do {
        _ = try flow.batch("unknown")
        Issue.record("a field the screen does not declare was accepted")
      } catch {
        #expect("\(error)".contains("screen 'item' has no field 'idd'"))
      }
    }

    /// The engine makes push and pop on the rule's own nav in C; on a nav made by `nav:tab(id)`
    /// they go through the DSL and are addressed to that tab, and the rule's own pops stay its own.
    @Test func pushAndPopOnAnotherTabsNavAreAddressedToIt() throws {
      let flow = try ScriptedFlow(lab: """
        nav:tab("profile"):pop(); nav:pop(); nav:tab("profile"):push("item", { id = 1 }); nav:push("item", { id = 2 })
        nav:tab("profile"):pop(1); nav:pop()
        """)
      let batch = try #require(try flow.batch("go"))
      #expect(batch.commands == [
        .tab("profile", .pop(count: 1)), .pop(count: 1), .tab("profile", .push(Lab.item(1))), .push(Lab.item(2)),
        .tab("profile", .pop(count: 1)), .pop(count: 1),
      ])
    }

    /// Every rule call starts from an empty queue, whatever the call before it queued or
    /// whether it failed half-way (the engine reuses one queue table).
    @Test func eachRuleCallQueuesOnlyItsOwnCommands() throws {
      let flow = try ScriptedFlow(
        """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "two", "none", "fail", "one" } }
        screen "item" { state = { id = 0 } }
        on("feed.two", function(nav) nav:push("item", { id = 1 }); nav:push("item", { id = 2 }) end)
        on("feed.none", function(nav) end)
        on("feed.fail", function(nav) nav:push("item", { id = 3 }); nav:pop(); error("stop") end)
        on("feed.one", function(nav) nav:push("item", { id = 4 }) end)
        """, name: "queue.lua")
      let item = { (id: Int) in DynamicScreen("item", state: ["id": .int(id)]) }
      #expect(try flow.batch("two")?.commands == [.push(item(1)), .push(item(2))])
      #expect(try flow.batch("none")?.commands == [])
      #expect(throws: ScriptError.self) { try flow.batch("fail") }
      #expect(try flow.batch("one")?.commands == [.push(item(4))])
      #expect(try flow.batch("none")?.commands == [])
    }

    @Test func presentSheetDefaultsToAFullHeightSheetWithoutNavigation() throws {
      let flow = try ScriptedFlow(lab: #"nav:presentSheet("login")"#)
      try flow.send("go")
      #expect(flow.state.top == .sheet(Lab.login, withNavigation: false, configuration: .default))
      #expect(flow.state.top.sheetConfiguration?.showDragIndicator == true)
    }

    @Test func presentSheetTakesNavigationDetentsAndDragIndicator() throws {
      let flow = try ScriptedFlow(lab: """
        nav:presentSheet("item", { id = 4 }, { navigation = true, detents = { "medium", "fraction:0.3", "height:240" },
          dragIndicator = false })
        """)
      try flow.send("go")
      let configuration = SheetConfiguration(detents: [.medium, .fraction(0.3), .height(240)], showDragIndicator: false)
      #expect(flow.state.top == .sheet(Lab.item(4), withNavigation: true, configuration: configuration))
    }

    @Test func presentationOptionsAreCheckedAndErrorsNameTheRulesLine() throws {
      // Options are checked by the host after the rule returns, so the error names the line that
      // declared the rule (`on("*.go", …)` is line 9) rather than the call.
      let cases = [
        #"nav:presentSheet("login", {}, { detents = { "huge" } })"#:
          #"lab.lua:9: unknown sheet detent "huge" (medium, large, fraction:<0…1>, height:<points>)"#,
        #"nav:presentSheet("login", {}, { detents = "medium" })"#:
          #"lab.lua:9: detents must be a list like {"medium", "large"}, got "medium""#,
        #"nav:presentSheet("login", {}, { navigation = "yes" })"#: #"lab.lua:9: navigation must be true or false, got "yes""#,
        #"nav:presentSheet("login", {}, { dragIndicator = 1 })"#: "lab.lua:9: dragIndicator must be true or false, got 1",
        #"nav:presentCover("login", {}, { navigation = 1 })"#: "lab.lua:9: navigation must be true or false, got 1",
        #"nav:presentSheet("login", {}, "large")"#: "lab.lua:10: presentSheet options must be a table",
        #"nav:presentCover("login", {}, true)"#: "lab.lua:10: presentCover options must be a table",
      ]
      for (call, message) in cases {
        let flow = try ScriptedFlow(lab: call)
        let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
        #expect(error.message == message, "\(call)")
        #expect(error.rule == "*.go", "\(call)")
      }
    }

    @Test func aSheetWithNavigationTakesPushesAndOneWithoutRefusesThem() throws {
      let flow = try ScriptedFlow(lab: #"nav:presentSheet("login", {}, { navigation = p.navigation }); nav:push("item")"#)
      try flow.send("go", ["navigation": true])
      #expect(flow.path == "feed > sheet:login > item")

      let plain = try ScriptedFlow(lab: #"nav:presentSheet("login", {}, { navigation = p.navigation }); nav:push("item")"#)
      try plain.send("go", ["navigation": false])
      #expect(plain.path == "feed")
      #expect(plain.failures.map(\.message) == [
        "cannot push 'item': the top layer 'login' (sheet) has no navigation — present it with navigation: true"
      ])
    }

    @Test func presentCoverTakesNavigation() throws {
      let flow = try ScriptedFlow(lab: #"nav:presentCover("login"); nav:presentCover("item", { id = 2 }, { navigation = true })"#)
      try flow.send("go")
      #expect(Array(flow.state.selectedStack.routes.dropFirst()) == [
        .cover(Lab.login, withNavigation: false), .cover(Lab.item(2), withNavigation: true),
      ])
    }

    // MARK: - Going back

    @Test func popAndGoBackRemoveRoutesByCount() throws {
      let flow = try ScriptedFlow(lab: "nav:pop(p.pop); nav:goBack(p.goBack)")
      flow.perform([.push(Lab.item(1)), .push(Lab.item(2)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.item(3))])
      try flow.send("go", ["pop": 1, "goBack": 2])
      #expect(flow.path == "feed > item")
      #expect(flow.failures.isEmpty)
    }

    @Test func popWithoutACountPopsOne() throws {
      let flow = try ScriptedFlow(lab: "nav:pop(); nav:goBack()")
      flow.perform([.push(Lab.item(1)), .push(Lab.item(2)), .push(Lab.item(3))])
      try flow.send("go")
      #expect(flow.path == "feed > item")
    }

    @Test func popRefusesToRemoveAPresentedRoute() throws {
      let flow = try ScriptedFlow(lab: "nav:pop(2)")
      flow.perform([.push(Lab.item(1)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.item(3))])
      try flow.send("go")
      #expect(flow.path == "feed > item > sheet:login > item")
      #expect(flow.failures.count == 1)
    }

    @Test func dismissRemovesPresentedLayersByCount() throws {
      let flow = try ScriptedFlow(lab: "nav:dismiss(p.count)")
      flow.perform([
        .push(Lab.item(1)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.item(2)), .presentCover(Lab.login),
      ])
      try flow.send("go", ["count": 1])
      #expect(flow.path == "feed > item > sheet:login > item")
      flow.perform([.presentCover(Lab.login)])
      try flow.send("go", ["count": 2])
      #expect(flow.path == "feed > item")
    }

    @Test func dismissWithoutACountDismissesOneLayer() throws {
      let flow = try ScriptedFlow(lab: "nav:dismiss()")
      flow.perform([.presentSheet(Lab.login), .presentCover(Lab.account)])
      try flow.send("go")
      #expect(flow.path == "feed > sheet:login")
    }

    @Test func aCountMustBeAWholeNumber() throws {
      for call in ["nav:pop(1.5)", "nav:goBack(\"2\")", "nav:dismiss(true)"] {
        let flow = try ScriptedFlow(lab: call)
        flow.perform([.push(Lab.item(1)), .push(Lab.item(2))])
        let error = try #require(throws: ScriptError.self) {
          try flow.batch("go")
        }
        #expect(error.message.hasPrefix("lab.lua:10: expected a whole number of routes, got"), "\(call)")
        #expect(error.rule == "*.go")
      }
    }

    @Test func popToAndGoBackToGoToTheTopmostMatch() throws {
      let flow = try ScriptedFlow(lab: "if p.pop then nav:popTo(p.screen) else nav:goBackTo(p.screen) end")
      flow.perform([.push(Lab.item(1)), .push(Lab.orders()), .push(Lab.item(2)), .push(Lab.orders(1))])
      try flow.send("go", ["pop": true, "screen": "item"])
      #expect(flow.state.selectedStack.routes.last == .push(Lab.item(2)))

      flow.perform([.presentSheet(Lab.login, withNavigation: true), .push(Lab.orders(2))])
      try flow.send("go", ["pop": false, "screen": "item"])
      #expect(flow.path == "feed > item > orders > item")
      try flow.send("go", ["pop": false, "screen": "feed"])
      #expect(flow.path == "feed")
      #expect(flow.failures.isEmpty)
    }

    @Test func popToRefusesToCrossAPresentedLayer() throws {
      let flow = try ScriptedFlow(lab: #"nav:popTo("item")"#)
      flow.perform([.push(Lab.item(1)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.orders())])
      try flow.send("go")
      #expect(flow.path == "feed > item > sheet:login > orders")
      #expect(flow.failures.count == 1)
    }

    @Test func popToAndGoBackToNeedADeclaredScreen() throws {
      let flow = try ScriptedFlow(lab: #"nav:popTo("iten")"#)
      let error = try #require(throws: ScriptError.self) {
        try flow.batch("go")
      }
      #expect(error.message == "lab.lua:10: unknown screen 'iten' — did you mean 'item'?")
    }

    @Test func popToRootRemovesEveryPush() throws {
      let flow = try ScriptedFlow(lab: "nav:popToRoot()")
      flow.perform([.push(Lab.item(1)), .push(Lab.item(2))])
      try flow.send("go")
      #expect(flow.path == "feed")
    }

    @Test func popToRootRefusesWhenSomethingIsPresented() throws {
      let flow = try ScriptedFlow(lab: "nav:popToRoot()")
      flow.perform([.push(Lab.item(1)), .presentSheet(Lab.login)])
      try flow.send("go")
      #expect(flow.path == "feed > item > sheet:login")
      #expect(flow.failures.count == 1)
    }

    @Test func goBackToRootKeepsOnlyTheRoot() throws {
      let flow = try ScriptedFlow(lab: "nav:goBackToRoot()")
      flow.perform([.push(Lab.item(1)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.item(2))])
      try flow.send("go")
      #expect(flow.path == "feed")
    }

    @Test func popToCurrentNavigationRootPopsTheTopLayerOnly() throws {
      let flow = try ScriptedFlow(lab: "nav:popToCurrentNavigationRoot()")
      flow.perform([
        .push(Lab.item(1)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.item(2)), .push(Lab.item(3)),
      ])
      try flow.send("go")
      #expect(flow.path == "feed > item > sheet:login")
    }

    @Test func dismissAllRemovesEveryPresentedLayer() throws {
      let flow = try ScriptedFlow(lab: "nav:dismissAll()")
      flow.perform([
        .push(Lab.item(1)), .presentSheet(Lab.login, withNavigation: true), .push(Lab.item(2)), .presentCover(Lab.account),
      ])
      try flow.send("go")
      #expect(flow.path == "feed > item")
    }

    // MARK: - Tabs

    @Test func selectTabSelectsWithoutTouchingAnyStack() throws {
      let flow = try ScriptedFlow(lab: #"nav:selectTab("profile")"#)
      flow.perform([.push(Lab.item(1))])
      try flow.send("go")
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.path("home") == "feed > item")
      #expect(flow.path("profile") == "account")
    }

    @Test func tabAddressesAnotherTabWithoutSelectingIt() throws {
      let flow = try ScriptedFlow(lab: #"nav:tab("profile"):push("orders", { highlight = 7 })"#)
      try flow.send("go")
      #expect(flow.state.selectedTab == "home")
      #expect(flow.state.stack(for: "profile")?.routes == [.root(Lab.account), .push(Lab.orders(7))])
      #expect(flow.path("home") == "feed")
    }

    @Test func aNavForAnotherTabTakesEveryStackCommand() throws {
      let flow = try ScriptedFlow(lab: """
        local profile = nav:tab("profile")
        profile:push("orders"); profile:presentSheet("login", {}, { navigation = true }); profile:push("item")
        profile:pop(); profile:dismiss(); profile:selectTab("profile")
        """)
      try flow.send("go")
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.path == "account > orders")
      #expect(flow.path("home") == "feed")
    }

    @Test func aCrossTabRuleSeesTheCommandsAsOneBatch() throws {
      let flow = try ScriptedFlow(lab: #"nav:tab("profile"):push("orders"); nav:selectTab("profile")"#)
      let batch = try #require(try flow.batch("go"))
      #expect(batch.source == .rule("feed.go"))
      #expect(batch.commands == [.tab("profile", .push(Lab.orders())), .selectTab("profile")])
    }

    // MARK: - Replacing stacks

    @Test func resetReplacesTheStackTheFirstRouteBeingTheRoot() throws {
      let flow = try ScriptedFlow(lab: """
        nav:reset({ { "feed" }, { "item", { id = 2 } },
          { "login", style = "sheet", navigation = true, detents = { "medium" } }, { screen = "item", state = { qty = 5 } } })
        """)
      flow.perform([.push(Lab.item(1)), .presentCover(Lab.account)])
      try flow.send("go")
      #expect(flow.state.selectedStack.routes == [
        .root(Lab.feed), .push(Lab.item(2)), .sheet(Lab.login, withNavigation: true, configuration: .half),
        .push(Lab.item(0, qty: 5)),
      ])
    }

    @Test func resetRefusesAStackThatIsNotOne() throws {
      let flow = try ScriptedFlow(lab: #"nav:reset({ { "feed", style = "push" } })"#)
      flow.perform([.push(Lab.item(1))])
      try flow.send("go")
      #expect(flow.path == "feed > item")
      #expect(flow.failures.count == 1)
    }

    @Test func openReplaceMakesTheFirstRouteTheNewRoot() throws {
      let flow = try ScriptedFlow(lab: #"nav:open({ { "account" }, { "orders", { highlight = 2 } } }, "replace")"#)
      flow.perform([.push(Lab.item(1))])
      try flow.send("go")
      #expect(flow.state.selectedStack.routes == [.root(Lab.account), .push(Lab.orders(2))])
    }

    @Test func openKeepRootKeepsTheRootAndReplacesTheRest() throws {
      let flow = try ScriptedFlow(lab: #"nav:open({ { "item", { id = 7 } } }, "keepRoot")"#)
      flow.perform([.push(Lab.item(1)), .presentSheet(Lab.login)])
      try flow.send("go")
      #expect(flow.state.selectedStack.routes == [.root(Lab.feed), .push(Lab.item(7))])
    }

    @Test func openAppendsByDefault() throws {
      let flow = try ScriptedFlow(lab: #"nav:open({ { "item", { id = 7 } } }, p.mode)"#)
      flow.perform([.push(Lab.item(1))])
      try flow.send("go", ["mode": "append"])
      try flow.send("go", [:])
      #expect(flow.state.selectedStack.routes == [.root(Lab.feed), .push(Lab.item(1)), .push(Lab.item(7)), .push(Lab.item(7))])
    }

    @Test func openNeedsAKnownMode() throws {
      let flow = try ScriptedFlow(lab: #"nav:open({ { "item" } }, "merge")"#)
      let error = try #require(throws: ScriptError.self) {
        try flow.batch("go")
      }
      #expect(error.message == #"lab.lua:10: open mode must be "replace", "keepRoot" or "append", got merge"#)
    }

    @Test func routesMustBeTablesNamingDeclaredScreens() throws {
      let cases = [
        #"nav:reset("feed")"#: #"lab.lua:10: expected a list of routes like { {"item", {id = 3}} }"#,
        #"nav:reset({ "feed" })"#: #"lab.lua:10: route 1 must be a table like {"item", {id = 3}}"#,
        #"nav:open({ { "feeed" } })"#: "lab.lua:10: unknown screen 'feeed' — did you mean 'feed'?",
        #"nav:open({ { "item", style = "modal" } })"#: "lab.lua:10: route 1: style must be root, push, sheet or cover",
        #"nav:open({ { "item", { idd = 1 } } })"#:
          "lab.lua:10: screen 'item' has no field 'idd' (fields: id, qty) — did you mean 'id'?",
      ]
      for (call, message) in cases {
        let flow = try ScriptedFlow(lab: call)
        let error = try #require(throws: ScriptError.self) {
          try flow.batch("go")
        }
        #expect(error.message == message, "\(call)")
      }
    }

    // MARK: - Events

    @Test func emitReportsAnEventToTheHost() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("purchased", { id = 3, tags = { "a", "b" } }); nav:emit("done")"#)
      try flow.send("go")
      #expect(flow.delegates == [
        .report(.event(NavigationEvent("purchased", payload: ["id": 3, "tags": ["a", "b"]]))),
        .report(.event(NavigationEvent("done"))),
      ])
      #expect(flow.path == "feed")
    }

    @Test func emitNeedsANameAndATablePayload() throws {
      let cases = [
        "nav:emit(3)": "lab.lua:10: emit needs an event name",
        #"nav:emit("done", "now")"#: "lab.lua:10: the payload of 'done' must be a table",
      ]
      for (call, message) in cases {
        let flow = try ScriptedFlow(lab: call)
        let error = try #require(throws: ScriptError.self) {
          try flow.batch("go")
        }
        #expect(error.message == message, "\(call)")
      }
    }

    @Test func anEventPayloadMustBeData() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("done", { callback = function() end })"#)
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.kind == .invalidCommand)
      #expect(error.message.hasPrefix("lab.lua:9: "), "\(error.message)")
      #expect(error.message.contains("payload.callback is a function"), "\(error.message)")
    }

    @Test func aRuleThatQueuesNothingChangesNothingAndReportsNothing() throws {
      let flow = try ScriptedFlow(lab: "local unused = nav.depth")
      flow.perform([.push(Lab.item(1))])
      let before = flow.state.selectedStack.ids
      try flow.send("go")
      #expect(flow.state.selectedStack.ids == before)
      #expect(flow.delegates.isEmpty)
    }
  }
}
