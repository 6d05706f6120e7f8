import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/ARCHITECTURE.md §4–§6 and docs/LUA-RULES.md: the script's guards run on every batch — rules, taps, back, deep links, host
  /// commands — see the change (`before`, `after`, `context`, `commands`, `source`) and reject it
  /// with a reason by returning `false, reason`. A rejected batch changes nothing.
  @MainActor
  @Suite("Lua guards")
  struct ScriptGuardTests {
    static let preamble = """
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { "checkout", "open" } }
      screen "checkout" { state = { total = 0 } }
      screen "account" {}
      screen "item" { state = { id = 0 } }
      on("feed.checkout", function(nav) nav:push("checkout", { total = 42 }) end)
      on("feed.open", function(nav, p) nav:push("item", { id = p.id }) end)
      """

    static func flow(guards: String, limits: LuaVM.Limits = LuaVM.Limits()) throws -> ScriptedFlow {
      try ScriptedFlow(preamble + "\n" + guards, limits: limits)
    }

    @Test func aGuardRejectsWithItsReasonAndTheStateStaysAsItWas() throws {
      let flow = try Self.flow(guards: """
        guard("login required", function(change)
          if change.after.top == "checkout" and not change.context.loggedIn then
            return false, "login required"
          end
        end)
        """)
      let ids = flow.state.selectedStack.ids
      try flow.send("checkout")
      #expect(flow.path == "feed")
      #expect(flow.state.selectedStack.ids == ids)
      #expect(flow.failures == [
        BatchFailure(
          source: .rule("feed.checkout"), reason: .rejected(guard: "login required", reason: "login required"),
          location: "shop.lua:7")
      ])

      flow.store.send(.setContext("loggedIn", true))
      try flow.send("checkout", from: "feed")
      #expect(flow.path == "feed > checkout")
      #expect(flow.failures.count == 1)
    }

    @Test func aGuardSeesTheStateBeforeAndAfterTheCommandsAndTheSource() throws {
      let flow = try Self.flow(guards: """
        guard(function(change)
          return false, table.concat({ change.source, change.before.top .. "/" .. change.before.depth,
            change.after.top .. "/" .. change.after.depth, table.concat(change.commands, "; "),
            tostring(change.after:contains("item")), #change.after.stack, change.after.stack[2].state.id }, " | ")
        end)
        """)
      try flow.send("open", ["id": 5])
      #expect(flow.failures.map(\.message) == ["rule feed.open | feed/1 | item/2 | push item | true | 2 | 5"])
    }

    /// Once a guard read `before`, the state before each batch is kept for the guards instead of
    /// rebuilt from the batch's journal: they see the same `before` either way — over pushes,
    /// pops, tab switches, rejected batches and a reload.
    @Test func beforeIsTheSameWhetherRebuiltOrKept() throws {
      let guards = """
        guard("trail", function(change)
          local trail = change.before.currentTab .. ":" .. change.before.top .. "/" .. change.before.depth
            .. (change.before:tab("home"):contains("item") and "+item" or "")
          if change.after.top == "checkout" then return false, trail end
        end)
        """
      let flow = try Self.flow(guards: guards)
      var seen: [String] = []
      for round in 1...2 {
        try flow.send("checkout")
        try flow.send("open", ["id": .int(round)])
        flow.perform([.push(try flow.screen("checkout"))])
        flow.store.send(.tabTapped("profile"))
        flow.store.send(.tabTapped("home"))
        flow.perform([.pop()])
        seen = flow.failures.map(\.message)
        if round == 1 { _ = try flow.rules.reload(source: Self.preamble + "\n" + guards, keeping: flow.state) }
      }
      #expect(seen == ["home:feed/1", "home:item/2+item", "home:feed/1", "home:item/2+item"])
    }

    /// The script's guard says it reads `before` (so the state is kept from before each batch)
    /// only once one of its guards has read it: a guard that returned before reading it, or a
    /// remembered answer that never read it, leaves `before` rebuilt on demand.
    @Test func theScriptSaysItReadsBeforeOnlyOnceAGuardReadIt() throws {
      let guards = """
        guard("from the feed", function(change)
          if change.after.top == "item" and change.before.top == "feed" then return false, "not from the feed" end
        end)
        """
      let flow = try Self.flow(guards: guards)
      func readsBefore() -> Bool { flow.rules.scriptGuard.currentNeeds.readsBefore }
      #expect(readsBefore() == false)
      try flow.send("checkout")
      flow.perform([.pop()])
      #expect(flow.path == "feed")
      #expect(readsBefore() == false)
      try flow.send("open", ["id": 1])
      #expect(flow.failures.last?.message == "not from the feed")
      #expect(readsBefore() == true)

      // A new script starts over: none of its guards has read `before` yet; a script without
      // guards refuses nothing, so no change is described to it.
      _ = try flow.rules.reload(source: Self.preamble + "\n" + guards, keeping: flow.state)
      #expect(flow.rules.scriptGuard.currentNeeds == GuardNeeds(mayRefuse: true, readsBefore: false))
      _ = try flow.rules.reload(source: Self.preamble, keeping: flow.state)
      #expect(flow.rules.scriptGuard.currentNeeds == GuardNeeds(mayRefuse: false, readsBefore: false))
      _ = try flow.rules.reload(source: Self.preamble + "\n" + guards, keeping: flow.state)
      try flow.send("open", ["id": 2])
      #expect(flow.failures.last?.message == "not from the feed")
      #expect(flow.rules.scriptGuard.currentNeeds == GuardNeeds(mayRefuse: true, readsBefore: true))
    }

    @Test func aChangesFieldsAreMadeWhenReadAndKeptForTheCall() throws {
      // Every guard of a batch sees the same change, each through its own table; a field read
      // twice is the same value, and each guard reads its own copy of the context.
      let flow = try Self.flow(guards: """
        guard("first", function(change)
          if not rawequal(change.after, change.after) or not rawequal(change.context, change.context)
              or not rawequal(change.commands, change.commands) then
            return false, "fields are made anew on every read"
          end
        end)
        guard("second", function(change)
          return false, table.concat({ change.source, change.after.top, change.before.top,
            tostring(change.context.loggedIn), change.commands[1], tostring(change.unknown) }, " | ")
        end)
        """)
      flow.store.send(.setContext("loggedIn", true))
      try flow.send("checkout")
      #expect(flow.failures.map(\.message) == ["rule feed.checkout | checkout | feed | true | push checkout | nil"])
    }

    @Test func guardsRunOnTabTapsBackDeepLinksAndHostCommands() throws {
      let flow = try Self.flow(guards: """
        guard("log", function(change)
          if change.source == "host" and change.after.top == "checkout" then return true end
          return false, change.source .. " -> " .. change.after.top
        end)
        deeplink("shop://item/:id", function(nav, p) nav:push("item", { id = tonumber(p.id) }) end)
        """)
      flow.store.send(.tabTapped("profile"))
      flow.store.send(.openURL("shop://item/3"))
      flow.perform([.push(DynamicScreen("checkout", state: ["total": 1]))])
      flow.perform([.push(DynamicScreen("item", state: ["id": 1]))])
      flow.store.send(.back)
      #expect(flow.failures.map(\.message) == [
        "tab tap profile -> account",
        "url shop://item/3 -> item",
        "host -> item",
        "back -> feed",
      ])
      #expect(flow.path == "feed > checkout")
      #expect(flow.state.selectedTab == "home")
    }

    @Test func theFirstGuardToRejectGivesTheReason() throws {
      let flow = try Self.flow(guards: """
        guard("allow", function(change) return true end)
        guard("first", function(change) return false, "first says no" end)
        guard("second", function(change) return false, "second says no" end)
        """)
      try flow.send("checkout")
      #expect(flow.failures.map(\.message) == ["first says no"])
    }

    @Test func falseWithoutAReasonRejectsAndAnythingElseAllows() throws {
      let allowing = try Self.flow(guards: """
        guard(function(change) return nil end)
        guard(function(change) return true end)
        guard(function(change) return "yes" end)
        guard(function(change) end)
        """)
      try allowing.send("checkout")
      #expect(allowing.path == "feed > checkout")
      #expect(allowing.failures.isEmpty)

      let silent = try Self.flow(guards: "guard(function(change) return false end)")
      try silent.send("checkout")
      #expect(silent.failures.map(\.message) == ["rejected"])

      let numeric = try Self.flow(guards: "guard(function(change) return false, 42 end)")
      try numeric.send("checkout")
      #expect(numeric.failures.map(\.message) == ["42"])
    }

    @Test func aGuardThatFailsRejectsTheBatchSayingWhereAndWhichGuard() throws {
      let flow = try Self.flow(guards: """
        guard("stock", function(change)
          local stock = nil
          return stock.available
        end)
        """)
      try flow.send("checkout")
      #expect(flow.path == "feed")
      #expect(flow.failures.map(\.message) == [
        "guard failed: shop.lua:11: guard 'stock': attempt to index a nil value (local 'stock')"
      ])
    }

    @Test func aGuardCannotNavigate() throws {
      let flow = try Self.flow(guards: #"guard(function(change) change.after:push("item") end)"#)
      try flow.send("checkout")
      #expect(flow.path == "feed")
      #expect(flow.failures.map(\.message) == [
        "guard failed: shop.lua:9: guard #1: this nav is read-only (guards and invariants cannot navigate)"
      ])
    }

    @Test func aGuardThatNeverReturnsRejectsWithinTheBudgetAndTheNextBatchIsChecked() throws {
      let flow = try Self.flow(
        guards: """
          guard("spin", function(change)
            if change.after.top == "checkout" then while true do end end
          end)
          """,
        limits: LuaVM.Limits.counted(instructions: 100_000))
      try flow.send("checkout")
      #expect(flow.path == "feed")
      #expect(flow.failures.map(\.message) == [
        "guard failed: shop.lua:10: guard 'spin': script stopped (instruction budget of 100000 exceeded)"
      ])
      try flow.send("open", ["id": 1])
      #expect(flow.path == "feed > item")
      #expect(flow.failures.count == 1)
    }
  }
}
