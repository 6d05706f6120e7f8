import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// docs/ARCHITECTURE.md §4–§5: guards see `(before, after, commands)` on every batch and can reject it.
  @Suite("Guards")
  struct GuardTests {
    /// Rejects any change whose top screen is a checkout while the context says not logged in.
    static var auth: NavigationGuard<TabTestScreen> {
      NavigationGuard("auth") { change in
        if case .checkout = change.after.top.screen, change.after.context["loggedIn"] != true {
          return .reject("login required")
        }
        return .allow
      }
    }

    static func deepLinks() throws -> DeepLinks<TabTestScreen> {
      var links = DeepLinks<TabTestScreen>()
      try links.register("shop://item/:id") { match, _ in
        guard let id = Int(match["id"] ?? "") else { throw DeepLinkHandlerError("id must be a number") }
        return DeepLinks.open(tab: "search", [.push(.item(id: id))], mode: .keepRoot)
      }
      try links.register("shop://checkout") { _, _ in
        [.presentCover(.checkout(total: 5))]
      }
      return links
    }

    @Test func guardsRunOnEveryKindOfBatch() throws {
      let log = GuardLog()
      let guards = [log.recordingGuard()]
      var state = try TabFixtures.coordinator(backBehavior: .history)

      try state.apply([.push(.orders)], source: .rule("feed.cartTapped"), guards: guards)
      try state.tapTab("search", guards: guards)
      try state.tapTab("search", guards: guards)
      try state.open(url: "shop://item/3", deepLinks: try Self.deepLinks(), guards: guards)
      try state.userBack(guards: guards)
      try state.userBack(guards: guards)
      try state.tapTab("home", guards: guards)

      #expect(log.all.map(\.source) == [
        .rule("feed.cartTapped"), .tabTap("search"), .tabTap("search"), .deepLink("shop://item/3"),
        .userBack, .userBack, .tabTap("home"),
      ])
    }

    @Test func anAllowingGuardLetsTheChangeHappen() throws {
      var state = try TabFixtures.coordinator()
      state.context["loggedIn"] = true

      try state.apply([.presentCover(.checkout(total: 20))], guards: [Self.auth])

      #expect(state.top == .cover(.checkout(total: 20)))
    }

    @Test func aRejectingGuardDiscardsTheBatchWithItsReason() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      // `profile` shows a checkout cover, and nobody is logged in.
      let rejected = try #require(throws: BatchFailure.self) {
        try state.apply(
          [.tab("search", .goBackToRoot), .goBackToRoot, .selectTab("profile")],
          source: .rule("item.buyTapped"), guards: [Self.auth])
      }

      #expect(rejected.source == .rule("item.buyTapped"))
      #expect(rejected.reason == .rejected(guard: "auth", reason: "login required"))
      #expect(rejected.message == "login required")
      #expect(rejected.description == "rule item.buyTapped: rejected by guard 'auth': login required")
      #expect(TabsSnapshot(state) == before)
    }

    @Test func aRejectedTapLeavesTheStackAndItsRouteIDs() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let noPopping = NavigationGuard<TabTestScreen>("keep") { change in
        change.after.routes(ofTab: "home").count < change.before.routes(ofTab: "home").count
          ? .reject("the home stack must stay") : .allow
      }

      let failure = try #require(throws: BatchFailure.self) { try state.tapTab("home", guards: [noPopping]) }

      #expect(failure == BatchFailure(
        source: .tabTap("home"), reason: .rejected(guard: "keep", reason: "the home stack must stay")))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func aRejectedUserBackLeavesTheSelectionAndStacks() throws {
      var state = try TabFixtures.coordinator(backBehavior: .history)
      try state.apply([.push(.item(id: 1)), .selectTab("search")])
      let before = TabsSnapshot(state)
      let stay = NavigationGuard<TabTestScreen>("stay") { change in
        change.after.selectedTab != change.before.selectedTab ? .reject("stay on this tab") : .allow
      }

      let failure = try #require(throws: BatchFailure.self) { try state.userBack(guards: [stay]) }

      #expect(failure == BatchFailure(source: .userBack, reason: .rejected(guard: "stay", reason: "stay on this tab")))
      #expect(TabsSnapshot(state) == before)
      #expect(state.selectedTab == "search")
    }

    @Test func aRejectedDeepLinkLeavesTheStateUnchanged() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.open(url: "shop://checkout", deepLinks: try Self.deepLinks(), guards: [Self.auth])
      }

      #expect(failure == BatchFailure(
        source: .deepLink("shop://checkout"), reason: .rejected(guard: "auth", reason: "login required")))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func guardsSeeTheStatesBeforeAndAfterTheBatchWithRouteIDs() throws {
      let log = GuardLog()
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let commands: [NavigationCommand<TabTestScreen>] = [
        .dismiss(count: 1), .tab("profile", .dismissAll), .selectTab("profile"), .push(.orders),
        .tab("search", .reset([.root(.search(query: "shoes")), .push(.item(id: 9))])),
      ]

      try state.apply(commands, source: .rule("feed.itemTapped"), guards: [log.recordingGuard()])

      let sighting = try #require(log.all.first)
      #expect(log.all.count == 1)
      #expect(sighting.before == before.state)
      #expect(sighting.beforeIDs == before.routeIDs)
      #expect(sighting.after == state)
      #expect(sighting.afterIDs == state.tabs.map(\.stack.ids))
      #expect(sighting.commands == commands)
      #expect(sighting.source == .rule("feed.itemTapped"))
    }

    /// A reselect that pops to the root is shown to guards as what it does.
    @Test func guardsOfAReselectSeeTheGoBackToRootItAmountsTo() throws {
      let log = GuardLog()
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      try state.tapTab("home", guards: [log.recordingGuard()])

      let sighting = try #require(log.all.first)
      #expect(sighting.source == .tabTap("home"))
      #expect(sighting.commands == [.tab("home", .goBackToRoot)])
      #expect(sighting.before == before.state)
      #expect(sighting.beforeIDs == before.routeIDs)
      #expect(sighting.after.routes(ofTab: "home") == [.root(.feed)])
    }

    @Test func guardsOfAUserBackSeeTheBackSource() throws {
      let log = GuardLog()
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      try state.userBack(guards: [log.recordingGuard()])

      let sighting = try #require(log.all.first)
      #expect(sighting.source == .userBack)
      #expect(sighting.commands == [.goBack(count: 1)])
      #expect(sighting.before == before.state)
      #expect(sighting.after == state)
    }

    @Test func guardsOfADeepLinkSeeTheHandlersCommands() throws {
      let log = GuardLog()
      var state = try TabFixtures.coordinator()

      try state.open(url: "shop://item/12?ref=mail", deepLinks: try Self.deepLinks(), guards: [log.recordingGuard()])

      let sighting = try #require(log.all.first)
      #expect(sighting.source == .deepLink("shop://item/12?ref=mail"))
      #expect(sighting.commands == [.selectTab("search"), .tab("search", .open([.push(.item(id: 12))], mode: .keepRoot))])
      #expect(sighting.before == (try TabFixtures.coordinator()))
      #expect(sighting.after == state)
    }

    @Test func theFirstRejectingGuardWins() throws {
      let log = GuardLog()
      var state = try TabFixtures.coordinator()
      let before = TabsSnapshot(state)
      let guards = [
        log.recordingGuard("first"),
        NavigationGuard<TabTestScreen>("second") { _ in .reject("second says no") },
        NavigationGuard<TabTestScreen>("third") { _ in .reject("third says no") },
      ]

      let failure = try #require(throws: BatchFailure.self) { try state.apply([.push(.orders)], guards: guards) }

      #expect(failure.reason == .rejected(guard: "second", reason: "second says no"))
      #expect(log.all.count == 1)
      #expect(TabsSnapshot(state) == before)
    }

    @Test func guardsDoNotRunForABatchThatFailsACommand() throws {
      let log = GuardLog()
      var state = try TabFixtures.coordinator()

      #expect(throws: BatchFailure.self) { try state.apply([.push(.orders), .dismiss(count: 1)], guards: [log.recordingGuard()]) }

      #expect(log.all.isEmpty)
    }
  }
}
