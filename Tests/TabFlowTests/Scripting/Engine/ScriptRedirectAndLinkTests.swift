import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: a tab's `leave` option, `nav:resetTabs`, a guard's `redirect` and `defer`
  /// options, confirmed re-sends, and `link` declarations, driven through a store as an app does.
  @MainActor
  @Suite("Lua leave policies, resetTabs, redirects, deferred links, links")
  struct ScriptRedirectAndLinkTests {
    static let preamble = """
      app "Shop" { back = "history" }
      tab "home" { root = "feed" }
      tab "search" { root = "search", leave = "popToRoot" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { "open", "checkout", "logout", "review" } }
      screen "search" { state = { query = "" }, actions = { "open" } }
      screen "item" { state = { id = 0, qty = 1 }, actions = { "posted" } }
      screen "checkout" {}
      screen "login" { state = { reason = "" } }
      screen "account" { actions = { "orders" } }
      screen "orders" { state = { highlight = 0 } }
      on("feed.open", function(nav, p) nav:push("item", { id = p.id }) end)
      on("search.open", function(nav, p) nav:push("item", { id = p.id }) end)
      on("feed.checkout", function(nav) nav:push("checkout") end)
      on("feed.logout", function(nav) nav:resetTabs("profile") end)
      on("account.orders", function(nav) nav:push("orders") end)
      on("item.posted", function(nav) nav:pop() end)
      """

    static func flow(_ more: String = "") throws -> ScriptedFlow {
      try ScriptedFlow(preamble + "\n" + more)
    }

    // MARK: Leave policy

    @Test func leavingAPopToRootTabPopsItInTheSameBatch() throws {
      let flow = try Self.flow()
      #expect(flow.rules.declarations.tabs.map(\.leave) == [.keep, .popToRoot, .keep])
      #expect(flow.state.tabs.map(\.onLeave) == [.keep, .popToRoot, .keep])
      try flow.send("open", ["id": 3])
      flow.store.send(.tabTapped("search"))
      try flow.send("open", ["id": 4])
      flow.store.send(.tabTapped("home"))
      // search pops to its root as it is left; home (keep) kept its stack.
      #expect(flow.path("search") == "search")
      #expect(flow.path("home") == "feed > item")
    }

    @Test func anUnknownLeavePolicyIsALoadErrorNamingTheChoices() {
      #expect {
        _ = try ScriptedFlow("tab \"home\" { root = \"feed\", leave = \"drop\" }\nscreen \"feed\" {}")
      } throws: { error in
        "\(error)".contains("leave must be \"keep\" or \"popToRoot\", got drop")
      }
    }

    // MARK: resetTabs

    @Test func resetTabsBringsEveryTabToItsRootClearsHistoryAndSelects() throws {
      let flow = try Self.flow()
      try flow.send("open", ["id": 3])
      flow.store.send(.tabTapped("profile"))
      try flow.send("orders")
      flow.store.send(.tabTapped("home"))
      try flow.send("logout", from: "feed")
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.state.tabs.map { flow.path($0.id) } == ["feed", "search", "account"])
      #expect(flow.state.history.isEmpty)
      #expect(flow.failures.isEmpty)
    }

    @Test func resetTabsToAnUndeclaredTabIsAnErrorAtTheCall() throws {
      let flow = try Self.flow("on(\"feed.review\", function(nav) nav:resetTabs(\"cart\") end)")
      try flow.send("review")
      #expect(flow.path == "feed")
      #expect(flow.failures.first?.message.contains("cart") == true)
    }

    // MARK: Redirects

    @Test func aRedirectReplacesTheRejectedBatch() throws {
      let flow = try Self.flow("""
        guard("auth", function(change)
          if change.after.top == "checkout" and not change.context.loggedIn then
            return false, "login required", {
              redirect = function(nav) nav:push("login", { reason = nav.top }) end }
          end
        end)
        """)
      try flow.send("checkout")
      #expect(flow.path == "feed > login")
      #expect(flow.state.selectedStack.top.screen.state["reason"] == "feed")
      #expect(flow.failures.isEmpty)
      #expect(flow.delegates.contains(.report(.redirected(guard: "auth", reason: "login required"))))
    }

    @Test func aRedirectCycleFailsNamingItAndChangesNothing() throws {
      let flow = try Self.flow("""
        guard("no checkout", function(change)
          if change.after.top == "checkout" then
            return false, "no", { redirect = function(nav) nav:push("login") end }
          end
        end)
        guard("no login", function(change)
          if change.after.top == "login" then
            return false, "no", { redirect = function(nav) nav:push("checkout") end }
          end
        end)
        """)
      let before = flow.state
      try flow.send("checkout")
      #expect(flow.state == before)
      let failure = try #require(flow.failures.first)
      // Named at the guard whose redirect closed the cycle, on the line declaring it.
      #expect(failure.message == "shop.lua:23: guard 'no login': redirect cycle: checkout → login → checkout")
      #expect(failure.description == "rule feed.checkout: shop.lua:23: guard 'no login': redirect cycle: checkout → login → checkout")
    }

    @Test func redirectLoopsFromAnySourceSayWhereTheGuardIs() throws {
      let flow = try Self.flow("""
        guard("no orders", function(change)
          local top = change.after.stack[change.after.depth]
          if top.screen == "orders" then
            local next = top.state.highlight + 1
            return false, "no", { redirect = function(nav) nav:push("orders", { highlight = next }) end }
          end
        end)
        """)
      // A tab tap, then an action whose rule is on another line: neither is where the loop is.
      flow.store.send(.tabTapped("profile"))
      try flow.send("orders")
      #expect(flow.path == "account")
      #expect(flow.failures.map(\.message) == [
        "shop.lua:18: guard 'no orders': more than 5 redirects in a row: orders → orders → orders → orders → orders → orders"
      ])
    }

    @Test func anInvalidRedirectCommandIsReportedAtTheGuard() throws {
      let flow = try Self.flow("""
        guard("away", function(change)
          if change.after.top == "checkout" then
            return false, "no", { redirect = function(nav) nav:dismiss() end }
          end
        end)
        """)
      try flow.send("checkout")
      #expect(flow.path == "feed")
      let failure = try #require(flow.failures.first)
      #expect(failure.location == "shop.lua:18")
      #expect(failure.description.hasPrefix("shop.lua:18: rule feed.checkout: command 1 (redirect by guard 'away': "))
    }

    @Test func aRedirectIsCheckedByTheGuardsAgain() throws {
      let flow = try Self.flow("""
        guard("auth", function(change)
          if change.after.top == "checkout" then
            return false, "login required", { redirect = function(nav) nav:push("login") end }
          end
        end)
        guard("closed", function(change)
          if change.after.top == "login" then return false, "logins are closed" end
        end)
        """)
      try flow.send("checkout")
      #expect(flow.path == "feed")
      #expect(flow.failures.map(\.message) == ["logins are closed"])
    }

    @Test func badGuardOptionsAreErrorsNamingTheOption() throws {
      let flow = try Self.flow("""
        guard("typo", function(change)
          if change.after.top == "checkout" then return false, "no", { redirct = true } end
        end)
        """)
      try flow.send("checkout")
      #expect(flow.path == "feed")
      let message = try #require(flow.failures.first?.message)
      #expect(message.contains("unknown option 'redirct' (options: ask, defer, redirect, resume)"))
      #expect(message.contains("did you mean 'redirect'"))
    }

    // MARK: Deferred deep links

    static let deferring = """
      link("shop://orders/:highlight", "orders", { tab = "profile" })
      guard("auth", function(change)
        if change.after.top == "orders" and not change.context.loggedIn then
          return false, "login required", {
            redirect = function(nav) nav:push("login", { reason = "orders" }) end, defer = true }
        end
      end)
      """

    @Test func aDeferredLinkRedirectsNowAndOpensOnceAllowed() throws {
      let flow = try Self.flow(Self.deferring)
      flow.store.send(.openURL("shop://orders/7"))
      #expect(flow.state.pendingLink == "shop://orders/7")
      #expect(flow.path == "feed > login")
      #expect(flow.delegates.contains(.report(.linkDeferred(url: "shop://orders/7", guard: "auth", reason: "login required"))))

      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.state.pendingLink == nil)
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.path == "account > orders")
      #expect(flow.state.selectedStack.top.screen.state["highlight"] == 7)
      #expect(flow.delegates.last == .report(.pendingLinkOpened("shop://orders/7")))
    }

    @Test func aNewerLinkSupersedesAndTheHostCanCancel() throws {
      let flow = try Self.flow(Self.deferring)
      flow.store.send(.openURL("shop://orders/7"))
      flow.store.send(.openURL("shop://orders/8"))
      #expect(flow.state.pendingLink == "shop://orders/8")
      flow.store.send(.cancelPendingLink)
      #expect(flow.state.pendingLink == nil)
      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.state.selectedTab == "home")
    }

    // MARK: Confirmation

    @Test func aConfirmedReSendSkipsExactlyThatGuardOnce() throws {
      let flow = try Self.flow("""
        guard("unsaved", function(change)
          if change.before.top == "item" and change.after.top ~= "item" then return false, "discard?", { ask = true } end
        end)
        guard("never checkout", function(change)
          if change.after.top == "checkout" then return false, "closed" end
        end)
        """)
      try flow.send("open", ["id": 3])
      flow.store.send(.back)
      let rejected = try #require(flow.delegates.compactMap { if case let .rejected(batch) = $0 { batch } else { nil } }.last)
      #expect(rejected.guardName == "unsaved")
      #expect(flow.path == "feed > item")

      flow.store.send(.confirm(rejected))
      #expect(flow.path == "feed")
      // Only once: the next leave is asked about again.
      try flow.send("open", ["id": 4])
      flow.store.send(.back)
      #expect(flow.path == "feed > item")
      // Confirming one guard does not skip the others.
      flow.store.send(.perform([.pop(), .push(DynamicScreen("checkout"))]))
      let leaving = try #require(flow.delegates.compactMap { if case let .rejected(batch) = $0 { batch } else { nil } }.last)
      #expect(leaving.guardName == "unsaved")
      flow.store.send(.confirm(leaving))
      #expect(flow.path == "feed > item")
      #expect(flow.failures.last?.message == "closed")
    }

    // MARK: Links

    @Test func aLinkOpensItsScreenAndWritesItsURL() throws {
      let flow = try Self.flow("link(\"shop://item/:id\", \"item\", { tab = \"home\" })")
      flow.store.send(.tabTapped("profile"))
      flow.store.send(.openURL("shop://item/5?qty=2&utm=mail"))
      #expect(flow.state.selectedTab == "home")
      #expect(flow.state.selectedStack.top.screen == DynamicScreen("item", state: ["id": 5, "qty": 2]))
      #expect(flow.rules.deepLinks.url(for: flow.state) == "shop://item/5?qty=2")
      try flow.send("posted")
      #expect(flow.rules.deepLinks.url(for: flow.state) == nil)
    }

    @Test func aLinkWithoutATabOpensInTheSelectedOne() throws {
      let flow = try Self.flow("link(\"shop://item/:id\", \"item\")")
      flow.store.send(.tabTapped("profile"))
      flow.store.send(.openURL("shop://item/5"))
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.path == "account > item")
    }

    @Test func aParameterOfTheWrongKindRefusesTheURL() throws {
      let flow = try Self.flow("link(\"shop://item/:id\", \"item\")")
      flow.store.send(.openURL("shop://item/x"))
      #expect(flow.path == "feed")
      #expect(flow.failures.first?.message.contains("item.id must be an integer, got 'x'") == true)
    }

    @Test(arguments: [
      ("link(\"shop://item/:nope\", \"item\")", "':nope' is not a field of item's state (fields: id, qty)"),
      ("link(\"shop://item/:id\", \"itme\")", "'itme' is not a declared screen"),
      ("link(\"shop://item/:id\", \"item\", { tab = \"cart\" })", "'cart' is not a declared tab"),
      ("link(\"shop://item/:id\", \"item\", { tabb = \"home\" })", "unknown option 'tabb'"),
      ("link(\"item/:id\", \"item\")", "expected scheme://segments"),
    ])
    func aBadLinkIsALoadErrorSayingWhy(declaration: String, message: String) {
      #expect {
        _ = try Self.flow(declaration)
      } throws: { error in
        "\(error)".contains(message)
      }
    }
  }
}
