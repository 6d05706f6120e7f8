import Clocks
import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// A screen of a tab can itself be a tab coordinator: the `nested` screen runs an inner
  /// `TabCoordinator` through `Scope` inside the screen reducer. Its navigation happens inside
  /// the outer route, its delegate actions reach the outer rules, and its effects are the outer
  /// route's effects — cancelled when that route leaves.
  @MainActor
  @Suite("Nesting")
  struct NestedCoordinatorTests {
    let clock = TestClock()

    /// An inner coordinator: `browse` (root `feed`, `item(1)` pushed) and `saved` (root `orders`).
    func innerFlow() throws -> NestedFlow {
      var inner = try State(tabs: [TabDefinition("browse", root: .feed), TabDefinition("saved", root: .orders)])
      try inner.setRoutes([.root(.feed), .push(.item(id: 1))], of: "browse")
      return NestedFlow(inner)
    }

    /// `home: feed > nested(innerFlow)`.
    func store() throws -> (store: AppStore, nested: RouteID, inner: State) {
      let flow = try innerFlow()
      let store = App.store(try App.state(home: [.root(.feed), .push(.nested(flow))]), clock: clock)
      return (store, try store.state.routeID("home", 1), flow.coordinator)
    }

    @Test func innerNavigationHappensInsideTheOuterRoute() async throws {
      let (store, nested, inner) = try store()
      let innerFeed = try inner.routeID("browse", 0)
      let outerIDs = store.state.routeIDs(ofTab: "home")

      await store.send(.screen(nested, .nested(.screen(innerFeed, .itemTapped(2))))) {
        try $0.updateNested(nested) {
          try $0.setRoutes([.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))], of: "browse")
        }
      }
      await store.send(.screen(nested, .nested(.tabTapped("saved")))) {
        try $0.updateNested(nested) { try $0.setSelection("saved", history: ["browse"]) }
      }
      // The inner coordinator's delegate actions arrive as actions of the outer route.
      await store.send(.screen(nested, .nested(.tabTapped("saved"))))
      await store.receive(.screen(nested, .nested(.delegate(.report(.reselectedAtRoot("saved"))))))
      await store.send(.screen(nested, .nested(.back)))
      await store.receive(.screen(nested, .nested(.delegate(.failed(BatchFailure(
        source: .userBack,
        reason: .invalidCommand(index: 0, command: "back", error: .alreadyAtRoot(tab: "saved", root: "orders"))))))))
      await store.send(.screen(nested, .nested(.tabTapped("browse")))) {
        try $0.updateNested(nested) { try $0.setSelection("browse", history: ["saved"]) }
      }
      await store.send(.screen(nested, .nested(.tabTapped("browse")))) {
        try $0.updateNested(nested) { try $0.setRoutes([.root(.feed)], of: "browse") }
      }
      await store.receive(.screen(nested, .nested(.delegate(.report(.poppedToRoot("browse"))))))

      #expect(store.state.routeIDs(ofTab: "home") == outerIDs)
      #expect(store.state.selectedTab == "home")
      await store.finish()
    }

    @Test func innerEffectsDeliverToTheirInnerRoute() async throws {
      let (store, nested, inner) = try store()
      let innerItem = try inner.routeID("browse", 1)

      await store.send(.screen(nested, .nested(.screen(innerItem, .incrementLater))))
      await clock.advance(by: .seconds(1))
      await store.receive(.screen(nested, .nested(.screen(innerItem, .increment)))) {
        try $0.updateNested(nested) { try $0.setRoutes([.root(.feed), .push(.item(id: 1, count: 1))], of: "browse") }
      }
      await store.finish()
    }

    @Test func anInnerPopCancelsOnlyThatInnerRoutesEffects() async throws {
      let (store, nested, inner) = try store()
      let (innerFeed, innerItem) = (try inner.routeID("browse", 0), try inner.routeID("browse", 1))
      await store.send(.screen(nested, .nested(.screen(innerFeed, .incrementLater))))
      await store.send(.screen(nested, .nested(.screen(innerItem, .incrementLater))))

      await store.send(.screen(nested, .nested(.screen(innerItem, .closeTapped)))) {
        try $0.updateNested(nested) { try $0.setRoutes([.root(.feed)], of: "browse") }
      }
      await clock.advance(by: .seconds(1))
      await store.receive(.screen(nested, .nested(.screen(innerFeed, .increment))))
      await store.finish()
    }

    @Test func poppingTheOuterRouteCancelsEveryInnerEffect() async throws {
      let (store, nested, inner) = try store()
      for innerRoute in inner.routeIDs(ofTab: "browse") + inner.routeIDs(ofTab: "saved") {
        await store.send(.screen(nested, .nested(.screen(innerRoute, .incrementLater))))
      }

      await store.send(.back) { try $0.setRoutes([.root(.feed)], of: "home") }
      await clock.advance(by: .seconds(1))
      await store.finish()
    }

    @Test func anInnerEventLetsTheOuterRulesCloseTheFlowWithItsEffects() async throws {
      let (store, nested, inner) = try store()
      let innerItem = try inner.routeID("browse", 1)
      await store.send(.screen(nested, .nested(.screen(innerItem, .incrementLater))))

      // The inner rules emit `done`; the outer rules close the nested route in the same pass.
      await store.send(.screen(nested, .nested(.screen(innerItem, .doneTapped))))
      await store.receive(.screen(nested, .nested(.delegate(.report(.event(NavigationEvent("done"))))))) {
        try $0.setRoutes([.root(.feed)], of: "home")
      }
      await clock.advance(by: .seconds(1))
      await store.finish()
    }

    @Test func aNestedFlowPersistsInsideTheOuterDocument() async throws {
      let (store, nested, _) = try store()
      let present = Action.perform([.tab("saved", .presentSheet(.login, withNavigation: true))])
      await store.send(.screen(nested, .nested(present))) {
        try $0.updateNested(nested) {
          try $0.setRoutes([.root(.orders), .sheet(.login, withNavigation: true)], of: "saved")
        }
      }

      let restored = try NavigationDocument.decode(try NavigationDocument.encode(store.state), as: Screen.self)
      #expect(restored == store.state)
      await store.finish()
    }
  }
}

extension TabCoordinatorState where Screen == TabCoordinatorTests.Screen {
  /// Changes the inner coordinator of the `nested` screen of route `id`, for expected states.
  mutating func updateNested(
    _ id: RouteID, sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout TabCoordinatorState<Screen>) throws -> Void
  ) throws {
    let updated = try updateScreen(id: id) { screen -> Bool in
      guard case var .nested(flow) = screen else { return false }
      try change(&flow.coordinator)
      screen = .nested(flow)
      return true
    }
    #expect(updated == true, "route \(id) is not a nested screen", sourceLocation: sourceLocation)
  }
}
