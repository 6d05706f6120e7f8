import Clocks
import CoreTestSupport
import IssueReporting
import PresentationTestSupport
import RuntimeTestSupport
import TabFlow
import Testing

extension PresentationTests {
  /// `TabFlowPresenter`: what a tab UI binds to, following a store of the coordinator — the tab
  /// bar and its selection setter, each tab's layers walked by a stepwise updater, and what the
  /// user does written back as the coordinator's actions.
  @MainActor
  @Suite("Tab presenter")
  struct TabFlowPresenterTests {
    typealias App = TabCoordinatorTests.App
    typealias Screen = TabCoordinatorTests.Screen
    typealias ScreenAction = TabCoordinatorTests.ScreenAction
    typealias Presenter = TabFlowPresenter<Screen, ScreenAction>

    let clock = TestClock()

    /// A store running the test app's whole composition.
    func makeStore(
      _ state: TabCoordinatorState<Screen>
    ) -> Store<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>> {
      Store(initialState: state) {
        TabCoordinator(rules: TabCoordinatorTests.AppRules(), logger: App.silentLogger)
          .forEachRoute(\.self, action: .router()) { TabCoordinatorTests.ScreenFeature(clock: clock) }
      }
    }

    /// A store running the test app's whole composition, and a presenter following it — by
    /// default one that steps every push too, which the tests of stepping rely on.
    func make(
      _ state: TabCoordinatorState<Screen>, options: SteppingOptions = .default
    ) -> (Store<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>>, Presenter) {
      let store = makeStore(state)
      return (store, TabFlowPresenter(store: store, clock: clock, options: options))
    }

    // MARK: - Tab bar

    @Test func theTabBarShowsTheTabsAndTheSelectedOne() throws {
      let (store, presenter) = make(try App.state())
      #expect(presenter.tabBar == TabBar(tabs: App.tabIDs, selected: "home"))
      #expect(presenter.selectedTab == "home")
      store.send(.tabTapped("orders"))
      #expect(presenter.tabBar.selected == "orders")
    }

    @Test func aTabBarItemIsTitledByTheScriptOrElseByItsID() throws {
      let rules = try ScriptedRules<DynamicScreen, DynamicAction>(
        source: """
          tab "home" { root = "feed", title = "Home" }
          tab "orders" { root = "feed" }
          screen "feed" {}
          """)
      #expect(rules.tabTitles == ["home": "Home", "orders": "orders"])
      let presenter = TabFlowPresenter<DynamicScreen, DynamicAction>(
        state: try rules.initialState(), send: { _ in }, tabTitles: ["home": "Home"])
      #expect(presenter.title(of: "home") == "Home")
      #expect(presenter.title(of: "orders") == "orders")
    }

    @Test func settingAnotherTabSelectsIt() throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      presenter.selectedTab = "profile"
      #expect(store.state.selectedTab == "profile")
      #expect(presenter.selectedTab == "profile")
      // Selecting never touches a stack.
      #expect(store.state.stack(for: "home")?.routes == [.root(.feed), .push(.item(id: 1))])
    }

