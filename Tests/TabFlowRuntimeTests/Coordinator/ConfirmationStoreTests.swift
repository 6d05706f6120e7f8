import Clocks
import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// Leave confirmation: whatever a guard rejects — a rule, back, a swipe's `updateRoutes`, a tab
  /// tap, a deep link — reaches the host whole with the guard's name and its commands addressed
  /// to their tabs, and `.confirm(batch)` re-sends it skipping exactly that guard once (React
  /// Navigation's `usePreventRemove`, which misses gestures: react-navigation 12966) — but only
  /// the last rejected batch, and only while the state has not changed since: the host's
  /// "Discard?" alert can outlive the state it was about.
  @MainActor
  @Suite("Leave confirmation")
  struct ConfirmationStoreTests {
    static let checkoutState = { try App.state(home: [.root(.feed), .push(.item(id: 1)), .push(.checkout)]) }

    /// `checkout` on `home`, a pushed item on `orders`, `home` selected.
    static let twoTabState = {
      try App.state(
        home: [.root(.feed), .push(.item(id: 1)), .push(.checkout)], orders: [.root(.orders), .push(.item(id: 2))])
    }

    /// The route IDs of every `checkout` route, in any tab.
    static func checkoutIDs(_ state: State) -> Set<RouteID> {
      var ids = Set<RouteID>()
      for tab in state.tabs {
        for (route, id) in zip(tab.stack.routes, tab.stack.ids) where route.screen == .checkout { ids.insert(id) }
      }
      return ids
    }

    /// Rejects any change that removes a `checkout` route from any tab (switching tabs keeps it).
    static var keepsCheckout: NavigationGuard<Screen> {
      NavigationGuard("keepsCheckout") { change in
        checkoutIDs(change.before).isSubset(of: checkoutIDs(change.after)) ? .allow : .ask("discard the checkout?")
      }
    }

    /// Rejects any change that adds a `checkout` route to any tab, selected or not.
    static var asksBeforeCheckout: NavigationGuard<Screen> {
      NavigationGuard("asksBeforeCheckout") { change in
        checkoutIDs(change.after).isSubset(of: checkoutIDs(change.before)) ? .allow : .ask("start a checkout?")
      }
    }

    func rejected(by guardName: String, _ commands: [NavigationCommand<Screen>], _ source: BatchSource,
                  reason: String = "finish the checkout first") -> Action {
      .delegate(.rejected(batch(by: guardName, commands, source, reason: reason)))
    }

    func batch(by guardName: String, _ commands: [NavigationCommand<Screen>], _ source: BatchSource,
               reason: String) -> RejectedBatch<Screen> {
      RejectedBatch(
        commands: commands, failure: BatchFailure(source: source, reason: .rejected(guard: guardName, reason: reason), asks: true))
    }

    /// Whether the action reports a confirmation refused as stale.
    static func isStale(_ action: Action) -> Bool {
      if case let .delegate(.failed(failure)) = action { return failure.isStaleConfirmation }
      return false
    }

    // MARK: Addressing

    @Test func aRejectedBackReachesTheHostAddressedAndIsReSentConfirmed() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock])
      await store.send(.back)
      let batch = batch(by: "checkoutLock", [.tab("home", .goBack())], .userBack, reason: "finish the checkout first")
      await store.receive(.delegate(.rejected(batch)))

      await store.send(.confirm(batch)) { try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home") }
      await store.finish()
    }

    /// A guard that blocks reaches the host as a rejection that does not ask, and its
    /// confirmation is refused, saying which guard blocks; nothing changes.
    @Test func aBlockCannotBeConfirmed() async throws {
      let blocks = NavigationGuard<Screen>("checkoutLock") { change in
        change.after.top.screen == .checkout ? .allow : .reject("finish the checkout first")
      }
      let store = App.store(try Self.checkoutState(), guards: [blocks])
      await store.send(.back)
      let blocked = RejectedBatch<Screen>(
        commands: [.tab("home", .goBack())],
        failure: BatchFailure(source: .userBack, reason: .rejected(guard: "checkoutLock", reason: "finish the checkout first")))
      #expect(!blocked.asks)
      await store.receive(.delegate(.rejected(blocked)))
      await store.send(.confirm(blocked))
      await store.receive {
        guard case let .delegate(.failed(failure)) = $0 else { return false }
        return failure.isBlockedConfirmation && !failure.isStaleConfirmation
          && failure.message == "cannot confirm: guard 'checkoutLock' blocks this change "
            + "(finish the checkout first); only a guard that asks can be confirmed"
      }
      await store.finish()
    }

    /// The outside attack: back rejected on `home`, the user switches to `orders`, the host
    /// confirms. The batch is `home`'s, and the state it was about is gone: refused, nothing
    /// popped anywhere (before the fix, `orders` was popped and `home` kept the checkout).
    @Test func aBackRejectedOnOneTabThenATabSwitchThenTheConfirmationIsRefusedAsStale() async throws {
      let store = App.store(try Self.twoTabState(), guards: [Self.keepsCheckout])
      let ids = store.state.tabs.map(\.stack.ids)
      await store.send(.back)
      let batch = batch(by: "keepsCheckout", [.tab("home", .goBack())], .userBack, reason: "discard the checkout?")
      await store.receive(.delegate(.rejected(batch)))
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }

      await store.send(.confirm(batch))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .host,
        reason: .invalidCommand(
          index: 0, command: "confirm",
          error: .staleConfirmation(
            guards: ["keepsCheckout"],
            reason: "the state changed after the batch was rejected, or none was: "
              + "only the last rejected batch can be confirmed, and only while nothing else has changed"))))))
      #expect(store.state.tabs.map(\.stack.ids) == ids)

      // Any change counts, even one undone since: back on `home`, the state is as it was, and
      // the confirmation is still refused.
      await store.send(.tabTapped("home")) { try $0.setSelection("home", history: ["orders"]) }
      await store.send(.confirm(batch))
      await store.receive(Self.isStale)
      #expect(store.state.tabs.map(\.stack.ids) == ids)
      await store.finish()
    }

    @Test func withoutTheSwitchTheConfirmationPopsTheTabItWasAboutAndNoOther() async throws {
      let store = App.store(try Self.twoTabState(), guards: [Self.keepsCheckout])
      let orders = store.state.routeIDs(ofTab: "orders")
      await store.send(.back)
      let batch = batch(by: "keepsCheckout", [.tab("home", .goBack())], .userBack, reason: "discard the checkout?")
      await store.receive(.delegate(.rejected(batch)))
      // A batch that failed changed nothing: the confirmation still stands.
      await store.send(.openURL("shop://nowhere"))
      await store.receive {
        guard case let .delegate(.failed(failure)) = $0, case .noDeepLinkMatch = failure.reason else { return false }
        return true
      }

      await store.send(.confirm(batch)) { try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home") }
      #expect(store.state.routeIDs(ofTab: "orders") == orders)
      // A batch is confirmed once.
      await store.send(.confirm(batch))
      await store.receive(Self.isStale)
      await store.finish()
    }

    @Test func aRejectedSwipeIsConfirmedIntoItsTab() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock])
      let ids = store.state.routeIDs(ofTab: "home")
      await store.send(.router(.updateRoutes([.root(.feed), .push(.item(id: 1))])))
      let batch = batch(by: "checkoutLock", [.tab("home", .goBack(count: 1))], .userBack, reason: "finish the checkout first")
      await store.receive(.delegate(.rejected(batch)))
      // The coordinator is unchanged, so the UI snaps back.
      #expect(store.state.routeIDs(ofTab: "home") == ids)

      await store.send(.confirm(batch)) { try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home") }
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(2)))
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

    /// A rule's un-addressed commands went to the tab of the route that sent the action — here an
    /// effect finishing after the user switched tabs — and so does its confirmation.
    @Test func aRulesRejectedBatchFromABackgroundTabsRouteIsConfirmedIntoThatTab() async throws {
      let clock = TestClock()
      let store = App.store(
        try App.state(home: [.root(.feed), .push(.item(id: 3))]), rules: BackgroundTabRuleTests.rules,
        guards: [Self.asksBeforeCheckout], clock: clock)
      let item = try store.state.routeID("home", 1)
      await store.send(.screen(item, .incrementLater))
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }
      await clock.advance(by: .seconds(1))
      await store.receive(.screen(item, .increment)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, count: 1))], of: "home")
      }
      let batch = batch(
        by: "asksBeforeCheckout", [.tab("home", .push(.checkout))], .screenAction(tab: "home", route: item),
        reason: "start a checkout?")
      await store.receive(.delegate(.rejected(batch)))

      await store.send(.confirm(batch)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, count: 1)), .push(.checkout)], of: "home")
      }
      #expect(store.state.selectedTab == "orders")
      #expect(store.state.selectedStack.count == 1)
      await store.finish()
    }

    /// A deep link's handler may leave its commands un-addressed: they went to the tab selected
    /// when each ran, after the handler's own `selectTab`, and so does the confirmation. Only the
    /// last rejected batch can be confirmed.
    @Test func aDeepLinksRejectedBatchIsConfirmedIntoTheTabsItsCommandsWentTo() async throws {
      var links = DeepLinks<Screen>()
      try links.register("shop://back") { _, _ in [.goBack()] }
      try links.register("shop://orders/checkout") { _, _ in [.selectTab("orders"), .push(.checkout)] }
      let store = App.store(
        try Self.twoTabState(), guards: [Self.keepsCheckout, Self.asksBeforeCheckout], deepLinks: links)

      await store.send(.openURL("shop://back"))
      let back = batch(by: "keepsCheckout", [.tab("home", .goBack())], .deepLink("shop://back"), reason: "discard the checkout?")
      await store.receive(.delegate(.rejected(back)))
      await store.send(.openURL("shop://orders/checkout"))
      let checkout = batch(
        by: "asksBeforeCheckout", [.selectTab("orders"), .tab("orders", .push(.checkout))],
        .deepLink("shop://orders/checkout"), reason: "start a checkout?")
      await store.receive(.delegate(.rejected(checkout)))

      // The first question was superseded by the second.
      await store.send(.confirm(back))
      await store.receive {
        guard case let .delegate(.failed(failure)) = $0 else { return false }
        return failure.description
          == "host: cannot confirm guard 'keepsCheckout': these are not the commands of the last rejected batch "
          + "(confirm that batch as it came)"
      }
      await store.send(.confirm(checkout)) {
        try $0.setRoutes([.root(.orders), .push(.item(id: 2)), .push(.checkout)], of: "orders")
        try $0.setSelection("orders", history: ["home"])
      }
      #expect(store.state.routes(ofTab: "home").map(\.screen) == [.feed, .item(id: 1), .checkout])
      await store.finish()
    }

    /// A redirect's un-addressed commands go to the selected tab; rejected, they come addressed.
    @Test func aRejectedRedirectComesAddressed() async throws {
      let toLogin = NavigationGuard<Screen>("toLogin") { change in
        change.after.top.screen == .orders ? .redirect([.selectTab("profile"), .push(.login)], reason: "sign in") : .allow
      }
      let noLogin = NavigationGuard<Screen>("noLogin") { change in
        change.after.top.screen == .login ? .ask("logins are closed") : .allow
      }
      let store = App.store(try App.state(), guards: [toLogin, noLogin])
      await store.send(.perform([.push(.orders)]))
      let batch = batch(
        by: "noLogin", [.selectTab("profile"), .tab("profile", .push(.login))], .host, reason: "logins are closed")
      await store.receive(.delegate(.rejected(batch)))
      await store.send(.confirm(batch)) {
        try $0.setRoutes([.root(.account), .push(.login)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.finish()
    }

    // MARK: What a confirmation skips, and when it is stale

    @Test func confirmingOneGuardStillRunsTheOthersAndOnlyOnce() async throws {
      let store = App.store(try Self.checkoutState(), guards: [Self.keepsCheckout, Self.asksBeforeCheckout])
      let commands: [NavigationCommand<Screen>] = [.tab("home", .pop()), .tab("home", .push(.checkout))]
      // A new checkout in place of the shown one: keepsCheckout asks.
      await store.send(.perform([.pop(), .push(.checkout)]))
      let leaving = batch(by: "keepsCheckout", commands, .host, reason: "discard the checkout?")
      await store.receive(.delegate(.rejected(leaving)))
      // Confirmed, keepsCheckout is skipped; asksBeforeCheckout still runs, and asks about the new checkout.
      await store.send(.confirm(leaving))
      let login = batch(by: "asksBeforeCheckout", commands, .host, reason: "start a checkout?")
      await store.receive(.delegate(.rejected(login)))
      // Confirming asksBeforeCheckout alone would ask keepsCheckout again; the user agreed to both. (The state
      // compares equal, route IDs aside: a new checkout replaced the old one.)
      let oldCheckout = try store.state.routeID("home", 2)
      await store.send(.perform(login.commands, confirmedGuards: ["keepsCheckout", "asksBeforeCheckout"]))
      #expect(try store.state.routeID("home", 2) != oldCheckout)
      // The confirmation was for that batch only: the next back asks again.
      await store.send(.back)
      await store.receive(rejected(by: "keepsCheckout", [.tab("home", .goBack())], .userBack, reason: "discard the checkout?"))
      await store.finish()
    }

    @Test func aConfirmationOfCommandsNoGuardRejectedOrOfAnotherGuardIsRefused() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock, App.auth])
      // Nothing was rejected: skipping a guard is not the host's to decide alone.
      await store.send(.perform([.tab("home", .goBack())], confirmedGuards: ["checkoutLock"]))
      await store.receive(Self.isStale)
      await store.send(.back)
      await store.receive(rejected(by: "checkoutLock", [.tab("home", .goBack())], .userBack))
      // Only the guard that rejected it (or one already confirmed for it) can be skipped.
      await store.send(.perform([.tab("home", .goBack())], confirmedGuards: ["auth"]))
      await store.receive {
        guard case let .delegate(.failed(failure)) = $0 else { return false }
        return failure.message
          == "cannot confirm guard 'auth': guard 'auth' did not reject the last rejected batch (it can skip guard 'checkoutLock')"
      }
      await store.finish()
    }

    @Test func aScreenActionSinceTheRejectionMakesItStale() async throws {
      let store = App.store(try Self.twoTabState(), guards: [Self.keepsCheckout])
      let background = try store.state.routeID("orders", 1)
      await store.send(.back)
      let batch = batch(by: "keepsCheckout", [.tab("home", .goBack())], .userBack, reason: "discard the checkout?")
      await store.receive(.delegate(.rejected(batch)))
      // An effect updates a screen while the alert is up (here one in another tab).
      await store.send(.screen(background, .increment)) {
        try $0.setRoutes([.root(.orders), .push(.item(id: 2, count: 1))], of: "orders")
      }
      await store.send(.confirm(batch))
      await store.receive(Self.isStale)
      await store.finish()
    }

    @Test func aContextChangeSinceTheRejectionMakesItStale() async throws {
      let store = App.store(try Self.checkoutState(), guards: [App.checkoutLock])
      await store.send(.back)
      let batch = batch(by: "checkoutLock", [.tab("home", .goBack())], .userBack, reason: "finish the checkout first")
      await store.receive(.delegate(.rejected(batch)))
      await store.send(.setContext("promo", true)) { $0.context["promo"] = true }
      await store.send(.confirm(batch))
      await store.receive(Self.isStale)
      await store.finish()
    }
  }
}
