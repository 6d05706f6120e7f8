import RuntimeTestSupport
@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime
import TestSupport
import Testing

extension TabCoordinatorTests {
  /// A tab coordinator's state notes the routes its batches remove, so `forEachRoute` and
  /// `step` mark it before an action and ask it after (`markRemovals`, `routeIDsRemoved(since:)`)
  /// instead of recording and comparing the tabs around it. These tests hold the two to the same
  /// answer: over long seeded runs of every kind of action — rules, taps, back, deep links (kept
  /// pending by a guard, then retried), host batches, the UI's `updateRoutes`, redirects and
  /// rejections — the routes noted are exactly those the diff finds.
  @Suite("Noted route removals")
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
        let mark = gathered.markRemovals()
        _ = coordinator.apply(action, to: &gathered)
        #expect(gathered.routeIDsRemoved(since: mark) == expected, "step \(step): \(action)")
        // The same change, whatever IDs the new routes got.
        #expect(gathered.tabs.map { $0.stack.routes } == diffed.tabs.map { $0.stack.routes }, "step \(step): \(action)")
        if !expected.isEmpty { removedSome += 1 }
        state = gathered
      }
      // The run exercised removals, not only pushes.
      #expect(removedSome > 40)
    }

    @MainActor
    @Test func aReducerComposedAroundTheCoordinatorCancelsTheSameWay() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      let popped = state.tabs[0].stack.ids[1]
      // The mark is the state's, whichever reducer changes it: the coordinator inside a
      // composition, or a reducer applying a batch itself.
      let composed = CombineReducers {
        coordinator
        Reduce<State, Action> { state, action in
          if case .cancelPendingLink = action { _ = try? state.apply([.popToRoot]) }
          return .none
        }
      }
      let mark = state.markRemovals()
      _ = composed.reduce(into: &state, action: .back)
      #expect(state.routeIDsRemoved(since: mark) == [popped])
      _ = coordinator.apply(.perform([.push(.item(id: 2))]), to: &state)
      let pushed = state.tabs[0].stack.ids[1]
      let next = state.markRemovals()
      _ = composed.reduce(into: &state, action: .cancelPendingLink)
      #expect(state.routeIDsRemoved(since: next) == [pushed])
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

    @Test func adoptingAReloadedStateNotesTheRoutesItReplaced() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      let before = state.routeSnapshot
      let mark = state.markRemovals()
      _ = coordinator.apply(.adoptReloaded(try App.state()), to: &state)
      #expect(state.routeIDsRemoved(since: mark) == state.routeIDsRemoved(since: before))
      #expect(state.routeIDsRemoved(since: mark).count == App.tabIDs.count + 1, "every old root, and the push")
    }

    /// An action of a route that is gone is found out by the one look-up the coordinator makes
    /// of its route: nothing is applied or noted, and forEachRoute is left to report it.
    @Test func anActionOfARouteThatIsGoneIsLeftToForEachRoute() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      let gone = state.tabs[0].stack.ids[1]
      _ = coordinator.apply(.back, to: &state)
      let before = state
      let action = Action.router(.routeAction(id: gone, action: .closeTapped))
      #expect(coordinator.apply(action, to: &state).isEmpty)
      #expect(coordinator.step(action, state: &state).removedRouteIDs.isEmpty)
      #expect(state == before)
    }

    @Test func aRouteAddedAndRemovedByOneActionIsNotReported() throws {
      let coordinator = try Self.coordinator()
      var state = try App.state()
      let action = Action.perform([.push(.item(id: 1)), .push(.item(id: 2)), .pop(count: 2)])
      var noted = state
      let mark = noted.markRemovals()
      _ = coordinator.apply(action, to: &noted)
      #expect(noted.routeIDsRemoved(since: mark).isEmpty)
      // Nor does the effect forEachRoute returns cancel anything.
      let effect = coordinator.forEachRoute(\.self, action: .router()) { EmptyReducer<Screen, ScreenAction>() }
        .reduce(into: &state, action: action)
      #expect(effect.isNone)
      #expect(state.tabs[0].stack.count == 1)
    }
  }
}
