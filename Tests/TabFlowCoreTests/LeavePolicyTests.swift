import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A tab's leave policy: `.popToRoot` pops its stack to the root in the batch that selects
  /// another tab (React Navigation's `popToTopOnBlur`); `.keep`, the default, keeps it.
  @Suite("Leave policy")
  struct LeavePolicyTests {
    /// `home` keeps its stack, `search` pops to its root when left; `home: feed > item(1)`,
    /// `search: search("") > item(2) > sheet:login`, `search` selected.
    static func state(backBehavior: BackBehavior = .history) throws -> TabCoordinatorState<TabTestScreen> {
      var state = try TabCoordinatorState<TabTestScreen>(
        tabs: [
          TabDefinition("home", root: .feed),
          TabDefinition("search", root: .search(query: ""), onLeave: .popToRoot),
        ],
        backBehavior: backBehavior)
      try state.apply([.push(.item(id: 1)), .selectTab("search")])
      try state.apply([.push(.item(id: 2)), .presentSheet(.login(reason: "x"), withNavigation: true)])
      return state
    }

    @Test func theDefaultIsKeep() throws {
      let state = try TabFixtures.coordinator()
      #expect(state.tabs.allSatisfy { $0.onLeave == .keep })
      #expect(TabDefinition<TabTestScreen>("home", root: .feed).onLeave == .keep)
    }

    @Test func selectingAnotherTabPopsTheLeftTabToItsRootKeepingTheRootID() throws {
      var state = try Self.state()
      let rootID = state.routeIDs(ofTab: "search")[0]
      try state.tapTab("home")
      #expect(state.routes(ofTab: "search").map(\.screen) == [.search(query: "")])
      #expect(state.routeIDs(ofTab: "search") == [rootID])
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .item(id: 1)])
    }

    @Test func aKeepTabKeepsItsStackWhenLeft() throws {
      var state = try Self.state()
      try state.tapTab("home")
      try state.tapTab("search")
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .item(id: 1)])
    }

    @Test func aRuleSelectingAnotherTabPopsInTheSameBatchAndGuardsSeeIt() throws {
      var state = try Self.state()
      var seen: [[TabTestScreen]] = []
      let recorder = NavigationGuard<TabTestScreen>("recorder") { change in
        seen.append(change.after.routes(ofTab: "search").map(\.screen))
        return .allow
      }
      try state.apply([.selectTab("home")], guards: [recorder])
      #expect(seen == [[.search(query: "")]])
    }

    @Test func aRejectedSelectionLeavesTheStackAsItWas() throws {
      var state = try Self.state()
      let before = TabsSnapshot(state)
      let stay = NavigationGuard<TabTestScreen>("stay") { _ in .reject("stay") }
      #expect(throws: BatchFailure.self) { try state.tapTab("home", guards: [stay]) }
      #expect(TabsSnapshot(state) == before)
    }

    @Test func backToThePreviousTabLeavesTooAndReselectingDoesNotLeave() throws {
      var state = try Self.state()
      try state.apply([.selectTab("home"), .tab("search", .push(.item(id: 5)))])
      // The batch that left search popped it; a later push into it stays while home is selected.
      #expect(state.routes(ofTab: "search").map(\.screen) == [.search(query: ""), .item(id: 5)])
      try state.tapTab("search")
      try state.tapTab("search")   // reselect pops to root by its own policy, not by leaving
      #expect(state.selectedTab == "search")
    }

    @Test func thePolicySurvivesPersistence() throws {
      let state = try Self.state()
      let restored = try NavigationDocument.decode(try NavigationDocument.encode(state), as: TabTestScreen.self)
      #expect(restored.tabs.map(\.onLeave) == [.keep, .popToRoot])
    }
  }
}
