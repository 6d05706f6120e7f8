import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// docs/ARCHITECTURE.md §4–§5: a batch is applied in order, all or nothing.
  @Suite("Batches")
  struct BatchTests {
    /// Batches whose third command fails after the first two changed structure, selection or
    /// both, each with the error the third command must report.
    struct FailingBatch: Sendable, CustomTestStringConvertible {
      let label: String
      let commands: [NavigationCommand<TabTestScreen>]
      let error: NavigationError
      var testDescription: String { label }
    }

    static let failingBatches: [FailingBatch] = [
      FailingBatch(
        label: "removals, then an invalid dismiss",
        commands: [.goBackToRoot, .tab("profile", .dismissAll), .dismiss(count: 1)],
        error: .notEnoughPresented(requested: 1, presented: 0)),
      FailingBatch(
        label: "additions and a selection, then an invalid pop",
        commands: [
          .tab("profile", .presentSheet(.orders, withNavigation: true)), .selectTab("search"), .pop(count: 5),
        ],
        error: .countOutOfRange(operation: "pop", count: 5, routeCount: 2, root: "search")),
      FailingBatch(
        label: "a reset and a deep-link open, then a push into a sheet without navigation",
        commands: [
          .reset([.root(.orders), .sheet(.picker(options: ["a"]))]),
          .tab("search", .open([.push(.item(id: 8))], mode: .keepRoot)),
          .push(.checkout(total: 1)),
        ],
        error: .cannotPush(screen: "checkout", layer: "picker", layerStyle: .sheet)),
      FailingBatch(
        label: "a pop and a push of one route (made without the shared validation), then an invalid pop",
        commands: [.pop(count: 1), .tab("search", .push(.orders)), .pop(count: 9)],
        error: .countOutOfRange(operation: "pop", count: 9, routeCount: 3, root: "feed")),
      FailingBatch(
        label: "selections back and forth, then an unknown tab",
        commands: [.selectTab("profile"), .tab("home", .pop(count: 1)), .selectTab("cart")],
        error: .unknownTab("cart", known: TabFixtures.tabIDs)),
    ]

    @Test(arguments: failingBatches)
    func aBatchWhoseThirdCommandFailsLeavesTheStateExactlyAsBefore(batch: FailingBatch) throws {
      var state = try TabFixtures.deepCoordinator()
      try state.apply([.selectTab("search"), .selectTab("home")])
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.apply(batch.commands, source: .rule("feed.itemTapped"))
      }

      #expect(failure.source == .rule("feed.itemTapped"))
      #expect(failure.reason == .invalidCommand(
        index: 2, command: batch.commands[2].description, error: batch.error))
      #expect(failure.message == batch.error.description)
      #expect(failure.description.hasPrefix("rule feed.itemTapped: command 3 (\(batch.commands[2])) failed: "))
      // The whole state, every tab's route IDs and structure tokens, and the coordinator's token.
      #expect(TabsSnapshot(state) == before)
      #expect(state.selectedTab == "home")
      #expect(state.history == ["search"])
    }

    @Test func aFailedBatchLeavesRouteIDsUsableForLaterBatches() throws {
      var state = try TabFixtures.deepCoordinator()
      let itemID = state.routeIDs(ofTab: "home")[1]
      let before = state

      #expect(throws: BatchFailure.self) {
        try state.apply([.goBackToRoot, .push(.orders), .dismiss(count: 1)])
      }

      // The restored route is the same route: addressable by its ID, not a copy with a new one.
      #expect(state.contains(routeID: itemID))
      #expect(state.updateScreen(id: itemID) { $0 = .item(id: 42) } != nil)
      #expect(state.routes(ofTab: "home")[1] == .push(.item(id: 42)))
      try state.apply([.goBackToRoot])
      #expect(state.routeIDsRemoved(since: before) == Array(before.routeIDs(ofTab: "home").dropFirst()))
      #expect(!state.contains(routeID: itemID))
    }

    @Test func theFailureNamesTheSourceOfTheBatch() throws {
      let sources: [BatchSource] = [.host, .rule("item.buyTapped"), .deepLink("shop://item/3"), .tabTap("home"), .userBack]
      for source in sources {
        var state = try TabFixtures.coordinator()
        let failure = try #require(throws: BatchFailure.self) {
          try state.apply([.pop(count: 1)], source: source)
        }
        #expect(failure.source == source)
        #expect(failure.description.hasPrefix("\(source): command 1 (pop) failed: cannot pop 1"))
      }
      #expect(sources.map(\.description) == ["host", "rule item.buyTapped", "url shop://item/3", "tab tap home", "back"])
    }

    @Test func aBatchWithoutSourceComesFromTheHost() throws {
      var state = try TabFixtures.coordinator()
      let failure = try #require(throws: BatchFailure.self) { try state.apply([.dismissAll, .dismiss(count: 1)]) }
      #expect(failure.source == .host)
      #expect(failure.reason == .invalidCommand(
        index: 1, command: "dismiss", error: .notEnoughPresented(requested: 1, presented: 0)))
    }

    @Test func emitsBecomeEventReportsInOrder() throws {
      var state = try TabFixtures.coordinator()
      let purchased = NavigationEvent("purchased", payload: ["id": 3, "gift": true])
      let before = TabsSnapshot(state)

      let reports = try state.apply([
        .emit(purchased), .tab("profile", .emit(NavigationEvent("shown"))), .emit(NavigationEvent("done")),
      ])

      #expect(reports == [.event(purchased), .event(NavigationEvent("shown")), .event(NavigationEvent("done"))])
      #expect(TabsSnapshot(state) == before)
    }

    @Test func aMultiCommandBatchAcrossTabsAppliesEveryCommandInOrder() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let event = NavigationEvent("checkoutStarted", payload: ["total": 12.5])

      let reports = try state.apply(
        [
          .tab("profile", .dismiss(count: 1)),
          .tab("profile", .push(.orders)),
          .selectTab("profile"),
          .presentSheet(.checkout(total: 12.5), withNavigation: true, configuration: .half),
          .push(.item(id: 7)),
          .tab("home", .popToCurrentNavigationRoot),
          .tab("search", .goBackToRoot),
          .emit(event),
        ],
        source: .rule("item.buyTapped"))

      #expect(reports == [.event(event)])
      #expect(state.selectedTab == "profile")
      #expect(state.history == ["home"])
      #expect(state.routes(ofTab: "profile") == [
        .root(.account), .push(.orders),
        .sheet(.checkout(total: 12.5), withNavigation: true, configuration: .half), .push(.item(id: 7)),
      ])
      #expect(state.routes(ofTab: "home") == [
        .root(.feed), .push(.item(id: 1)),
        .sheet(.login(reason: "buy"), withNavigation: true, configuration: .halfAndFull),
      ])
      #expect(state.routes(ofTab: "search") == [.root(.search(query: ""))])
      // Routes that stayed keep their IDs; new routes get IDs never seen before.
      let homeBefore = before.state.routeIDs(ofTab: "home")
      #expect(state.routeIDs(ofTab: "home") == Array(homeBefore.prefix(3)))
      #expect(state.routeIDs(ofTab: "search") == [before.state.routeIDs(ofTab: "search")[0]])
      let profileIDs = state.routeIDs(ofTab: "profile")
      #expect(profileIDs[0] == before.state.routeIDs(ofTab: "profile")[0])
      #expect(before.state.allRouteIDs.isDisjoint(with: profileIDs.dropFirst()))
      #expect(Set(profileIDs).count == 4)
    }

    @Test func anEmptyBatchChangesNothing() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      #expect(try state.apply([]).isEmpty)
      #expect(TabsSnapshot(state) == before)
    }
  }
}
