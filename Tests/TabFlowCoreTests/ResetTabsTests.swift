import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// `resetTabs(select:)`: every tab back to its root, the tab history cleared, one tab selected,
  /// in one atomic batch through the guards (go_router's most requested missing feature, e.g. on
  /// logout).
  @Suite("resetTabs")
  struct ResetTabsTests {
    @Test func everyTabGoesToItsRootTheHistoryClearsAndTheTabIsSelected() throws {
      var state = try TabFixtures.deepCoordinator(backBehavior: .history)
      try state.tapTab("search")
      let rootIDs = state.tabs.map { $0.stack.ids[0] }

      try state.apply([.resetTabs(select: "profile")])

      #expect(state.tabs.map { $0.stack.routes.map(\.screen) } == [[.feed], [.search(query: "")], [.account]])
      #expect(state.tabs.map { $0.stack.ids } == rootIDs.map { [$0] })
      #expect(state.selectedTab == "profile")
      #expect(state.history.isEmpty)
    }

    @Test func itIsOneBatchThroughTheGuards() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      var sightings = 0
      let keepCover = NavigationGuard<TabTestScreen>("keepCover") { change in
        sightings += 1
        return change.after.routes(ofTab: "profile").count == 1 ? .reject("checkout in progress") : .allow
      }
      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.resetTabs(select: "home")], guards: [keepCover])
      }
      #expect(sightings == 1)
      #expect(failure.reason == .rejected(guard: "keepCover", reason: "checkout in progress"))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func anUnknownTabFailsAndChangesNothing() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      #expect(throws: BatchFailure.self) { try state.apply([.resetTabs(select: "cart")]) }
      #expect(TabsSnapshot(state) == before)
    }

    @Test func laterCommandsOfTheBatchApplyToTheResetTabs() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.apply([.resetTabs(select: "home"), .push(.item(id: 9))])
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .item(id: 9)])
      #expect(NavigationCommand<TabTestScreen>.resetTabs(select: "home").description == "resetTabs home")
    }
  }
}
