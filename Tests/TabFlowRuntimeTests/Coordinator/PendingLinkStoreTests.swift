import Clocks
import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// The coordinator retries a deferred deep link after each context change and each applied
  /// batch until a guard allows it (it opens then, as if just received), a newer link supersedes
  /// it, or the host cancels it (react-navigation RFC 80).
  @MainActor
  @Suite("Pending deep links")
  struct PendingLinkStoreTests {
    /// Defers `shop://profile/orders` while not logged in.
    static var auth: NavigationGuard<Screen> {
      NavigationGuard("auth") { change in
        guard change.after.top.screen == .orders, change.after.context["loggedIn"] != true else { return .allow }
        return .deferLink("login required")
      }
    }

    @Test func itOpensAfterTheContextChangeThatAllowsIt() async throws {
      let store = App.store(try App.state(), guards: [Self.auth], deepLinks: try App.deepLinks())
      await store.send(.openURL("shop://profile/orders")) { $0 = try $0.withPendingLink("shop://profile/orders") }
      await store.receive(.delegate(.report(.linkDeferred(url: "shop://profile/orders", guard: "auth", reason: "login required"))))

      await store.send(.setContext("loggedIn", true)) {
        $0.context["loggedIn"] = true
        $0 = try $0.withPendingLink(nil)
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.receive(.delegate(.report(.pendingLinkOpened("shop://profile/orders"))))
      await store.finish()
    }

    @Test func itIsRetriedAfterEachAppliedBatch() async throws {
      // Allowed once the home stack is deeper than its root.
      let deep = NavigationGuard<Screen>("deep") { change in
        change.after.top.screen == .orders && change.after.routes(ofTab: "home").count < 2 ? .deferLink("not yet") : .allow
      }
      let store = App.store(try App.state(), guards: [deep], deepLinks: try App.deepLinks())
      let feed = try store.state.routeID("home", 0)
      await store.send(.openURL("shop://profile/orders")) { $0 = try $0.withPendingLink("shop://profile/orders") }
      await store.receive(.delegate(.report(.linkDeferred(url: "shop://profile/orders", guard: "deep", reason: "not yet"))))
      await store.send(.screen(feed, .itemTapped(2))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 2))], of: "home")
        $0 = try $0.withPendingLink(nil)
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.receive(.delegate(.report(.pendingLinkOpened("shop://profile/orders"))))
      await store.finish()
    }

    @Test func aCancelledLinkNeverOpens() async throws {
      let store = App.store(try App.state(), guards: [Self.auth], deepLinks: try App.deepLinks())
      await store.send(.openURL("shop://profile/orders")) { $0 = try $0.withPendingLink("shop://profile/orders") }
      await store.receive(.delegate(.report(.linkDeferred(url: "shop://profile/orders", guard: "auth", reason: "login required"))))
      await store.send(.cancelPendingLink) { $0 = try $0.withPendingLink(nil) }
      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.finish()
    }

    @Test func aLinkLeavingAPopToRootTabCancelsThePoppedRoutesEffects() async throws {
      let clock = TestClock()
      var state = try State(
        tabs: [TabDefinition("home", root: .feed, onLeave: .popToRoot), TabDefinition("profile", root: .account)])
      try state.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home")
      let store = App.store(state, deepLinks: try App.deepLinks(), clock: clock)
      let item = try store.state.routeID("home", 1)
      await store.send(.screen(item, .incrementLater))
      await store.send(.openURL("shop://profile/orders")) {
        try $0.setRoutes([.root(.feed)], of: "home")
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      // The popped item's effect was cancelled: nothing arrives.
      await clock.advance(by: .seconds(1))
      await store.finish()
    }
  }
}

extension TabCoordinatorState {
  /// This state with `pendingLink` (for expected states).
  func withPendingLink(_ url: String?) throws -> Self {
    try TabCoordinatorState(
      restoring: tabs, selectedTab: selectedTab, history: history, backBehavior: backBehavior, context: context,
      pendingLink: url)
  }
}
