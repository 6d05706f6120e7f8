import Foundation
import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: `app { initialTab, back }`, `nav:setState`, `on_context` rules and a
  /// guard's `resume = true`, driven through a store as an app does.
  @MainActor
  @Suite("Lua initial tab, back behaviours, setState, on_context, resume")
  struct ScriptContextAndResumeTests {
    static let preamble = """
      tab "home" { root = "feed" }
      tab "search" { root = "search" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { "open", "checkout", "count", "late", "cart" } }
      screen "search" { state = { query = "" } }
      screen "item" { state = { id = 0, qty = 1, note = "" }, actions = { qty = { qty = 2 }, "bad", "afterPush", "again" } }
      screen "cart" { actions = { "checkout" } }
      screen "checkout" {}
      screen "login" { state = { reason = "" }, actions = { "done" } }
      screen "account" { actions = { "orders" } }
      screen "orders" {}
      on("feed.open", function(nav, p) nav:push("item", { id = p.id }) end)
      on("feed.cart", function(nav) nav:presentSheet("cart", {}, { navigation = true }) end)
      on("cart.checkout", function(nav) nav:push("checkout") end)
      on("feed.checkout", function(nav) nav:push("checkout") end)
      on("account.orders", function(nav) nav:push("orders") end)
      on("item.qty", function(nav, p) nav:setState({ qty = p.qty }) end)
      on("item.bad", function(nav) nav:setState({ qtty = 3 }) end)
      on("item.again", function(nav) nav:setState({ qty = "many" }) end)
      on("item.afterPush", function(nav) nav:push("item"); nav:setState({ qty = 5 }) end)
      on("login.done", function(nav) nav:dismiss() end)
      """

    static let loginGuard = """
      guard("login", function(change)
        if change.after:tab("home"):contains("checkout") and not change.context.loggedIn then
          return false, "login required", {
            redirect = function(nav) nav:presentSheet("login", { reason = "checkout" }, { navigation = true }) end,
            resume = true,
          }
        end
      end)
      """

    static func flow(_ more: String = "", app: String = "app \"Shop\"") throws -> ScriptedFlow {
      try ScriptedFlow(app + "\n" + preamble + "\n" + more)
    }

    // MARK: Initial tab and back behaviours

    @Test func theAppStartsOnItsInitialTab() throws {
      let flow = try Self.flow(app: "app \"Shop\" { initialTab = \"search\", back = \"initialRoute\" }")
      #expect(flow.state.selectedTab == "search")
      #expect(flow.state.initialTab == "search")
      #expect(flow.rules.declarations.initialTab == "search")
      flow.store.send(.tabTapped("profile"))
      flow.store.send(.back)
      #expect(flow.state.selectedTab == "search")
      flow.store.send(.back)
      #expect(flow.failures.last?.message.contains("already at root") == true)
    }

    @Test func anUnknownInitialTabIsADeclarationErrorWithASuggestion() {
      #expect {
        _ = try Self.flow(app: "app \"Shop\" { initialTab = \"serch\" }")
      } throws: { error in
        "\(error)".contains("initialTab 'serch' is not a declared tab") && "\(error)".contains("did you mean 'search'")
      }
    }

    @Test(arguments: ["firstRoute", "order", "history"])
    func everyBackBehaviourLoadsAndGoesBack(back: String) throws {
      let flow = try Self.flow(app: "app \"Shop\" { back = \"\(back)\" }")
      #expect(flow.rules.declarations.backBehavior.rawValue == back)
      flow.store.send(.tabTapped("search"))
      flow.store.send(.back)
      #expect(flow.state.selectedTab == "home")
    }

    @Test func anUnknownBackBehaviourNamesTheChoices() {
      #expect {
        _ = try Self.flow(app: "app \"Shop\" { back = \"previous\" }")
      } throws: { error in
        "\(error)".contains("\"firstRoute\", \"initialRoute\" or \"order\", got previous")
      }
    }

    // MARK: setState

    @Test func setStateChangesTheTopScreenInPlaceKeepingItsRoute() throws {
      let flow = try Self.flow()
      try flow.send("open", ["id": 3])
      let id = try flow.routeID()
      try flow.send("qty", ["qty": 4])
      #expect(try flow.routeID() == id)
      #expect(flow.state.top.screen == (try flow.screen("item", ["id": 3, "qty": 4])))
      #expect(flow.path == "feed > item")
      #expect(flow.failures.isEmpty)
    }

    @Test func setStateChecksFieldsLikeAPush() throws {
      let flow = try Self.flow()
      try flow.send("open", ["id": 3])
      let before = flow.state
      try flow.send("bad")
      #expect(flow.failures.last?.message.contains("screen 'item' has no field 'qtty'") == true)
      #expect(flow.failures.last?.message.contains("did you mean 'qty'") == true)
      try flow.send("again")
      #expect(flow.failures.last?.message.contains("field 'qty' of screen 'item' expects a number, got string") == true)
      #expect(flow.state == before)
    }

    @Test func setStateAfterAnotherCommandIsAnErrorAtTheCall() throws {
      let flow = try Self.flow()
      try flow.send("open", ["id": 3])
      try flow.send("afterPush")
      #expect(flow.failures.last?.message.contains("nav:setState must come before") == true)
      #expect(flow.failures.last?.message.contains("shop.lua:") == true)
      #expect(flow.path == "feed > item")
    }

    @Test func setStateIsTheCommandSwiftRulesSend() throws {
      let flow = try Self.flow()
      try flow.send("open", ["id": 3])
      let batch = try #require(try flow.batch("qty", ["qty": 2]))
      #expect(batch.commands == [.setTopScreen(try flow.screen("item", ["id": 3, "qty": 2]))])
    }

    // MARK: on_context

    static let sessionRule = """
      on_context("loggedIn", function(nav, value)
        nav:emit("context", { value = value == true })
        if not value and nav:tab("profile"):contains("orders") then nav:tab("profile"):goBackToRoot() end
      end)
      """

    @Test func aContextRuleRunsWhenTheKeyChangesToAnotherValue() throws {
      let flow = try Self.flow(Self.sessionRule)
      #expect(flow.rules.declarations.contextRules == ["loggedIn"])
      flow.store.send(.setContext("loggedIn", true))
      flow.store.send(.tabTapped("profile"))
      try flow.send("orders")
      flow.store.send(.tabTapped("home"))
      #expect(flow.events.count == 1)
      // The same value again: nothing runs.
      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.events.count == 1)
      flow.store.send(.setContext("loggedIn", false))
      #expect(flow.events.map(\.payload) == [["value": true], ["value": false]])
      #expect(flow.path("profile") == "account")
      #expect(flow.state.selectedTab == "home")
      // Removing the key is a change too (to nil).
      flow.store.send(.setContext("loggedIn", nil))
      #expect(flow.events.count == 3)
    }

    @Test func aContextRulesBatchPassesThroughTheGuards() throws {
      let flow = try Self.flow(Self.sessionRule + """
        guard("keep orders", function(change)
          if change.source == "rule on_context loggedIn" and change.before:tab("profile"):contains("orders")
              and not change.after:tab("profile"):contains("orders") then
            return false, "orders stay"
          end
        end)
        """)
      flow.store.send(.setContext("loggedIn", true))
      flow.store.send(.tabTapped("profile"))
      try flow.send("orders")
      flow.store.send(.setContext("loggedIn", false))
      #expect(flow.path("profile") == "account > orders")
      #expect(flow.failures.last?.message.contains("orders stay") == true)
      // The context is set even though its rule's batch was rejected.
      #expect(flow.state.context["loggedIn"] == false)
    }

    @Test func aContextRuleRunsBeforeThePendingLinkIsRetried() throws {
      let flow = try Self.flow("""
        on_context("loggedIn", function(nav, value) if value then nav:selectTab("search") end end)
        deeplink("shop://orders", function(nav) nav:selectTab("profile"); nav:push("orders") end)
        guard("login", function(change)
          if change.after.top == "orders" and not change.context.loggedIn then
            return false, "login required", { defer = true }
          end
        end)
        """)
      flow.store.send(.openURL("shop://orders"))
      #expect(flow.state.pendingLink == "shop://orders")
      flow.store.send(.setContext("loggedIn", true))
      // The rule selected search; then the link opened (selecting profile).
      #expect(flow.state.selectedTab == "profile")
      #expect(flow.path("profile") == "account > orders")
      #expect(flow.state.pendingLink == nil)
      #expect(flow.state.history.last == "search")
    }

    @Test func aContextRuleThatFailsIsReportedAtItsLine() throws {
      let flow = try Self.flow("on_context(\"tier\", function(nav) nav:push(\"nowhere\") end)")
      flow.store.send(.setContext("tier", "gold"))
      #expect(flow.failures.last?.message.contains("unknown screen 'nowhere'") == true)
      #expect(flow.state.context["tier"] == "gold")
    }

    @Test func onContextIsDeclaredOnceWithAFunction() {
      #expect {
        _ = try Self.flow("on_context(\"a\", function() end)\non_context(\"a\", function() end)")
      } throws: { error in "\(error)".contains("on_context 'a' is declared twice") }
      #expect {
        _ = try Self.flow("on_context(\"a\", 3)")
      } throws: { error in "\(error)".contains("on_context 'a' needs a function(nav, value)") }
    }

    // MARK: resume

    @Test func aResumingRedirectSendsTheTapAgainOnceAllowed() throws {
      let flow = try Self.flow(Self.loginGuard)
      try flow.send("checkout")
      #expect(flow.path == "feed > sheet:login")
      let resume = try #require(flow.state.pendingResume)
      #expect(resume.source == .rule("feed.checkout"))
      #expect(resume.commands == [.tab("home", .push(try flow.screen("checkout")))])
      // Still logged out: other changes retry it, it stays.
      flow.store.send(.tabTapped("search"))
      flow.store.send(.tabTapped("home"))
      #expect(flow.state.pendingResume != nil)
      try flow.send("done")
      #expect(flow.path == "feed")
      #expect(flow.state.pendingResume != nil)
      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.path == "feed > checkout")
      #expect(flow.state.pendingResume == nil)
      #expect(flow.delegates.contains(.report(.resumed(source: "rule feed.checkout"))))
    }

    @Test func aResumeIsDroppedWhenTheRouteThatSentItLeaves() throws {
      let flow = try Self.flow(Self.loginGuard)
      try flow.send("cart")
      try flow.send("checkout")
      #expect(flow.path == "feed > sheet:cart > sheet:login")
      #expect(flow.state.pendingResume != nil)
      // Closing both sheets removes the cart, which sent the tap.
      flow.perform([.dismissAll])
      #expect(flow.state.pendingResume == nil)
      #expect(flow.delegates.contains { if case .report(.resumeDropped) = $0 { true } else { false } })
      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.path == "feed")
    }

    @Test func onlyTheNewestResumeIsKeptAndCancelLinkDropsIt() throws {
      let flow = try Self.flow(Self.loginGuard)
      try flow.send("checkout")
      try flow.send("done")
      try flow.send("cart")
      try flow.send("checkout")
      #expect(flow.state.pendingResume?.source == .rule("cart.checkout"))
      flow.store.send(.cancelPendingLink)
      #expect(flow.state.pendingResume == nil)
      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.path == "feed > sheet:cart > sheet:login")
    }

    @Test func aResumeWhoseCommandNoLongerAppliesIsDropped() throws {
      let flow = try Self.flow(Self.loginGuard)
      try flow.send("cart")
      try flow.send("checkout")
      // The resume pushes onto the top layer: with the login sheet replaced by a cover without
      // navigation (the cart, which sent the tap, stays), the push cannot apply.
      flow.perform([.dismiss(count: 1), .presentCover(try flow.screen("orders"))])
      #expect(flow.state.pendingResume == nil)
      #expect(flow.delegates.contains { if case .report(.resumeDropped) = $0 { true } else { false } })
      #expect(flow.path == "feed > sheet:cart > cover:orders")
    }

    @Test func aResumePersistsWithTheNavigation() throws {
      let flow = try Self.flow(Self.loginGuard)
      try flow.send("cart")
      try flow.send("checkout")
      let data = try NavigationDocument.encode(flow.state)
      #expect(String(decoding: data, as: UTF8.self).contains("\"pendingResume\""))
      let decoded = try NavigationDocument.decode(data, as: DynamicScreen.self)
      #expect(decoded == flow.state)
      #expect(decoded.pendingResume?.route == nil)
      // A document without one reads as before.
      let plain = try NavigationDocument.encode(try flow.rules.initialState())
      #expect(!String(decoding: plain, as: UTF8.self).contains("pendingResume"))
    }

    @Test func aResumeForADeepLinkDefersTheLink() throws {
      let flow = try Self.flow(Self.loginGuard + """
        deeplink("shop://checkout", function(nav) nav:push("checkout") end)
        """)
      flow.store.send(.openURL("shop://checkout"))
      #expect(flow.state.pendingLink == "shop://checkout")
      #expect(flow.state.pendingResume == nil)
      flow.store.send(.setContext("loggedIn", true))
      #expect(flow.state.pendingLink == nil)
      #expect(flow.path == "feed > sheet:login > checkout")
    }

    @Test func resumeMustBeABoolean() throws {
      let flow = try Self.flow("""
        guard(function(change) if change.after.top == "checkout" then return false, "no", { resume = 1 } end end)
        """)
      try flow.send("checkout")
      #expect(flow.failures.last?.message.contains("resume must be a boolean, got number") == true)
    }
  }
}
