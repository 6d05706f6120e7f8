import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// `.router(.updateRoutes)`: the routes of the selected tab as the UI reports them after the
  /// user changed them (swipe back, drag-dismissed sheet, an edited binding).
  @MainActor
  @Suite("UI updateRoutes")
  struct UpdateRoutesStoreTests {
    @Test func aSwipeBackIsAdoptedAndTheRoutesThatStayKeepTheirIDs() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))]))
      let ids = store.state.routeIDs(ofTab: "home")

      await store.send(.router(.updateRoutes([.root(.feed), .push(.item(id: 1))]))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(2)))
      await store.finish()
    }

    @Test func aDragDismissedSheetGoesWithThePushesAboveIt() async throws {
      let store = App.store(try App.state(
        home: [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.checkout)]))
      let ids = store.state.routeIDs(ofTab: "home")

      await store.send(.router(.updateRoutes([.root(.feed), .push(.item(id: 1))]))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(2)))
      await store.finish()
    }

    @Test func anEditedScreenKeepsItsRoute() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      let ids = store.state.routeIDs(ofTab: "home")

      await store.send(.router(.updateRoutes([.root(.feed), .push(.item(id: 1, count: 5))]))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1, count: 5))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == ids)
      await store.finish()
    }

    @Test func onlyTheSelectedTabIsUpdated() async throws {
      let store = App.store(try App.state(
        home: [.root(.feed), .push(.item(id: 1))], profile: [.root(.account), .push(.orders)]))
      let homeIDs = store.state.routeIDs(ofTab: "home")
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home"]) }

      await store.send(.router(.updateRoutes([.root(.account)]))) {
        try $0.setRoutes([.root(.account)], of: "profile")
      }
      #expect(store.state.routeIDs(ofTab: "home") == homeIDs)
      await store.finish()
    }

    @Test func invalidRoutesAreAFailureAndChangeNothing() async throws {
      let start = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      let store = App.store(start)
      let ids = store.state.routeIDs(ofTab: "home")

      let invalid: [[Route<Screen>]] = [
        [], [.push(.feed)], [.root(.feed), .root(.orders)], [.root(.feed), .sheet(.login), .push(.orders)],
      ]
      for routes in invalid {
        await store.send(.router(.updateRoutes(routes)))
        await store.receive({ received in
          guard case let .delegate(.failed(failure)) = received,
            case .invalidCommand(0, "updateRoutes", _) = failure.reason
          else { return false }
          return true
        })
      }
      #expect(store.state == start)
      #expect(store.state.routeIDs(ofTab: "home") == ids)
      await store.finish()
    }
  }
}
