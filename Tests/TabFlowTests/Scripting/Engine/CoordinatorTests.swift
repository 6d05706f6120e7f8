import Testing
import TabFlow

extension ScriptedRulesTests {
  /// The reducer offers every screen action that reaches the coordinator to the
  /// script's rules; the returned batch goes through the guards — the script's and Swift's — and
  /// is applied all or nothing. Checked with the exhaustive `TestStore`, so every state change
  /// and every delegate action is accounted for.
  @MainActor
  @Suite("Coordinator")
  struct CoordinatorTests {
    static let script = """
      app "Shop"
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { itemTapped = { id = 1 }, "checkout" } }
      screen "item" { state = { id = 0 }, actions = { "buyTapped", "buyNow" } }
      screen "account" {}
      screen "orders" { state = { id = 0 } }
      screen "checkout" {}
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
      on("feed.checkout", function(nav) nav:push("checkout") end)
      on("item.buyNow", function(nav, p)
        nav:tab("profile"):push("orders", { id = nav.stack[#nav.stack].state.id })
        nav:selectTab("profile")
        nav:emit("purchased")
      end)
      on("item.buyTapped", function(nav, p)
        nav:tab("profile"):push("orders", { id = nav.stack[#nav.stack].state.id })
        nav:selectTab("profile")
        nav:emit("purchased")
        nav:dismiss()
      end)
      guard("login", function(change)
        if change.after.top == "checkout" and not change.context.loggedIn then return false, "login required" end
      end)
      """

    typealias Store = TestStore<DynamicState, DynamicCoordinatorAction>

    static func store(
      _ rules: DynamicRules, swiftGuards: [NavigationGuard<DynamicScreen>] = []
    ) throws -> Store {
      try TestStore(initialState: rules.initialState()) {
        TabCoordinator(script: rules, guards: swiftGuards)
          .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
      }
    }

    static func item(_ id: Int) -> DynamicScreen { DynamicScreen("item", state: ["id": .int(id)]) }

    @Test func aRulesBatchIsAppliedAsOneChangeWithItsEvents() async throws {
      let store = try Self.store(try DynamicRules(source: Self.script, name: "shop.lua"))
      let feed = store.state.selectedStack.ids[0]
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("itemTapped", payload: ["id": 3])))) {
        try $0.apply([.push(Self.item(3))])
      }
      let item = store.state.selectedStack.ids[1]
      await store.send(.router(.routeAction(id: item, action: DynamicAction("buyNow")))) {
        try $0.apply([.tab("profile", .push(DynamicScreen("orders", state: ["id": 3]))), .selectTab("profile")])
      }
      await store.receive(.delegate(.report(.event(NavigationEvent("purchased")))))
      await store.finish()
    }

    @Test func aBatchWhoseLastCommandFailsIsDiscardedWhole() async throws {
      let store = try Self.store(try DynamicRules(source: Self.script, name: "shop.lua"))
      let feed = store.state.selectedStack.ids[0]
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("itemTapped", payload: ["id": 3])))) {
        try $0.apply([.push(Self.item(3))])
      }
      let ids = store.state.tabs.map(\.stack.ids)
      let item = store.state.selectedStack.ids[1]
      // The tab push, the selection and the event are discarded with the failing dismiss.
      await store.send(.router(.routeAction(id: item, action: DynamicAction("buyTapped"))))
      var failure: BatchFailure?
      await store.receive({ action in
        guard case let .delegate(.failed(received)) = action else { return false }
        failure = received
        return true
      })
      let discarded = try #require(failure)
      #expect(discarded.source == .rule("item.buyTapped"))
      guard case let .invalidCommand(index, command, _) = discarded.reason else {
        Issue.record("expected an invalid command, got \(discarded.reason)")
        return
      }
      #expect(index == 3)
      #expect(command == "dismiss")
      #expect(store.state.tabs.map(\.stack.ids) == ids)
      #expect(store.state.history.isEmpty)
      await store.finish()
    }

    @Test func theScriptsGuardsAndSwiftGuardsBothCheckEveryBatch() async throws {
      let seen = SourceLog()
      let swiftGuard = NavigationGuard<DynamicScreen>("unlucky") { change in
        seen.sources.append(change.source)
        return change.after.top.screen.state["id"] == 13 ? .reject("13 is unlucky") : .allow
      }
      let store = try Self.store(try DynamicRules(source: Self.script, name: "shop.lua"), swiftGuards: [swiftGuard])
      let feed = store.state.selectedStack.ids[0]

      // The Lua guard rejects; the Swift guard, after it, is not asked.
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("checkout"))))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(DynamicScreen("checkout")))],
        failure: BatchFailure(
          source: .rule("feed.checkout"), reason: .rejected(guard: "login", reason: "login required"),
          location: "shop.lua:10")))))
      #expect(seen.sources.isEmpty)

      // The Lua guard allows; the Swift guard rejects.
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("itemTapped", payload: ["id": 13]))))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(DynamicScreen("item", state: ["id": 13])))],
        failure: BatchFailure(
          source: .rule("feed.itemTapped"), reason: .rejected(guard: "unlucky", reason: "13 is unlucky"),
          location: "shop.lua:9")))))

      // Both allow.
      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("checkout")))) {
        try $0.apply([.push(DynamicScreen("checkout"))])
      }
      #expect(seen.sources == [.rule("feed.itemTapped"), .rule("feed.checkout")])
      await store.finish()
    }

    @Test func aRuleErrorIsReportedWithFileLineAndRuleAndChangesNothing() async throws {
      let rules = try DynamicRules(source: """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "crash", "open" } }
        screen "item" {}
        local function total(cart) return cart.sum end
        on("feed.crash", function(nav, p)
          nav:push("item")
          nav:emit("total", { total = total(p.cart) })
        end)
        on("feed.open", function(nav) nav:push("item") end)
        """, name: "shop.lua")
      let store = try Self.store(rules)
      let feed = store.state.selectedStack.ids[0]
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("crash"))))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .screenAction(tab: "home", route: feed),
        reason: .ruleFailed(RuleFailure("shop.lua:4: feed.crash: attempt to index a nil value (local 'cart')"))))))
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("open")))) {
        try $0.apply([.push(DynamicScreen("item"))])
      }
      await store.finish()
    }

    @Test func theThrownScriptErrorCarriesKindRuleAndATracebackThroughTheScript() throws {
      let rules = try DynamicRules(source: """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "crash" } }
        local function total(cart) return cart.sum end
        on("feed.crash", function(nav, p)
          nav:emit("total", { total = total(p.cart) })
        end)
        """, name: "shop.lua")
      let state = try rules.initialState()
      let route = try #require(state.routeContext(for: state.selectedStack.ids[0]))
      let error = try #require(throws: ScriptError.self) {
        try rules.batch(for: DynamicAction("crash"), on: route, in: state)
      }
      #expect(error.kind == .runtime)
      #expect(error.rule == "feed.crash")
      #expect(error.message == "shop.lua:3: attempt to index a nil value (local 'cart')")
      #expect(error.description == "shop.lua:3: feed.crash: attempt to index a nil value (local 'cart')")
      let traceback = try #require(error.traceback)
      #expect(traceback.hasPrefix("stack traceback:"))
      // The frame that failed and the rule that called it.
      #expect(traceback.contains("shop.lua:3: in "))
      #expect(traceback.contains("shop.lua:5: in "))
    }
  }
}

/// The sources of the batches a Swift guard saw.
final class SourceLog {
  var sources: [BatchSource] = []
}
