import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// docs/ARCHITECTURE.md §5, row by row, through the reducer: taps, back, host commands for other tabs and
  /// unknown tabs, with what the host is told as delegate actions.
  @MainActor
  @Suite("Tab semantics")
  struct TabSemanticsTests {
    // MARK: - Select another tab

    @Test func tappingAnotherTabSelectsItAndLeavesEveryStackAlone() async throws {
      let store = App.store(try App.state(
        home: [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true)],
        profile: [.root(.account), .push(.orders)]))
      let idsBefore = store.state.tabs.map(\.stack.ids)

      await store.send(.tabTapped("profile")) {
        try $0.setSelection("profile", history: ["home"])
      }
      await store.send(.tabTapped("orders")) {
        try $0.setSelection("orders", history: ["home", "profile"])
      }
      #expect(store.state.tabs.map(\.stack.ids) == idsBefore)
      await store.finish()
    }

    // MARK: - Reselect, policy popToRoot

    @Test func reselectingADeepTabPopsItToItsRootPresentedLayersIncluded() async throws {
      let store = App.store(try App.state(
        home: [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.checkout)],
        profile: [.root(.account), .push(.orders)]))
      let rootID = try store.state.routeID("home", 0)
      let profileIDs = store.state.routeIDs(ofTab: "profile")

      await store.send(.tabTapped("home")) {
        try $0.setRoutes([.root(.feed)], of: "home")
      }
      await store.receive(.delegate(.report(.poppedToRoot("home"))))
      #expect(store.state.routeIDs(ofTab: "home") == [rootID])
      #expect(store.state.routeIDs(ofTab: "profile") == profileIDs)
      await store.finish()
    }

    @Test func reselectingATabAtItsRootChangesNothingAndReportsReselectedAtRoot() async throws {
      let store = App.store(try App.state(profile: [.root(.account), .push(.orders)]))
      let rootID = try store.state.routeID("home", 0)

      await store.send(.tabTapped("home"))
      await store.receive(.delegate(.report(.reselectedAtRoot("home"))))
      #expect(store.state.routeIDs(ofTab: "home") == [rootID])
      await store.finish()
    }

    @Test func reselectingAnotherPopToRootTabAfterSelectingIt() async throws {
      let store = App.store(try App.state(orders: [.root(.orders), .push(.item(id: 4))]))

      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }
      await store.send(.tabTapped("orders")) { try $0.setRoutes([.root(.orders)], of: "orders") }
      await store.receive(.delegate(.report(.poppedToRoot("orders"))))
      await store.send(.tabTapped("orders"))
      await store.receive(.delegate(.report(.reselectedAtRoot("orders"))))
      await store.finish()
    }

    // MARK: - Reselect, policy none

    @Test func reselectingATabWithPolicyNoneChangesNothingAndReportsReselected() async throws {
      let store = App.store(try App.state(profile: [.root(.account), .push(.orders)]))
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home"]) }
      let profileIDs = store.state.routeIDs(ofTab: "profile")

      await store.send(.tabTapped("profile"))
      await store.receive(.delegate(.report(.reselected("profile"))))
      #expect(store.state.routeIDs(ofTab: "profile") == profileIDs)
      await store.finish()
    }

    // MARK: - User back

    @Test func backRemovesTheTopRouteOfTheSelectedTabOnly() async throws {
      let store = App.store(try App.state(
        home: [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.checkout)],
        profile: [.root(.account), .push(.orders)]))
      let profileIDs = store.state.routeIDs(ofTab: "profile")

      await store.send(.back) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true)], of: "home")
      }
      // A presented route is removed like a push: back is the user's gesture, any style.
      await store.send(.back) { try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home") }
      await store.send(.back) { try $0.setRoutes([.root(.feed)], of: "home") }
      #expect(store.state.routeIDs(ofTab: "profile") == profileIDs)
      await store.finish()
    }

    @Test func backAtTheRootWithoutHistoryBehaviourFailsAndChangesNothing() async throws {
      let store = App.store(try App.state())
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home"]) }

      await store.send(.back)
      await store.receive(.delegate(.failed(BatchFailure(
        source: .userBack,
        reason: .invalidCommand(index: 0, command: "back", error: .alreadyAtRoot(tab: "profile", root: "account"))))))
      #expect(store.state.selectedTab == "profile")
      await store.finish()
    }

    @Test func backAtTheRootWithHistoryBehaviourGoesToThePreviouslySelectedTabs() async throws {
      let store = App.store(try App.state(
        home: [.root(.feed), .push(.item(id: 1))], backBehavior: .history))
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home", "orders"]) }

      await store.send(.back) { try $0.setSelection("orders", history: ["home"]) }
      await store.send(.back) { try $0.setSelection("home", history: []) }
      // Back in home pops its stack first; only at its root, with no history left, it fails.
      await store.send(.back) { try $0.setRoutes([.root(.feed)], of: "home") }
      await store.send(.back)
      await store.receive(.delegate(.failed(BatchFailure(
        source: .userBack,
        reason: .invalidCommand(index: 0, command: "back", error: .alreadyAtRoot(tab: "home", root: "feed"))))))
      await store.finish()
    }

    // MARK: - Commands for another tab

    @Test func aCommandForAnotherTabChangesThatTabWithoutSelectingIt() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      let homeIDs = store.state.routeIDs(ofTab: "home")

      await store.send(.perform([.tab("profile", .push(.orders)), .tab("orders", .presentSheet(.login))])) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setRoutes([.root(.orders), .sheet(.login)], of: "orders")
      }
      #expect(store.state.selectedTab == "home")
      #expect(store.state.routeIDs(ofTab: "home") == homeIDs)

      await store.send(.perform([.tab("profile", .pop())])) {
        try $0.setRoutes([.root(.account)], of: "profile")
      }
      await store.finish()
    }

    // MARK: - Unknown tabs

    @Test(arguments: [
      TabCoordinatorTests.Action.tabTapped("cart"),
      .perform([.selectTab("cart")]),
      .perform([.tab("cart", .push(.orders))]),
    ])
    func anUnknownTabIsAnErrorNamingTheKnownTabsAndChangesNothing(_ action: TabCoordinatorTests.Action) async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 1))]))

      await store.send(action)
      await store.receive({ received in
        guard case let .delegate(.failed(failure)) = received,
          case let .invalidCommand(0, _, .unknownTab(tab, known)) = failure.reason
        else { return false }
        return tab == "cart" && known == App.tabIDs
          && failure.message == "unknown tab 'cart' (tabs: home, orders, profile)"
      })
      await store.finish()
    }

    @Test func anUnknownTabTapSaysItWasATap() async throws {
      let store = App.store(try App.state())

      await store.send(.tabTapped("cart"))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .tabTap("cart"),
        reason: .invalidCommand(index: 0, command: "tab cart", error: .unknownTab("cart", known: App.tabIDs))))))
      await store.finish()
    }
  }
}
