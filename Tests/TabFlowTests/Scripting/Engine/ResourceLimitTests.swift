import Testing
import TabFlow

extension ScriptedRulesTests {
  /// A rule that runs out of its instruction budget or its memory cap is
  /// stopped; its batch is discarded, the state is unchanged, the failure names the rule, and the
  /// same rules keep working for the next action.
  @MainActor
  @Suite("Resource limits")
  struct ResourceLimitTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "spin", "sneaky", "hoard", "grow", "open", "busy" } }
      screen "item" { state = { id = 0 } }
      on("feed.spin", function(nav)
        nav:push("item")
        while true do end
      end)
      on("feed.sneaky", function(nav)
        for _ = 1, 10 do pcall(function() while true do end end) end
        nav:push("item")
      end)
      on("feed.hoard", function(nav)
        local chunk = string.rep("x", 900000)
        local kept = {}
        for i = 1, 10 do kept[i] = chunk .. i end
        nav:push("item", { id = #kept })
      end)
      on("feed.grow", function(nav)
        local kept = {}
        for i = 1, 1e7 do kept[i] = { i } end
        nav:push("item", { id = #kept })
      end)
      on("feed.open", function(nav) nav:push("item", { id = 1 }) end)
      on("feed.busy", function(nav)
        local routes, route = {}, { "item" }
        for i = 1, 5000 do routes[i] = route end
        nav:reset(routes)
      end)
      guard("hog", function(change)
        if change.after.top == "item" and change.after.stack[change.after.depth].state.id == 99 then
          local kept = {}
          for i = 1, 1e7 do kept[i] = { i } end
        end
      end)
      """

    // Counted limits only: each test asserts which limit stopped the call, so no deadline races it.
    static let budget = LuaVM.Limits.counted(instructions: 100_000)
    static let memory = LuaVM.Limits.counted(memoryBytes: 4 << 20)

    static func store(_ limits: LuaVM.Limits) throws -> TestStore<DynamicState, DynamicCoordinatorAction> {
      let rules = try DynamicRules(source: script, name: "shop.lua", limits: limits)
      return try TestStore(initialState: rules.initialState()) {
        TabCoordinator(script: rules)
          .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
      }
    }

    static func error(_ action: String, _ limits: LuaVM.Limits) throws -> ScriptError {
      let rules = try DynamicRules(source: script, name: "shop.lua", limits: limits)
      let state = try rules.initialState()
      let route = try #require(state.routeContext(for: state.selectedStack.ids[0]))
      return try #require(throws: ScriptError.self) {
        try rules.batch(for: DynamicAction(action), on: route, in: state)
      }
    }

    /// Sends `action` from the feed, expects no state change and a failed batch whose message
    /// satisfies `check`, then checks that `open` still works on the same rules.
    static func expectFailureThenRecovery(
      _ action: String, _ limits: LuaVM.Limits, _ check: (String) -> Bool
    ) async throws {
      let store = try store(limits)
      let feed = store.state.selectedStack.ids[0]
      await store.send(.router(.routeAction(id: feed, action: DynamicAction(action))))
      var message = ""
      await store.receive({ action in
        guard case let .delegate(.failed(failure)) = action, case let .ruleFailed(rule) = failure.reason,
          failure.source == .screenAction(tab: "home", route: feed)
        else { return false }
        message = rule.message
        return true
      })
      #expect(check(message), "\(message)")
      await store.send(.router(.routeAction(id: feed, action: DynamicAction("open")))) {
        try $0.apply([.push(DynamicScreen("item", state: ["id": 1]))])
      }
      await store.finish()
    }

    // MARK: - Instruction budget

    @Test func anEndlessRuleStopsAtTheBudgetNamingTheRuleAndLine() throws {
      let error = try Self.error("spin", Self.budget)
      #expect(error.kind == .budgetExceeded)
      #expect(error.rule == "feed.spin")
      #expect(error.message == "shop.lua:6: script stopped (instruction budget of 100000 exceeded)")
    }

    @Test func anEndlessRuleChangesNothingAndTheNextActionWorks() async throws {
      try await Self.expectFailureThenRecovery("spin", Self.budget) {
        $0 == "shop.lua:6: feed.spin: script stopped (instruction budget of 100000 exceeded)"
      }
    }

    @Test func pcallCannotSwallowTheBudget() async throws {
      let error = try Self.error("sneaky", Self.budget)
      #expect(error.kind == .budgetExceeded)
      #expect(error.rule == "feed.sneaky")
      try await Self.expectFailureThenRecovery("sneaky", Self.budget) { $0.contains("instruction budget of 100000 exceeded") }
    }

    @Test func aBudgetThatRunsOutInsideANavCallIsReportedAtTheRule() throws {
      // Checking 5,000 routes costs the DSL far more than the budget; it runs out in TabFlow's
      // code, and the error points at the line of the rule that asked for it.
      let error = try Self.error("busy", Self.budget)
      #expect(error.kind == .budgetExceeded)
      #expect(error.rule == "feed.busy")
      #expect(error.message == "shop.lua:27: script stopped (instruction budget of 100000 exceeded)")
    }

    // MARK: - Memory cap

    @Test func aRuleHoardingStringsStopsAtTheMemoryCap() throws {
      let error = try Self.error("hoard", Self.memory)
      #expect(error.kind == .memory)
      #expect(error.rule == "feed.hoard")
      // The cap runs out wherever the next allocation happens; the error names the rule's line.
      #expect(error.message == "shop.lua:12: not enough memory (memory limit of 4194304 bytes)")
    }

    @Test func aRuleGrowingATableStopsAtTheMemoryCap() throws {
      let error = try Self.error("grow", Self.memory)
      #expect(error.kind == .memory)
      #expect(error.rule == "feed.grow")
      #expect(error.message == "shop.lua:18: not enough memory (memory limit of 4194304 bytes)")
    }

    @Test func aMemoryBombChangesNothingAndTheNextActionWorks() async throws {
      try await Self.expectFailureThenRecovery("hoard", Self.memory) {
        $0 == "shop.lua:12: feed.hoard: not enough memory (memory limit of 4194304 bytes)"
      }
      try await Self.expectFailureThenRecovery("grow", Self.memory) {
        $0 == "shop.lua:18: feed.grow: not enough memory (memory limit of 4194304 bytes)"
      }
    }

    @Test func aGuardThatRunsOutOfMemoryRejectsSayingWhichGuardAndWhere() throws {
      let flow = try ScriptedFlow(Self.script, limits: Self.memory)
      flow.perform([.push(DynamicScreen("item", state: ["id": 99]))])
      #expect(flow.path == "feed")
      #expect(flow.failures.map(\.message) == [
        "guard failed: shop.lua:29: guard 'hog': not enough memory (memory limit of 4194304 bytes)"
      ])
      flow.perform([.push(DynamicScreen("item", state: ["id": 1]))])
      #expect(flow.path == "feed > item")
    }

    @Test func aStringLongerThanTheCapIsAMemoryError() throws {
      let rules = try DynamicRules(source: """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "huge" } }
        on("feed.huge", function(nav) local s = string.rep("x", 2 << 20) end)
        """, name: "shop.lua", limits: .counted())
      let state = try rules.initialState()
      let route = try #require(state.routeContext(for: state.selectedStack.ids[0]))
      let error = try #require(throws: ScriptError.self) { try rules.batch(for: DynamicAction("huge"), on: route, in: state) }
      #expect(error.kind == .memory)
      #expect(error.rule == "feed.huge")
      #expect(error.message.contains("a string longer than the limit of 1048576 bytes"))
    }
  }
}
