import Clocks
import TabFlow
import Testing

extension TabCoordinatorTests {
  /// Leave confirmation: whatever a guard rejects — a rule, back, a swipe's `updateRoutes`, a tab
  /// tap, a deep link — reaches the host whole with the guard's name, and `.confirm(batch)` re-sends
  /// it skipping exactly that guard once (React Navigation's `usePreventRemove`, which misses
  /// gestures: react-navigation 12966).
  @MainActor
  @Suite("Leave confirmation")
  struct ConfirmationStoreTests {
    static let checkoutState = { try App.state(home: [.root(.feed), .push(.item(id: 1)), .push(.checkout)]) }

    func rejected(by guardName: String, _ commands: [NavigationCommand<Screen>], _ source: BatchSource) -> Action {
      .delegate(.rejected(RejectedBatch(
        commands: commands,
        failure: BatchFailure(source: source, reason: .rejected(guard: guardName, reason: "finish the checkout first")))))
    }

    @Test func aRejectedBackReachesTheHostAndIsReSentConfirmed() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock])
      await store.send(.back)
      let batch = RejectedBatch<Screen>(
        commands: [.goBack()],
        failure: BatchFailure(source: .userBack, reason: .rejected(guard: "checkoutLock", reason: "finish the checkout first")))
      await store.receive(.delegate(.rejected(batch)))

      await store.send(.confirm(batch)) { try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home") }
      await store.finish()
    }

    @Test func aRejectedSwipeLeavesTheCoordinatorUnchangedSoTheUISnapsBack() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock])
      let ids = store.state.routeIDs(ofTab: "home")
      await store.send(.router(.updateRoutes([.root(.feed), .push(.item(id: 1))])))
      await store.receive(rejected(by: "checkoutLock", [.tab("home", .goBack(count: 1))], .userBack))
      #expect(store.state.routeIDs(ofTab: "home") == ids)

      await store.send(.perform([.tab("home", .goBack(count: 1))], confirmedGuards: ["checkoutLock"])) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home")
      }
      await store.finish()
    }

    @Test func aRejectedTabTapAndADeepLinkComeWholeToo() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock], deepLinks: try App.deepLinks())
      await store.send(.tabTapped("home"))
      await store.receive(rejected(by: "checkoutLock", [.tab("home", .goBackToRoot)], .tabTap("home")))
      await store.send(.openURL("shop://item/9"))
      await store.receive(rejected(
        by: "checkoutLock", [.selectTab("home"), .tab("home", .open([.push(.item(id: 9))], mode: .keepRoot))],
        .deepLink("shop://item/9")))
      await store.finish()
    }

    @Test func confirmingOneGuardStillRunsTheOthersAndOnlyOnce() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock, App.auth])
      // auth rejects showing checkout again; confirming checkoutLock does not skip it.
      await store.send(.perform([.pop(), .push(.checkout)], confirmedGuards: ["checkoutLock"]))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.pop(), .push(.checkout)],
        failure: BatchFailure(source: .host, reason: .rejected(guard: "auth", reason: "login required"))))))
      // The confirmation was for that batch only: the next back asks again.
      await store.send(.back)
      await store.receive(rejected(by: "checkoutLock", [.goBack()], .userBack))
      await store.finish()
    }
  }
}