    @Test func settingTheSelectedTabIsAReselectThatPopsToRoot() async throws {
      let (store, presenter) = make(try App.state(home: [
        .root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true),
      ]))
      let ids = store.state.routeIDs(ofTab: "home")
      presenter.selectedTab = "home"
      #expect(store.state.stack(for: "home")?.routes == [.root(.feed)])
      #expect(store.state.stack(for: "home")?.ids == [ids[0]])
      // The presentation follows: the sheet is dismissed at once, the push popped a tick later.
      #expect(presenter.presentation(of: "home")?.ids == Array(ids.prefix(2)))
      await clock.advance(by: .milliseconds(651))
      await eventually("the pop") { presenter.presentation(of: "home")?.ids == [ids[0]] }
      #expect(presenter.layers(of: "home") == store.state.layers(of: "home"))
    }

    @Test func aReselectAtTheRootChangesNothing() throws {
      let (store, presenter) = make(try App.state())
      let before = store.state
      presenter.selectedTab = "home"
      #expect(store.state == before)
      #expect(presenter.layers(of: "home") == before.layers(of: "home"))
    }

    @Test func theTabBarsActionIsATapOnEveryItem() {
      let bar = TabBar(tabs: ["home", "profile"], selected: "home")
      #expect(bar.isReselect("home"))
      #expect(!bar.isReselect("profile"))
      let reselect: TabCoordinatorAction<Screen, ScreenAction> = bar.action(forSelecting: "home")
      let select: TabCoordinatorAction<Screen, ScreenAction> = bar.action(forSelecting: "profile")
      #expect(reselect == .tabTapped("home"))
      #expect(select == .tabTapped("profile"))
    }

    // MARK: - Layers

    @Test func eachTabShowsItsStacksLayers() throws {
      let (store, presenter) = make(try App.state(
        home: [.root(.feed), .push(.item(id: 1))], profile: [.root(.account), .cover(.login)]))
      for tab in App.tabIDs {
        #expect(presenter.layers(of: tab) == store.state.layers(of: tab))
        #expect(presenter.presentation(of: tab) == store.state.stack(for: tab).map(StackPresentation.init))
      }
      #expect(presenter.layers(of: "cart").isEmpty)
      #expect(presenter.presentation(of: "cart") == nil)
      #expect(presenter.updater(for: "cart") == nil)
      let ids = try #require(store.state.stack(for: "home")?.ids)
      #expect(presenter.route(for: ids[1], in: "home") == .push(.item(id: 1)))
      #expect(presenter.route(for: ids[1], in: "profile") == nil)
      #expect(presenter.layer(startingWith: ids[0], in: "home")?.path == [ids[1]])
    }

    @Test func aScreenDataChangeIsShownAtOnce() throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      let id = try #require(store.state.stack(for: "home")?.ids.last)
      store.send(.router(.routeAction(id: id, action: .increment)))
      #expect(presenter.route(for: id, in: "home") == .push(.item(id: 1, count: 1)))
    }

    /// TCACoordinators' `testWithDelaysIfUnsupported` through the whole chain: the coordinator
    /// goes back to the root at once; the presentation dismisses one sheet at once and the other
    /// a tick later.
    @Test func goingBackToRootOverTwoSheetsIsShownInTwoSteps() async throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .sheet(.login), .sheet(.checkout)]))
      let updater = try #require(presenter.updater(for: "home"))
      let recorder = Recorder(updater)

      store.send(.perform([.goBackToRoot]))
      #expect(store.state.stack(for: "home")?.routes == [.root(.feed)])
      #expect(recorder.routes == [[.root(.feed), .sheet(.login), .sheet(.checkout)], [.root(.feed), .sheet(.login)]])

      await clock.advance(by: .milliseconds(651))
      await eventually("the second dismissal") { recorder.shown.count == 3 }
      #expect(recorder.routes.last == [.root(.feed)])
      #expect(presenter.presentation(of: "home") == store.state.stack(for: "home").map(StackPresentation.init))
    }

    @Test func dismissingASheetAndPushingInOneBatchIsShownInSteps() async throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .sheet(.login)]))
      let updater = try #require(presenter.updater(for: "home"))
      let recorder = Recorder(updater)

      store.send(.perform([.dismiss(), .push(.item(id: 1))]))
      #expect(recorder.routes == [[.root(.feed), .sheet(.login)], [.root(.feed)]])
      await clock.advance(by: .milliseconds(651))
      await eventually("the push") { recorder.shown.count == 3 }
      #expect(recorder.routes.last == [.root(.feed), .push(.item(id: 1))])
    }

    @Test func byDefaultPushesAreShownInOneUpdateAndOnlyPresentationsAreStepped() async throws {
      let store = makeStore(try App.state(home: [.root(.feed)]))
      let presenter = TabFlowPresenter(store: store, clock: clock)
      let updater = try #require(presenter.updater(for: "home"))
      let recorder = Recorder(updater)

      // Two pushes: one update, as a NavigationStack(path:) shows them.
      store.send(.perform([.push(.item(id: 1)), .push(.item(id: 2))]))
      #expect(recorder.routes == [[.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))]])
      #expect(updater.isStepping == false)

      // A sheet and a push inside it: the sheet is a step; the push joins it.
      store.send(.perform([.presentSheet(.login, withNavigation: true), .push(.checkout)]))
      #expect(recorder.routes.last == store.state.stack(for: "home")?.routes)
    }

    // MARK: - What the user did

    @Test func aUserChangeIsShownAndSentAsUpdateRoutesKeepingIDs() throws {
      let (store, presenter) = make(try App.state(home: [
        .root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.checkout),
      ]))
      let ids = store.state.routeIDs(ofTab: "home")
      let action = try presenter.userChanged(.dismiss(layer: ids[2]), in: "home")
      #expect(action == .router(.updateRoutes([.root(.feed), .push(.item(id: 1))])))
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(2)))
      #expect(presenter.presentation(of: "home")?.ids == Array(ids.prefix(2)))
      #expect(presenter.updater(for: "home")?.isStepping == false)
    }

    @Test func aUserChangeInAnotherTabIsRefusedAndChangesNothing() throws {
      let (store, presenter) = make(try App.state(profile: [.root(.account), .push(.orders)]))
      let before = store.state
      let ids = store.state.routeIDs(ofTab: "profile")
      #expect(throws: PresentationError.tabNotSelected("profile", selected: "home")) {
        try presenter.userChanged(.setPath(layer: ids[0], path: []), in: "profile")
      }
      #expect(throws: PresentationError.unknownTab("cart", known: App.tabIDs)) {
        try presenter.userChanged(.setPath(layer: ids[0], path: []), in: "cart")
      }
      #expect(store.state == before)
      #expect(presenter.presentation(of: "profile")?.ids == ids)
    }

    @Test func anInvalidUserChangeIsRefusedAndChangesNothing() throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      let before = store.state
      let ids = store.state.routeIDs(ofTab: "home")
      #expect(throws: PresentationError.cannotDismissRoot(ids[0])) {
        try presenter.userChanged(.dismiss(layer: ids[0]), in: "home")
      }
      #expect(store.state == before)
      #expect(store.state.routeIDs(ofTab: "home") == ids)
      #expect(presenter.presentation(of: "home")?.ids == ids)
    }

    /// While the presentation still steps toward the coordinator, the user dismisses a sheet the
    /// coordinator already removed: the screen takes it, the coordinator has nothing to adopt.
    @Test func aUserChangeToRoutesTheCoordinatorAlreadyRemovedIsShownButNotSent() async throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .sheet(.login), .sheet(.checkout)]))
      let ids = store.state.routeIDs(ofTab: "home")
      store.send(.perform([.goBackToRoot]))
      let after = store.state
      #expect(presenter.presentation(of: "home")?.ids == Array(ids.prefix(2)))

      let action = try presenter.userChanged(.dismiss(layer: ids[1]), in: "home")
      #expect(action == nil)
      #expect(store.state == after)
      #expect(presenter.presentation(of: "home")?.ids == [ids[0]])
      #expect(presenter.updater(for: "home")?.isStepping == false)
      try await clock.checkSuspension()
    }

    /// While a push is on its way to the screen, the UI sets the path it shows: nothing on screen
    /// changed, so the coordinator keeps the push and the presentation keeps stepping toward it.
    @Test func aUserChangeThatChangesNothingOnScreenKeepsWhatIsOnItsWay() async throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .sheet(.login)]))
      let ids = store.state.routeIDs(ofTab: "home")
      store.send(.perform([.dismiss(), .push(.item(id: 1))]))
      let after = store.state
      #expect(presenter.presentation(of: "home")?.ids == [ids[0]])

      let action = try presenter.userChanged(.setPath(layer: ids[0], path: []), in: "home")
      #expect(action == nil)
      #expect(store.state == after)
      #expect(store.state.routeIDs(ofTab: "home") == after.routeIDs(ofTab: "home"))
      await clock.advance(by: .milliseconds(651))
      await eventually("the push") { presenter.presentation(of: "home")?.count == 2 }
      #expect(presenter.presentation(of: "home") == store.state.stack(for: "home").map(StackPresentation.init))
    }

    // MARK: - Bindings

    @Test func thePathBindingReadsAndWritesTheLayersPath() throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))]))
      let ids = store.state.routeIDs(ofTab: "home")
      #expect(presenter[path: "home", layer: ids[0]] == [ids[1], ids[2]])
      #expect(presenter[path: "home", layer: ids[1]] == [])

      presenter[path: "home", layer: ids[0]] = [ids[1]]
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(2)))
      #expect(presenter[path: "home", layer: ids[0]] == [ids[1]])
    }

    @Test func aLongerPathFromTheUIIsReportedAsAnIssueAndChangesNothing() throws {
      let (store, presenter) = make(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      let before = store.state
      let ids = store.state.routeIDs(ofTab: "home")
      let stranger = try stack([Route<Screen>.root(.feed)]).ids[0]
      withKnownIssue {
        presenter[path: "home", layer: ids[0]] = [ids[1], stranger]
      }
      #expect(store.state == before)
      #expect(presenter[path: "home", layer: ids[0]] == [ids[1]])
    }

    @Test func theSheetAndCoverBindingsShowTheLayerAboveAndDismissItWhenSetToNil() throws {
      let (store, presenter) = make(try App.state(home: [
        .root(.feed), .sheet(.login, withNavigation: true, configuration: .half), .push(.checkout), .cover(.orders),
      ]))
      let ids = store.state.routeIDs(ofTab: "home")
      let layers = store.state.layers(of: "home") ?? []
      #expect(presenter[sheetAbove: "home", layer: ids[0]] == layers[1])
      #expect(presenter[coverAbove: "home", layer: ids[0]] == nil)
      #expect(presenter[presentedAbove: "home", layer: ids[0]] == layers[1])
      #expect(presenter[coverAbove: "home", layer: ids[1]] == layers[2])
      #expect(presenter[sheetAbove: "home", layer: ids[1]] == nil)
      #expect(presenter[presentedAbove: "home", layer: ids[3]] == nil)

      // Setting a value is not something a UI does: ignored.
      presenter[sheetAbove: "home", layer: ids[0]] = layers[2]
      // Setting nil on a binding that shows nothing: ignored.
      presenter[sheetAbove: "home", layer: ids[1]] = nil
      #expect(store.state.routeIDs(ofTab: "home") == ids)

      presenter[coverAbove: "home", layer: ids[1]] = nil
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(3)))
      presenter[presentedAbove: "home", layer: ids[0]] = nil
      #expect(store.state.routeIDs(ofTab: "home") == [ids[0]])
      #expect(presenter.layers(of: "home").count == 1)
    }

    @Test func aStaleBindingWriteIsDropped() throws {
      let (store, presenter) = make(try App.state(
        home: [.root(.feed), .push(.item(id: 1))], profile: [.root(.account), .sheet(.login)]))
      let before = store.state
      let home = store.state.routeIDs(ofTab: "home")
      let profile = store.state.routeIDs(ofTab: "profile")
      // A tab not on screen, a layer that is gone: nothing happens, no issue.
      presenter[presentedAbove: "profile", layer: profile[0]] = nil
      presenter[path: "home", layer: profile[0]] = []
      #expect(store.state == before)
      #expect(store.state.routeIDs(ofTab: "home") == home)
      #expect(presenter.layers(of: "profile").count == 2)
    }

    @Test func aPresenterWithoutAStoreFollowsTheStatesItIsGiven() throws {
      var state = try App.state(home: [.root(.feed), .push(.item(id: 1))])
      var sent: [TabCoordinatorAction<Screen, ScreenAction>] = []
      let presenter = Presenter(state: state, send: { sent.append($0) }, clock: clock)
      presenter.selectedTab = "orders"
      #expect(sent == [.tabTapped("orders")])
      #expect(presenter.selectedTab == "home")

      try state.apply([.selectTab("orders"), .tab("home", .goBack())])
      presenter.update(to: state)
      #expect(presenter.selectedTab == "orders")
      #expect(presenter.layers(of: "home") == state.layers(of: "home"))
    }

    @Test func releasingThePresenterEndsItsObservation() throws {
      let store = makeStore(try App.state())
      weak var released: Presenter?
      do {
        let presenter = TabFlowPresenter(store: store, clock: clock)
        released = presenter
        #expect(released != nil)
      }
      #expect(released == nil)
      store.send(.tabTapped("orders"))
      #expect(store.state.selectedTab == "orders")
    }
  }
}
