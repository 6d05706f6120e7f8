import Clocks
import CoreTestSupport
import NavigationTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// Route IDs come from the generator the state was built with (a test store's fresh one, so a
  /// test writes them as literals), and no change — an undo, a rolled-back batch, a restored
  /// document, a reload, a rollback — ever hands one out twice. `App.state(ids:)` with a fresh
  /// generator numbers the tab roots `#1`, `#2`, `#3`; the app layer's stand-in root takes `#4`.
  @MainActor
  @Suite("Route IDs from the store's generator")
  struct RouteIDGeneratorTests {
    static var coordinator: TabCoordinator<AppRules> {
      TabCoordinator(rules: AppRules(), guards: [App.auth], logger: App.silentLogger)
    }

    static func store(_ state: @autoclosure () throws -> State) rethrows -> AppStore {
      try TestStore(initialState: state()) {
        coordinator.forEachRoute(\.self, action: .router()) { ScreenFeature(clock: TestClock()) }
      }
    }

    @Test func aTestStoreNumbersItsRoutesFromOne() async throws {
      let store = try Self.store(App.state())
      #expect(store.state.tabs.map(\.stack.ids) == [[1], [2], [3]])
      await store.send(.screen(1, .itemTapped(3))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == [1, 5])
      await store.send(.screen(5, .increment)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, count: 1))], of: "home")
      }
      await store.send(.screen(5, .closeTapped)) { try $0.setRoutes([.root(.feed)], of: "home") }
      await store.send(.screen(1, .itemTapped(4))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 4))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == [1, 6], "#5 left and is not handed out again")
      await store.finish()
    }

    @Test func anAssertionThatAddsRoutesDoesNotShiftLaterIDs() async throws {
      let store = try Self.store(App.state())
      // The expected state is built by pushing on a copy: it takes #5 and gives it back.
      await store.send(.screen(1, .itemTapped(3))) { try $0.apply([.tab("home", .push(.item(id: 3)))]) }
      await store.send(.screen(5, .itemTapped(4))) { try $0.apply([.tab("home", .push(.item(id: 4)))]) }
      #expect(store.state.routeIDs(ofTab: "home") == [1, 5, 6])
      await store.finish()
    }

    @Test func twoStoresNumberTheirRoutesIndependently() async throws {
      let one = try Self.store(App.state())
      let other = try Self.store(App.state())
      #expect(one.idGenerator !== other.idGenerator)
      await one.send(.screen(1, .itemTapped(3))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      await other.send(.screen(1, .itemTapped(4))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 4))], of: "home")
      }
      // Unique per store, as TCA's stack element IDs: both stores have a route #5.
      #expect(one.state.routeIDs(ofTab: "home") == [1, 5])
      #expect(other.state.routeIDs(ofTab: "home") == [1, 5])
      await one.finish()
      await other.finish()
    }

    @Test func aStoreGivenAGeneratorBuildsItsStacksWithIt() {
      let ids = RouteIDGenerator()
      let store = Store(initialState: RouteStack(root: TestScreen.feed), ids: ids) {
        Reduce<RouteStack<TestScreen>, Int> { stack, _ in
          stack = RouteStack(root: .login)
          return .none
        }
      }
      #expect(store.state.ids == [1])
      store.send(0)
      #expect(store.state.ids == [2])
      #expect(store.state.idGenerator === ids)
      // Outside a store, stacks share the process-wide generator.
      #expect(RouteStack(root: TestScreen.feed).idGenerator === RouteIDGenerator.shared)
    }

    @Test func anOlderCopyPutBackDoesNotRewindTheGenerator() throws {
      let ids = RouteIDGenerator()
      var state = try App.state(ids: ids)
      let saved = state
      _ = Self.coordinator.apply(.screen(1, .itemTapped(3)), to: &state)
      #expect(state.routeIDs(ofTab: "home") == [1, 5])
      state = saved
      _ = Self.coordinator.apply(.screen(1, .itemTapped(3)), to: &state)
      #expect(state.routeIDs(ofTab: "home") == [1, 6])
    }

    @Test func aRolledBackBatchsIDsAreNotHandedOutAgain() throws {
      var state = try App.state(ids: RouteIDGenerator())
      // `auth` rejects the checkout: the batch is undone, its two routes (#5, #6) with it.
      let rejected = Self.coordinator.apply(
        .perform([.tab("home", .push(.item(id: 1))), .tab("home", .push(.checkout))]), to: &state)
      #expect(!rejected.isEmpty)
      #expect(state.routeIDs(ofTab: "home") == [1])
      _ = Self.coordinator.apply(.perform([.tab("home", .push(.item(id: 1)))]), to: &state)
      #expect(state.routeIDs(ofTab: "home") == [1, 7])
    }

    @Test func aRestoredDocumentGetsIDsAfterEveryEarlierOne() throws {
      let ids = RouteIDGenerator()
      var state = try App.state(ids: ids)
      _ = Self.coordinator.apply(.screen(1, .itemTapped(3)), to: &state)
      let data = try NavigationDocument.encode(state)
      // Decoded elsewhere, its IDs come from another generator: #1 and #2 again...
      let restored = try RouteIDGenerator.$current.withValue(RouteIDGenerator()) {
        try NavigationDocument.decode(data, as: Screen.self)
      }
      #expect(restored.routeIDs(ofTab: "home") == [1, 2])
      // ...until the coordinator adopts it: fresh IDs from its own, and every old route left.
      let step = Self.coordinator.step(.adoptReloaded(restored), state: &state)
      #expect(state.idGenerator === ids)
      #expect(state.tabs.map(\.stack.ids) == [[6, 7], [8], [9]])
      #expect(Set(step.removedRouteIDs) == [1, 5, 2, 3])
      // Decoded with the coordinator's generator bound, it is adopted as it is.
      let bound = try RouteIDGenerator.$current.withValue(ids) { try NavigationDocument.decode(data, as: Screen.self) }
      _ = Self.coordinator.step(.adoptReloaded(bound), state: &state)
      #expect(state.tabs.map(\.stack.ids) == [[11, 12], [13], [14]])
    }

    @Test func aReloadKeepsIDsAndNumbersNewTabsAfterThem() throws {
      let ids = RouteIDGenerator()
      var state = try App.state(ids: ids)
      _ = Self.coordinator.apply(.screen(1, .itemTapped(3)), to: &state)
      let migrated = try state.migrated(
        toTabs: [
          TabDefinition("home", root: .feed), TabDefinition("orders", root: .orders),
          TabDefinition("profile", root: .account, reselect: .none), TabDefinition("search", root: .feed),
        ],
        backBehavior: .none, screens: { $0 })
      #expect(migrated.idGenerator === ids)
      #expect(migrated.tabs.map(\.stack.ids) == [[1, 5], [2], [3], [6]])
      _ = Self.coordinator.step(.adoptReloaded(migrated), state: &state)
      _ = Self.coordinator.apply(.screen(5, .itemTapped(4)), to: &state)
      #expect(state.routeIDs(ofTab: "home").last.map { $0 > 6 } == true)
    }

    @Test func aRollbackRenumbersWhatItRebuildsAfterEveryEarlierID() throws {
      let ids = RouteIDGenerator()
      var state = try App.state(ids: ids)
      _ = Self.coordinator.apply(.perform([.tab("home", .push(.item(id: 1))), .tab("home", .push(.orders))]), to: &state)
      #expect(state.routeIDs(ofTab: "home") == [1, 5, 6])
      // Rules without `orders` keep `home` cut before it, rebuilt with fresh IDs.
      let trimmed = try #require(state.trimmed(toTabs: ["home", "profile"], keeping: { $0 != .orders }))
      #expect(trimmed.idGenerator === ids)
      #expect(trimmed.tabs.map(\.stack.ids) == [[7, 8], [3]])
      // The initial state of other rules, built with another generator, is renumbered.
      var initial = try App.state(ids: RouteIDGenerator())
      initial.adoptIDs(from: ids)
      #expect(initial.tabs.map(\.stack.ids) == [[10], [11], [12]])
    }

    @Test func stacksFromOtherGeneratorsAreRenumberedTogether() throws {
      let first = RouteStack(root: Screen.feed, ids: RouteIDGenerator())
      let second = RouteStack(root: Screen.orders, ids: RouteIDGenerator())
      #expect(first.ids == second.ids, "both #1: unique per generator only")
      let state = try State(
        restoring: [TabState(id: "home", stack: first), TabState(id: "orders", stack: second)],
        selectedTab: "home", ids: RouteIDGenerator())
      #expect(state.tabs.map(\.stack.ids) == [[2], [3]], "the app layer's stand-in took #1")
    }

    @Test nonisolated func idsAreUniqueAcrossThreads() async {
      let ids = RouteIDGenerator()
      let all = await withTaskGroup(of: [RouteID].self) { group in
        for _ in 0..<4 { group.addTask { (0..<1_000).map { _ in ids.next() } } }
        return await group.reduce(into: []) { $0 += $1 }
      }
      #expect(Set(all).count == 4_000)
      #expect(ids.lastGeneration == 4_000)
    }
  }
}
