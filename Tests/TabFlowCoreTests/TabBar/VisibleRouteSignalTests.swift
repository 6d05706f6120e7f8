import CoreTestSupport
@testable import TabFlowCore
@testable import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// One signal per committed change after which the user sees another screen.
  @Suite("Visible-route signals")
  struct VisibleRouteSignalTests {
    let coordinator = TabBarFixtures.coordinator

    @Test("Push, present, pop, dismiss and a tab switch say so; the route is the new top")
    func basicChanges() throws {
      var state = try TabBarFixtures.state()
      func top() -> RouteID { state.selectedStack.ids[state.selectedStack.count - 1] }
      func send(_ action: TabBarGeneratedStates.Action) -> VisibleRouteSignal? {
        coordinator.stepSignalling(action, state: &state).signal
      }
      let push = send(.router(.routeAction(id: top(), action: .open(.item(id: 1)))))
      #expect(push?.change == .push)
      #expect(push?.route == VisibleRoute(tab: "home", routeID: top(), screen: "item"))
      #expect(push?.previous?.screen == "feed")
      #expect(send(.router(.routeAction(id: top(), action: .present(.orders))))?.change == .present)
      #expect(send(.router(.routeAction(id: top(), action: .open(.item(id: 2)))))?.change == .push)
      #expect(send(.router(.routeAction(id: top(), action: .dismiss)))?.change == .dismiss)
      #expect(send(.back)?.change == .pop)
      #expect(send(.tabTapped("profile"))?.change == .tabSwitch)
      #expect(send(.tabTapped("home"))?.route.screen == "feed")
    }

    @Test("Reselect to root is its own change; a reselect at the root signals nothing (scroll to top)")
    func reselect() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.push(.item(id: 1)), .push(.orders)])
      let step = coordinator.stepSignalling(.tabTapped("home"), state: &state)
      #expect(step.signal?.change == .reselectToRoot)
      let again = coordinator.stepSignalling(.tabTapped("home"), state: &state)
      #expect(again.signal == nil)
      #expect(again.step.delegates == [.report(.reselectedAtRoot("home"))])
    }

    @Test("A change in a tab that is not selected, a badge, a customization signal nothing")
    func background() throws {
      var state = try TabBarFixtures.state()
      for action: TabBarGeneratedStates.Action in [
        .perform([.tab("search", .push(.item(id: 1)))]), .perform([.setBadge("orders", .count(1))]),
        .customizeTabs(.hide("search")), .setContext("loggedIn", true),
      ] {
        #expect(coordinator.stepSignalling(action, state: &state).signal == nil)
      }
    }

    @Test("What the state cannot tell comes from the action, by precedence")
    func causes() throws {
      let state = try TabBarFixtures.state()
      typealias Action = TabBarGeneratedStates.Action
      #expect(VisibleRouteChange.cause(of: Action.openURL("shop://x"), before: state) == .deepLink)
      #expect(VisibleRouteChange.cause(of: Action.tabTapped("home"), before: state) == .reselectToRoot)
      #expect(VisibleRouteChange.cause(of: Action.tabTapped("search"), before: state) == nil)
      #expect(VisibleRouteChange.cause(of: Action.adoptReloaded(state), before: state) == .reload)
      #expect(VisibleRouteChange.cause(of: Action.perform([.resetTabs(select: "home")]), before: state) == .reset)
      #expect(VisibleRouteChange.cause(
        of: Action.back, before: state,
        delegates: [.report(.rulesRolledBack(release: 2, restoredRelease: 1, failures: [], navigationKept: true))]) == .rollback)
      #expect(VisibleRouteChange.allCases.sorted() == VisibleRouteChange.allCases)
      #expect(VisibleRouteChange.deepLink < .tabSwitch && .tabSwitch < .push)

      // A deep link that switches tabs is a deep link; no earlier state is a restore.
      var switched = state
      try switched.apply([.selectTab("search")])
      #expect(switched.visibleRouteSignal(since: state, cause: .deepLink)?.change == .deepLink)
      #expect(switched.visibleRouteSignal(since: state)?.change == .tabSwitch)
      #expect(switched.visibleRouteSignal(since: nil)?.change == .restore)
      #expect(switched.visibleRouteSignal(since: switched, cause: .deepLink) == nil, "no other screen, no signal")
    }

    @Test("Over generated action sequences: a signal exactly when the visible route changes, once", arguments: 0..<40)
    func generated(seed: Int) throws {
      var choices = SeededChoices(seed: UInt64(seed) &* 104_729)
      var state = try TabBarFixtures.state(backBehavior: seed % 2 == 0 ? .none : .history)
      for _ in 0..<40 {
        let action = TabBarGeneratedStates.action(for: state, choices: &choices)
        let before = state
        let signal = coordinator.stepSignalling(action, state: &state).signal
        let changed = before.visibleRoute != state.visibleRoute
        #expect((signal != nil) == changed, "seed \(seed): \(action)")
        guard let signal else { continue }
        #expect(signal.route == state.visibleRoute && signal.previous == before.visibleRoute)
        let old = before.selectedStack.ids
        let new = state.selectedStack.ids
        if case let .tabTapped(tab) = action, tab == before.selectedTab {
          #expect(signal.change == .reselectToRoot)
        } else if before.selectedTab != state.selectedTab {
          #expect(signal.change == .tabSwitch, "seed \(seed)")
        } else if new.count > old.count, Array(new.prefix(old.count)) == old {
          let added = state.selectedStack.routes[old.count...]
          #expect(signal.change == (added.contains { $0.isPresented } ? .present : .push))
        } else if new.count < old.count, Array(old.prefix(new.count)) == new {
          let removed = before.selectedStack.routes[new.count...]
          #expect(signal.change == (removed.contains { $0.isPresented } ? .dismiss : .pop))
        } else {
          #expect(signal.change == .reset)
        }
      }
    }
  }
}
