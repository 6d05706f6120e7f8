import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// docs/ARCHITECTURE.md §4–§5: `.openURL` matches the app's patterns (path parameters and query items), and the
  /// handler's batch selects the tab and opens routes in it with `replace`, `keepRoot` or
  /// `append` — in one batch, all or nothing.
  @MainActor
  @Suite("Deep links")
  struct DeepLinkStoreTests {
    /// `home: feed > item(1) > sheet:login(nav)`, `profile` selected (history `home`).
    func deepState() throws -> State {
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true)])
      try state.setSelection("profile", history: ["home"])
      return state
    }

    @Test func replaceMakesTheGivenRoutesTheWholeStackWithANewRoot() async throws {
      let store = App.store(try deepState(), deepLinks: try App.deepLinks())
      let oldIDs = store.state.routeIDs(ofTab: "home")

      await store.send(.openURL("shop://item/3?mode=replace")) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
        try $0.setSelection("home", history: ["profile"])
      }
      // The root is the same screen, but a new route: nothing of the old stack is kept.
      #expect(Set(store.state.routeIDs(ofTab: "home")).isDisjoint(with: oldIDs))
      await store.finish()
    }

    @Test func keepRootKeepsTheCurrentRootAndOpensTheGivenRoutesAboveIt() async throws {
      let store = App.store(try deepState(), deepLinks: try App.deepLinks())
      let root = try store.state.routeID("home", 0)

      await store.send(.openURL("shop://item/3")) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
        try $0.setSelection("home", history: ["profile"])
      }
      #expect(store.state.routeIDs(ofTab: "home").first == root)
      // An explicit mode query item means the same.
      await store.send(.openURL("shop://item/4?mode=keepRoot")) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 4))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home").first == root)
      await store.finish()
    }

    @Test func appendOpensTheGivenRoutesOnTopOfTheCurrentStack() async throws {
      let store = App.store(try deepState(), deepLinks: try App.deepLinks())
      let oldIDs = store.state.routeIDs(ofTab: "home")

      await store.send(.openURL("shop://item/3?mode=append")) {
        try $0.setRoutes(
          [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.item(id: 3))], of: "home")
        try $0.setSelection("home", history: ["profile"])
      }
      #expect(Array(store.state.routeIDs(ofTab: "home").prefix(3)) == oldIDs)
      await store.finish()
    }

    @Test func aDeepLinkIntoTheSelectedTabOnlyOpensTheRoutes() async throws {
      let store = App.store(try App.state(), deepLinks: try App.deepLinks())

      await store.send(.openURL("shop://checkout")) {
        try $0.setRoutes([.root(.feed), .push(.checkout)], of: "home")
      }
      await store.send(.openURL("shop://profile/orders")) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.finish()
    }

    @Test func noMatchIsAFailureListingThePatternsAndChangesNothing() async throws {
      let store = App.store(try deepState(), deepLinks: try App.deepLinks())

      for url in ["shop://cart", "shop://item", "shop://item/3/reviews", "other://item/3"] {
        await store.send(.openURL(url))
        await store.receive(.delegate(.failed(BatchFailure(
          source: .deepLink(url), reason: .noDeepLinkMatch(url: url, patterns: App.patterns)))))
      }
      await store.finish()
    }

    @Test func aRefusingHandlerIsAFailureWithItsMessage() async throws {
      let store = App.store(try deepState(), deepLinks: try App.deepLinks())

      await store.send(.openURL("shop://item/three"))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .deepLink("shop://item/three"),
        reason: .ruleFailed(RuleFailure("the item id must be a number, got 'three'"))))))
      await store.send(.openURL("shop://item/3?mode=jump"))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .deepLink("shop://item/3?mode=jump"), reason: .ruleFailed(RuleFailure("unknown open mode 'jump'"))))))
      await store.finish()
    }

    @Test func anInvalidOpenUndoesTheTabSelectionOfTheSameBatch() async throws {
      // `home`'s top layer is a sheet without navigation: appending a push onto it fails, and
      // the batch's selection of `home` (its first command) is undone with it.
      var start = try App.state(home: [.root(.feed), .sheet(.login)])
      try start.setSelection("profile", history: ["home"])
      let store = App.store(start, deepLinks: try App.deepLinks())

      await store.send(.openURL("shop://item/3?mode=append"))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .deepLink("shop://item/3?mode=append"),
        reason: .invalidCommand(
          index: 1, command: "tab home: open append item",
          error: .invalidRoutes(
            operation: "open (append)",
            reason: "cannot push 'item': the layer 'login' (sheet) has no navigation"))))))
      #expect(store.state.selectedTab == "profile")
      await store.finish()
    }

    @Test func withoutDeepLinksEveryURLIsAFailureSayingSo() async throws {
      let store = App.store(try App.state())

      await store.send(.openURL("shop://item/3"))
      await store.receive({ received in
        guard case let .delegate(.failed(failure)) = received else { return false }
        return failure.message == "no deep link matches 'shop://item/3' (no patterns are declared)"
      })
      await store.finish()
    }
  }
}
