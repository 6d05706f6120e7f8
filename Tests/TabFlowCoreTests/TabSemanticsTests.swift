import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// docs/ARCHITECTURE.md §5: what selecting, reselecting, going back and addressing tabs do.
  @Suite("Tab semantics")
  struct TabSemanticsTests {
    // MARK: - Initial state and initialiser errors

    @Test func startsWithTheFirstTabSelectedAndEveryStackAtItsRoot() throws {
      let state = try TabCoordinatorState<TabTestScreen>(tabs: [
        TabDefinition("home", root: .feed),
        TabDefinition("search", root: .search(query: ""), rootWithNavigation: false),
        TabDefinition("profile", root: .account, reselect: .none),
      ])

      #expect(state.tabIDs == TabFixtures.tabIDs)
      #expect(state.selectedTab == "home")
      #expect(state.history.isEmpty)
      #expect(state.backBehavior == .none)
      #expect(state.context.isEmpty)
      #expect(state.routes(ofTab: "home") == [.root(.feed, withNavigation: true)])
      #expect(state.routes(ofTab: "search") == [.root(.search(query: ""), withNavigation: false)])
      #expect(state.routes(ofTab: "profile") == [.root(.account, withNavigation: true)])
      #expect(state.tabs.map(\.reselect) == [.popToRoot, .popToRoot, .none])
      #expect(state.top == .root(.feed, withNavigation: true))
      #expect(state.allRouteIDs.count == 3)
    }

    @Test func aCoordinatorNeedsAtLeastOneTab() throws {
      let error = try #require(throws: NavigationError.self) {
        try TabCoordinatorState<TabTestScreen>(tabs: [])
      }
      guard case .invalidRoutes = error else {
        Issue.record("expected invalidRoutes, got \(error)")
        return
      }
      #expect(error.description.contains("at least one tab"))
    }

    @Test func tabIdentifiersMustBeUnique() throws {
      let error = try #require(throws: NavigationError.self) {
        try TabCoordinatorState<TabTestScreen>(tabs: [
          TabDefinition("home", root: .feed),
          TabDefinition("profile", root: .account),
          TabDefinition("home", root: .orders),
        ])
      }
      guard case .invalidRoutes = error else {
        Issue.record("expected invalidRoutes, got \(error)")
        return
      }
      #expect(error.description.contains("'home' is declared twice"))
    }

    @Test func restoringWithAnUnknownSelectedTabFails() throws {
      let tabs = [
        TabState<TabTestScreen>(id: "home", stack: RouteStack(root: .feed)),
        TabState<TabTestScreen>(id: "profile", stack: RouteStack(root: .account)),
      ]
      #expect(throws: NavigationError.unknownTab("cart", known: ["home", "profile"])) {
        try TabCoordinatorState(restoring: tabs, selectedTab: "cart")
      }
    }

    @Test func restoringWithAnUnknownHistoryEntryFails() throws {
      let tabs = [
        TabState<TabTestScreen>(id: "home", stack: RouteStack(root: .feed)),
        TabState<TabTestScreen>(id: "profile", stack: RouteStack(root: .account)),
      ]
      #expect(throws: NavigationError.unknownTab("cart", known: ["home", "profile"])) {
        try TabCoordinatorState(restoring: tabs, selectedTab: "profile", history: ["home", "cart"])
      }
    }

    // MARK: - Select another tab

    @Test func selectingAnotherTabChangesOnlyTheSelection() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let reports = try state.apply([.selectTab("search")])

      #expect(reports.isEmpty)
      #expect(state.selectedTab == "search")
      #expect(state.history == ["home"])
      #expect(state.tabs == before.state.tabs)
      #expect(state.tabs.map(\.stack.ids) == before.routeIDs)
      #expect(state.structureToken == before.token)
      #expect(state.top == .push(.item(id: 2)))
    }

    @Test func tappingAnotherTabSelectsItWithoutPoppingAnything() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let reports = try state.tapTab("profile")

      #expect(reports.isEmpty)
      #expect(state.selectedTab == "profile")
      #expect(state.history == ["home"])
      #expect(state.tabs == before.state.tabs)
      #expect(state.tabs.map(\.stack.ids) == before.routeIDs)
    }

    @Test func historyKeepsEachPreviouslySelectedTabOnceMostRecentLast() throws {
      var state = try TabFixtures.coordinator()

      try state.apply([.selectTab("search")])
      #expect(state.history == ["home"])
      try state.apply([.selectTab("profile")])
      #expect(state.history == ["home", "search"])
      try state.apply([.selectTab("home")])
      #expect(state.selectedTab == "home")
      #expect(state.history == ["search", "profile"])
      try state.tapTab("search")
      #expect(state.history == ["profile", "home"])
    }

    @Test func selectTabCommandForTheSelectedTabChangesNothing() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.apply([.selectTab("search"), .selectTab("home")])
      let before = TabsSnapshot(state)

      let reports = try state.apply([.selectTab("home")])

      #expect(reports.isEmpty)
      #expect(TabsSnapshot(state) == before)
      #expect(state.routes(ofTab: "home").count == 4)
    }

    // MARK: - Reselect

    @Test func reselectWithPopToRootKeepsOnlyTheRootIncludingPresentedLayers() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let homeIDs = state.routeIDs(ofTab: "home")

      let reports = try state.tapTab("home")

      #expect(reports == [.poppedToRoot("home")])
      #expect(state.selectedTab == "home")
      #expect(state.history.isEmpty)
      #expect(state.routes(ofTab: "home") == [.root(.feed)])
      #expect(state.routeIDs(ofTab: "home") == [homeIDs[0]])
      #expect(Set(state.routeIDsRemoved(since: before.state)) == Set(homeIDs.dropFirst()))
      #expect(state.structureToken != before.token)
      // The other tabs are untouched.
      #expect(Array(state.tabs.dropFirst()) == Array(before.state.tabs.dropFirst()))
      #expect(Array(state.tabs.dropFirst().map(\.stack.ids)) == Array(before.routeIDs.dropFirst()))
    }

    @Test func reselectWithPopToRootPopsAStackThatIsOnlyPresented() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.presentCover(.checkout(total: 1), withNavigation: true), .push(.orders)])

      let reports = try state.tapTab("home")

      #expect(reports == [.poppedToRoot("home")])
      #expect(state.routes(ofTab: "home") == [.root(.feed)])
    }

    @Test func reselectWithPopToRootAtTheRootChangesNothing() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.tab("search", .push(.item(id: 5)))])
      let before = TabsSnapshot(state)

      let reports = try state.tapTab("home")

      #expect(reports == [.reselectedAtRoot("home")])
      #expect(TabsSnapshot(state) == before)
    }

    @Test func reselectWithPolicyNoneChangesNothing() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.tapTab("profile")
      let before = TabsSnapshot(state)

      let reports = try state.tapTab("profile")

      #expect(reports == [.reselected("profile")])
      #expect(TabsSnapshot(state) == before)
      #expect(state.routes(ofTab: "profile") == [.root(.account), .cover(.checkout(total: 9.5))])
    }

    @Test func reselectWithPolicyNoneAtTheRootReportsReselected() throws {
      var state = try TabFixtures.coordinator()
      try state.tapTab("profile")
      let before = TabsSnapshot(state)

      #expect(try state.tapTab("profile") == [.reselected("profile")])
      #expect(TabsSnapshot(state) == before)
    }

    // MARK: - User back

    @Test(arguments: [
      Route<TabTestScreen>.push(.orders),
      .sheet(.login(reason: "x"), withNavigation: true, configuration: .half),
      .cover(.checkout(total: 3)),
    ])
    func userBackRemovesTheTopRouteOfAnyStyle(top: Route<TabTestScreen>) throws {
      var state = try TabFixtures.coordinator(backBehavior: .history)
      try state.apply([.selectTab("search"), .push(.item(id: 1)), .open([top], mode: .append)])
      let before = TabsSnapshot(state)
      let topID = try #require(state.routeIDs(ofTab: "search").last)

      let reports = try state.userBack()

      #expect(reports.isEmpty)
      #expect(state.selectedTab == "search")
      #expect(state.history == ["home"])
      #expect(state.routes(ofTab: "search") == [.root(.search(query: "")), .push(.item(id: 1))])
      #expect(state.routeIDs(ofTab: "search") == Array(before.state.routeIDs(ofTab: "search").dropLast()))
      #expect(state.routeIDsRemoved(since: before.state) == [topID])
    }

    @Test func userBackRemovesOnlyTheTopRouteEvenWithHistory() throws {
      var state = try TabFixtures.deepCoordinator(backBehavior: .history)
      try state.apply([.selectTab("search"), .selectTab("home")])

      try state.userBack()

      #expect(state.selectedTab == "home")
      #expect(state.history == ["search"])
      #expect(state.routes(ofTab: "home") == [
        .root(.feed), .push(.item(id: 1)),
        .sheet(.login(reason: "buy"), withNavigation: true, configuration: .halfAndFull),
      ])
    }

    @Test func userBackAtTheRootWithHistoryGoesToThePreviouslySelectedTab() throws {
      var state = try TabFixtures.coordinator(backBehavior: .history)
      try state.apply([.tab("home", .push(.item(id: 4))), .selectTab("search"), .selectTab("profile")])
      let stacks = state.tabs

      try state.userBack()
      #expect(state.selectedTab == "search")
      #expect(state.history == ["home"])

      try state.userBack()
      #expect(state.selectedTab == "home")
      #expect(state.history.isEmpty)
      // Going back through the history selects tabs; it never touches their stacks.
      #expect(state.tabs == stacks)

      try state.userBack()
      #expect(state.routes(ofTab: "home") == [.root(.feed)])
      let failure = try #require(throws: BatchFailure.self) { try state.userBack() }
      #expect(failure.reason == .invalidCommand(
        index: 0, command: "back", error: .alreadyAtRoot(tab: "home", root: "feed")))
    }

    @Test func userBackAtTheRootWithoutHistoryBehaviourFailsAlreadyAtRoot() throws {
      var state = try TabFixtures.coordinator(backBehavior: .none)
      try state.apply([.selectTab("search")])
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) { try state.userBack() }

      #expect(failure.source == .userBack)
      #expect(failure.reason == .invalidCommand(
        index: 0, command: "back", error: .alreadyAtRoot(tab: "search", root: "search")))
      #expect(failure.message.contains("already at root"))
      #expect(failure.message.contains("'search'"))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func userBackAtTheRootWithAnEmptyHistoryFailsAlreadyAtRoot() throws {
      var state = try TabFixtures.coordinator(backBehavior: .history)
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) { try state.userBack() }

      #expect(failure.reason == .invalidCommand(
        index: 0, command: "back", error: .alreadyAtRoot(tab: "home", root: "feed")))
      #expect(failure.message.contains("already at root"))
      #expect(failure.message.contains("'home'"))
      #expect(failure.message.contains("'feed'"))
      #expect(TabsSnapshot(state) == before)
    }

    // MARK: - Commands and tabs

    @Test func aCommandForAnotherTabChangesThatStackWithoutSelectingIt() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      try state.apply([.tab("profile", .dismiss(count: 1)), .tab("profile", .push(.orders))])

      #expect(state.selectedTab == "home")
      #expect(state.history.isEmpty)
      #expect(state.routes(ofTab: "profile") == [.root(.account), .push(.orders)])
      #expect(state.routeIDs(ofTab: "profile").first == before.state.routeIDs(ofTab: "profile").first)
      #expect(state.routes(ofTab: "home") == before.state.routes(ofTab: "home"))
      #expect(state.routeIDs(ofTab: "home") == before.state.routeIDs(ofTab: "home"))
      #expect(state.routeIDs(ofTab: "search") == before.state.routeIDs(ofTab: "search"))
    }

    @Test func stackCommandsGoToTheTabSelectedAtTheirTurnInTheBatch() throws {
      var state = try TabFixtures.coordinator()

      try state.apply([.push(.item(id: 1)), .selectTab("search"), .push(.item(id: 2))])

      #expect(state.selectedTab == "search")
      #expect(state.routes(ofTab: "home") == [.root(.feed), .push(.item(id: 1))])
      #expect(state.routes(ofTab: "search") == [.root(.search(query: "")), .push(.item(id: 2))])
      #expect(state.routes(ofTab: "profile") == [.root(.account)])
    }

    @Test func aRootWithoutNavigationRefusesPushes() throws {
      var state = try TabCoordinatorState<TabTestScreen>(tabs: [
        TabDefinition("home", root: .feed, rootWithNavigation: false)
      ])

      let failure = try #require(throws: BatchFailure.self) { try state.apply([.push(.orders)]) }

      #expect(failure.reason == .invalidCommand(
        index: 0, command: "push orders", error: .cannotPush(screen: "orders", layer: "feed", layerStyle: .root)))
      #expect(state.routes(ofTab: "home") == [.root(.feed, withNavigation: false)])
    }

    @Test(arguments: [
      NavigationCommand<TabTestScreen>.selectTab("cart"),
      .tab("cart", .push(.orders)),
      .tab("cart", .goBackToRoot),
    ])
    func anUnknownTabIsAnErrorNamingTheKnownTabs(command: NavigationCommand<TabTestScreen>) throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.tab("search", .pop(count: 1)), command])
      }

      #expect(failure.reason == .invalidCommand(
        index: 1, command: command.description, error: .unknownTab("cart", known: TabFixtures.tabIDs)))
      #expect(failure.message == "unknown tab 'cart' (tabs: home, search, profile)")
      #expect(TabsSnapshot(state) == before)
    }

    @Test func tappingAnUnknownTabIsAnErrorNamingTheKnownTabs() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) { try state.tapTab("cart") }

      #expect(failure.source == .tabTap("cart"))
      #expect(failure.reason == .invalidCommand(
        index: 0, command: "tab cart", error: .unknownTab("cart", known: TabFixtures.tabIDs)))
      #expect(failure.message.contains("home, search, profile"))
      #expect(TabsSnapshot(state) == before)
    }
  }
}
