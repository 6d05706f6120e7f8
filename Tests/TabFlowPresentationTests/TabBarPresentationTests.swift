import Clocks
import CoreTestSupport
import PresentationTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowPresentation
import Testing

extension PresentationTests {
  /// What a tab UI binds to of the tab bar, the back gesture and the visible-route signals,
  /// through `TabFlowPresenter` fed by states as any store feeds it.
  @MainActor
  @Suite("Tab bar presentation")
  struct TabBarPresentationTests {
    typealias Screen = TabTestScreen
    typealias Action = TabBarFixtures.Action
    typealias Presenter = TabFlowPresenter<Screen, Action>

    let clock = TestClock()

    /// A presenter following `state`, sending into `sent`, asking the fixtures' coordinator about
    /// the back gesture and counting how often it does.
    func make(
      _ state: TabCoordinatorState<Screen>, asked: @escaping @MainActor () -> Void = {}
    ) -> (Presenter, SentActions) {
      let sent = SentActions()
      let coordinator = TabBarFixtures.coordinator
      let presenter = Presenter(
        state: state, send: { sent.actions.append($0) }, clock: clock,
        backGesture: { state in
          asked()
          return coordinator.backGesture(in: state)
        })
      return (presenter, sent)
    }

    @MainActor final class SentActions {
      var actions: [TabCoordinatorAction<Screen, Action>] = []
    }

    @Test func theTabBarHasEveryTabInTheUsersOrderWithItsDeclarationsBadgeAndVisibility() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.reorder(["orders", "search", "home", "profile"]))
      try state.customize(.hide("profile"))
      try state.apply([.setBadge("orders", .count(4))])
      let bar = state.tabBar
      #expect(bar.tabs == ["orders", "search", "home"])
      #expect(bar.entries.map(\.id) == ["orders", "search", "home", "profile"])
      #expect(bar.entries[0] == TabBarEntry(id: "orders", item: TabBarItem(role: .prominent, image: "bag"), badge: .count(4)))
      #expect(bar.entries[3].isHidden)
      #expect(bar.sections.map(\.name) == [nil, "Browse", "You"])
      #expect(bar.sections[0].entries.map(\.id) == ["orders", "home"])
    }

    @Test func customizingSendsTheAction() throws {
      let (presenter, sent) = make(try TabBarFixtures.state())
      presenter.customize(.hide("search"))
      #expect(sent.actions == [.customizeTabs(.hide("search"))])
    }

    @Test func theBackGestureIsAskedOnlyForTheVisibleLayerAndOncePerState() throws {
      var asks = 0
      var state = try TabBarFixtures.state()
      try state.apply([.push(.item(id: 1)), .presentSheet(.login(reason: "x"), withNavigation: true)])
      let (presenter, _) = make(state, asked: { asks += 1 })
      let layers = presenter.layers(of: "home")
      #expect(layers.count == 2)
      #expect(presenter.backGesture(in: "home", layer: layers[0].id) == .unavailable, "covered by the sheet")
      #expect(asks == 0)
      let answer = presenter.backGesture(in: "home", layer: layers[1].id)
      #expect(answer.refusingGuard == "unsaved draft")
      _ = presenter.backGesture(in: "home", layer: layers[1].id)
      #expect(asks == 1, "computed once per state, when first asked")
      #expect(presenter.backGesture(in: "search", layer: try #require(presenter.layers(of: "search").first).id) == .unavailable)

      var next = state
      try next.apply([.dismiss()])
      presenter.update(to: next)
      #expect(presenter.backGesture(in: "home", layer: presenter.layers(of: "home")[0].id) == .allowed(.pop))
      #expect(asks == 2)
    }

    @Test func aPresenterWithoutTheCoordinatorAllowsWhatTheStackAllows() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.push(.login(reason: "x"))])
      let presenter = Presenter(state: state, send: { _ in }, clock: clock)
      #expect(presenter.backGesture(in: "home", layer: presenter.layers(of: "home")[0].id) == .allowed(.pop))
    }

    @Test func oneSignalPerChangeTheUserSees() throws {
      let state = try TabBarFixtures.state()
      let (presenter, _) = make(state)
      var signals: [VisibleRouteSignal] = []
      presenter.onVisibleRouteChange = { signals.append($0) }

      var pushed = state
      try pushed.apply([.push(.item(id: 1))])
      presenter.update(to: pushed)
      presenter.update(to: pushed)  // a store settling again on the same state
      var background = pushed
      try background.apply([.tab("search", .push(.orders)), .setBadge("orders", .count(1))])
      presenter.update(to: background)
      var switched = background
      try switched.apply([.selectTab("search")])
      presenter.update(to: switched, cause: .deepLink)

      #expect(signals.map(\.change) == [.push, .deepLink])
      #expect(signals.map(\.route.screen) == ["item", "orders"])
      #expect(presenter.lastVisibleRouteSignal == signals.last)
    }

    @Test func intermediateStepsSignalNothing() async throws {
      var state = try TabBarFixtures.state()
      try state.apply([.presentSheet(.orders), .presentSheet(.account)])
      let (presenter, _) = make(state)
      var signals: [VisibleRouteSignal] = []
      presenter.onVisibleRouteChange = { signals.append($0) }
      var dismissed = state
      try dismissed.apply([.dismissAll])
      presenter.update(to: dismissed)
      #expect(presenter.updater(for: "home")?.isStepping == true, "two dismissals step")
      // Not the default 0.5 s of wall time: on a loaded machine (CI shares two cores) the steps'
      // tasks may wait longer than that for a core — a test run has kept every thread of the
      // executor busy for 150 s at a time; the work is finite, so a long bound only stops a hang.
      await clock.run(timeout: .seconds(900))
      #expect(signals.map(\.change) == [.dismiss], "one signal for the change, none for its steps")
    }
  }
}
