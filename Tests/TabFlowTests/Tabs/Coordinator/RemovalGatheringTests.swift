@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// `TabCoordinator.forEachRoute` learns which routes an action removed from the coordinator's
  /// batches instead of recording and comparing the tabs around it. These tests hold the two to
  /// the same answer: over long seeded runs of every kind of action — rules, taps, back, deep
  /// links (kept pending by a guard, then retried), host batches, the UI's `updateRoutes`,
  /// redirects and rejections — the routes gathered are exactly those the diff finds.
  @Suite("Gathered route removals")
  struct RemovalGatheringTests {
    /// Keeps `shop://profile/orders` pending until `loggedIn`, showing the login sheet meanwhile.
    static var ordersNeedALogin: NavigationGuard<Screen> {
      NavigationGuard("orders need a login") { change in
        guard change.after.top.screen == .orders, change.after.context["loggedIn"] != true else { return .allow }
        return .deferLink("login first", redirect: [.presentSheet(.login, withNavigation: true)])
      }
    }

    static func coordinator() throws -> TabCoordinator<AppRules> {
      TabCoordinator(
        rules: AppRules(), guards: [App.auth, App.checkoutLock, ordersNeedALogin], deepLinks: try App.deepLinks(),
        logger: App.silentLogger)
    }

    static let screenActions: [ScreenAction] = [
      .itemTapped(1), .itemTapped(2), .buyTapped, .signInTapped, .cancelTapped, .closeTapped, .ordersTapped,
      .ordersThenDismissTapped, .shareTapped, .doneTapped, .reportTapped,
    ]

    static let urls = [
      "shop://item/3", "shop://item/4?mode=replace", "shop://checkout", "shop://profile/orders", "shop://nowhere",
    ]

    /// One action of any kind, addressed to routes the state holds.
    static func action(for state: State, choices: inout SeededChoices) -> Action {
      let stack = state.selectedStack
      switch choices.next(9) {
      case 0, 1, 2:
        // Mostly the top route, sometimes one below it.
        let ids = stack.ids
        let id = choices.next(4) == 0 ? choices.pick(ids) : ids[ids.count - 1]
        return .router(.routeAction(id: id, action: choices.pick(screenActions)))
      case 3: return .tabTapped(choices.pick(App.tabIDs))
      case 4: return .back
      case 5: return .openURL(choices.pick(urls))
      case 6: return .setContext(choices.pick(["loggedIn", "paid"]), .bool(choices.next(2) == 0))
      case 7:
        let commands: [NavigationCommand<Screen>] = [
          .popToRoot, .dismissAll, .pop(count: 2), .goBackToRoot, .tab("orders", .push(.item(id: 9))),
          .resetTabs(select: choices.pick(App.tabIDs)), .presentCover(.login, withNavigation: true),
          .reset([.root(.feed), .push(.item(id: 7))]), .open([.push(.item(id: 8))], mode: .keepRoot),
          .selectTab(choices.pick(App.tabIDs)),
        ]
        return .perform((0...choices.next(3)).map { _ in choices.pick(commands) })
      default:
        // The UI dropping the top routes (a swipe back, a dismissed sheet), or all but the root.
        let routes = stack.routes
        return .router(.updateRoutes(Array(routes.prefix(max(1, routes.count - 1 - choices.next(routes.count))))))
      }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func gatheredRemovalsAreWhatTheDiffFinds(seed: UInt64) throws {
      let coordinator = try Self.coordinator()
      var choices = SeededChoices(seed: seed)
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))])
      var removedSome = 0
      for step in 0..<400 {
        let action = Self.action(for: state, choices: &choices)
        var diffed = state
        let snapshot = diffed.routeSnapshot
        _ = coordinator.reduce(into: &diffed, action: action)
        let expected = diffed.routeIDsRemoved(since: snapshot)

        var gathered = state
        let (_, removals) = try #require(coordinator.applyGatheringRemovals(action, to: &gathered))
        #expect(removals.removedIDs(in: gathered) == expected, "step \(step): \(action)")
        // The same change, whatever IDs the new routes got.
        #expect(gathered.tabs.map { $0.stack.routes } == diffed.tabs.map { $0.stack.routes }, "step \(step): \(action)")
        if !expected.isEmpty { removedSome += 1 }
        state = gathered
      }
      // The run exercised removals, not only pushes.
      #expect(removedSome > 40)
    }

    @Test func theCoordinatorSaysWhichRoutesLeftAndAnyOtherReducerIsDiffed() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      var effect = Effect<Action>.none
      #expect(coordinator.reduceCancellingRemovedRoutes(into: &state, action: .back, effect: &effect))
      #expect(!effect.isNone, "the popped route's effects are cancelled")
      // Another reducer over the same state (here the coordinator inside a composition) says
      // nothing, so forEachRoute diffs around it.
      var composedState = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      let composed = CombineReducers { coordinator }
      #expect(!composed.reduceCancellingRemovedRoutes(into: &composedState, action: .back, effect: &effect))
      #expect(composedState.tabs[0].stack.count == 2, "having done nothing")
    }

    @MainActor
    @Test func withNothingToRunOnScreensALateActionIsStillDroppedAndReported() throws {
      let coordinator = try Self.coordinator()
      let store = Store(initialState: try App.state(home: [.root(.feed), .push(.item(id: 1))])) {
        coordinator.forEachRoute(\.self, action: .router()) { EmptyReducer<Screen, ScreenAction>() }
      }
      let gone = store.state.tabs[0].stack.ids[1]
      store.send(.back)
      store.send(.perform([.push(.item(id: 2))]))
      let before = store.state
      withKnownIssue {
        store.send(.router(.routeAction(id: gone, action: .closeTapped)))
      } matching: { issue in
        issue.says("route \(gone)", "no longer in the container")
      }
      #expect(store.state == before)
      // An action for a route that is there still reaches the rules.
      store.send(.router(.routeAction(id: store.state.tabs[0].stack.ids[1], action: .closeTapped)))
      #expect(store.state.tabs[0].stack.count == 1)
    }

    @Test func adoptingAReloadedStateIsLeftToTheDiff() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      #expect(coordinator.applyGatheringRemovals(.adoptReloaded(try App.state()), to: &state) == nil)
      // Nothing was done: the state is as it was.
      #expect(state.tabs[0].stack.count == 2)
    }

    /// An action of a route that is gone is found out by the one look-up the coordinator makes
    /// of its route: nothing is applied or gathered, and forEachRoute is left to report it.
    @Test func anActionOfARouteThatIsGoneIsLeftToForEachRoute() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      let gone = state.tabs[0].stack.ids[1]
      _ = coordinator.apply(.back, to: &state)
      let before = state
      let action = Action.router(.routeAction(id: gone, action: .closeTapped))
      #expect(coordinator.applyGatheringRemovals(action, to: &state) == nil)
      var effect = Effect<Action>.none
      #expect(!coordinator.reduceCancellingRemovedRoutes(into: &state, action: action, effect: &effect))
      #expect(coordinator.step(action, state: &state).removedRouteIDs.isEmpty)
      #expect(state == before)
    }

    @Test func aRouteAddedAndRemovedByOneActionIsNotReported() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state()
      let action = Action.perform([.push(.item(id: 1)), .push(.item(id: 2)), .pop(count: 2)])
      var diffed = state
      let (_, removals) = try #require(coordinator.applyGatheringRemovals(action, to: &diffed))
      #expect(removals.removedIDs(in: diffed).isEmpty)
      // Nor does the effect forEachRoute returns cancel anything.
      var effect = Effect<Action>.none
      #expect(coordinator.reduceCancellingRemovedRoutes(into: &state, action: action, effect: &effect))
      #expect(effect.isNone)
      #expect(state.tabs[0].stack.count == 1)
    }
  }
}
