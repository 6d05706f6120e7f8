import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// docs/ARCHITECTURE.md §4–§5: guards run on every batch the reducer applies — rules, taps, back, deep links,
  /// host commands — see `(before, after, commands)`, and can reject with a reason.
  @MainActor
  @Suite("Guards")
  struct GuardStoreTests {
    @Test func aGuardRejectsARuleBatchUntilTheContextAllowsIt() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]), guards: [App.auth])
      let item = try store.state.routeID("home", 1)

      await store.send(.screen(item, .buyTapped))
      // The rejected batch reaches the host whole, its commands addressed to the route's tab.
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(.checkout))],
        failure: BatchFailure(source: .rule("item.buyTapped"), reason: .rejected(guard: "auth", reason: "login required"))))))

      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.send(.screen(item, .buyTapped)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3)), .push(.checkout)], of: "home")
      }
      await store.finish()
    }

    @Test func guardsSeeBeforeAfterCommandsAndSourceOfEveryKindOfBatch() async throws {
      let recorder = GuardRecorder()
      let store = App.store(
        try App.state(home: [.root(.feed), .push(.item(id: 3))]),
        guards: [recorder.recordingGuard()], deepLinks: try App.deepLinks())
      let item = try store.state.routeID("home", 1)
      var expected: [GuardRecorder.Sighting] = []
      func expectSighting(
        _ commands: [NavigationCommand<Screen>], _ source: BatchSource, from before: State,
        sourceLocation: SourceLocation = #_sourceLocation
      ) {
        expected.append(.init(before: before, after: store.state, commands: commands, source: source))
        #expect(recorder.all == expected, sourceLocation: sourceLocation)
      }

      var before = store.state
      await store.send(.screen(item, .itemTapped(4))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3)), .push(.item(id: 4))], of: "home")
      }
      expectSighting([.push(.item(id: 4))], .rule("feed.itemTapped"), from: before)

      before = store.state
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home"]) }
      expectSighting([.selectTab("profile")], .tabTap("profile"), from: before)

      before = store.state
      await store.send(.openURL("shop://item/5")) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 5))], of: "home")
        try $0.setSelection("home", history: ["profile"])
      }
      // The deep link's tab selection and open are one batch: one guard call sees both.
      expectSighting(
        [.selectTab("home"), .tab("home", .open([.push(.item(id: 5))], mode: .keepRoot))],
        .deepLink("shop://item/5"), from: before)

      before = store.state
      await store.send(.back) { try $0.setRoutes([.root(.feed)], of: "home") }
      expectSighting([.goBack(count: 1)], .userBack, from: before)

      before = store.state
      await store.send(.perform([.push(.orders)])) { try $0.setRoutes([.root(.feed), .push(.orders)], of: "home") }
      expectSighting([.push(.orders)], .host, from: before)

      before = store.state
      await store.send(.tabTapped("home")) { try $0.setRoutes([.root(.feed)], of: "home") }
      await store.receive(.delegate(.report(.poppedToRoot("home"))))
      expectSighting([.tab("home", .goBackToRoot)], .tabTap("home"), from: before)

      // Reselecting at the root changes nothing, and is still a batch the guards see.
      before = store.state
      await store.send(.tabTapped("home"))
      await store.receive(.delegate(.report(.reselectedAtRoot("home"))))
      expectSighting([], .tabTap("home"), from: before)
      await store.finish()
    }

    @Test func aGuardCanRejectTapsBackDeepLinksAndHostCommands() async throws {
      let start = try App.state(
        home: [.root(.feed), .push(.item(id: 3)), .push(.checkout)], profile: [.root(.account), .push(.orders)])
      let rejected = BatchFailure.Reason.rejected(guard: "checkoutLock", reason: "finish the checkout first")
      let store = App.store(start, guards: [App.checkoutLock], deepLinks: try App.deepLinks())

      // Each rejected batch reaches the host whole: what it would have done, and which guard stopped it.
      await store.send(.tabTapped("profile"))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.selectTab("profile")], failure: BatchFailure(source: .tabTap("profile"), reason: rejected, asks: true)))))
      // A rejected reselect is not reported as popped to root: only the rejection arrives.
      await store.send(.tabTapped("home"))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .goBackToRoot)], failure: BatchFailure(source: .tabTap("home"), reason: rejected, asks: true)))))
      await store.send(.back)
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .goBack(count: 1))], failure: BatchFailure(source: .userBack, reason: rejected, asks: true)))))
      await store.send(.openURL("shop://profile/orders"))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: DeepLinks.open(tab: "profile", [.push(.orders)], mode: .keepRoot),
        failure: BatchFailure(source: .deepLink("shop://profile/orders"), reason: rejected, asks: true)))))
      await store.send(.perform([.push(.orders)]))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(.orders))], failure: BatchFailure(source: .host, reason: rejected, asks: true)))))
      #expect(store.state == start)

      // Once the context allows it, the same back goes through.
      await store.send(.setContext("paid", true)) { $0.context["paid"] = true }
      await store.send(.back) { try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home") }
      await store.finish()
    }

    @Test func theFirstRejectingGuardNamesTheFailureAndNoLaterGuardRuns() async throws {
      let recorder = GuardRecorder()
      let store = App.store(
        try App.state(home: [.root(.feed), .push(.item(id: 3))]),
        guards: [App.auth, recorder.recordingGuard("afterAuth")])

      await store.send(.perform([.push(.checkout)]))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(.checkout))],
        failure: BatchFailure(source: .host, reason: .rejected(guard: "auth", reason: "login required"))))))
      #expect(recorder.all.isEmpty)

      await store.send(.perform([.push(.orders)])) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3)), .push(.orders)], of: "home")
      }
      #expect(recorder.all.count == 1)
      await store.finish()
    }

    @Test func aFailingBatchNeverReachesTheGuards() async throws {
      let recorder = GuardRecorder()
      let store = App.store(try App.state(), guards: [recorder.recordingGuard()])

      await store.send(.perform([.push(.orders), .dismiss()]))
      await store.receive({ if case .delegate(.failed) = $0 { true } else { false } })
      #expect(recorder.all.isEmpty)
      await store.finish()
    }
  }
}
