import Clocks
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// A rule for a route in a tab that is not selected — an effect that finishes after the user
  /// switched tabs — navigates the route's own tab: its commands without a tab go there, never to
  /// the selected tab, and it changes the selection only by saying `selectTab`.
  @MainActor
  @Suite("Rules for a background tab's route")
  struct BackgroundTabRuleTests {
    /// `increment` (what the delayed effect sends) pushes `checkout`; `ordersTapped` pushes into
    /// `profile` by name and selects it.
    static var rules: ClosureRules<Screen, ScreenAction> {
      ClosureRules { action, _, _ in
        switch action {
        case .increment: return [.push(.checkout)]
        case .ordersTapped: return [.tab("profile", .push(.orders)), .selectTab("profile")]
        case .closeTapped: return [.pop(), .selectTab("home")]
        default: return []
        }
      }
    }

    @Test func anEffectThatFinishesAfterATabSwitchNavigatesItsOwnTab() async throws {
      let clock = TestClock()
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]), rules: Self.rules, clock: clock)
      let item = try store.state.routeID("home", 1)

      await store.send(.screen(item, .incrementLater))
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }
      await clock.advance(by: .seconds(1))
      await store.receive(.screen(item, .increment)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, count: 1)), .push(.checkout)], of: "home")
      }
      #expect(store.state.selectedTab == "orders")
      #expect(store.state.selectedStack.count == 1)
      await store.finish()
    }

    @Test func aCrossTabRuleStillNavigatesTheTabItNames() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]), rules: Self.rules)
      let item = try store.state.routeID("home", 1)
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }
      await store.send(.screen(item, .ordersTapped)) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home", "orders"])
      }
      await store.finish()
    }

    @Test func commandsAfterASelectTabStillGoToTheRoutesTab() async throws {
      // The rule pops, then selects home: the pop is the route's tab's (orders), not home's.
      var start = try App.state(home: [.root(.feed), .push(.item(id: 1))], orders: [.root(.orders), .push(.item(id: 2))])
      try start.setSelection("orders", history: ["home"])
      let store = App.store(start, rules: Self.rules)
      let item = try store.state.routeID("orders", 1)
      await store.send(.screen(item, .closeTapped)) {
        try $0.setRoutes([.root(.orders)], of: "orders")
        try $0.setSelection("home", history: ["orders"])
      }
      #expect(store.state.stack(for: "home")?.count == 2)
      await store.finish()
    }
  }
}
