import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A coordinator is a `RouteContainer`: routes in every tab are addressed by ID, and the runtime
  /// learns cheaply which routes left so it can cancel their effects.
  @Suite("Coordinator as route container")
  struct TabRouteContainerTests {
    /// Renames a screen through the protocol only, as `forEachRoute` does.
    func retitle<Container: RouteContainer<TabTestScreen>>(
      _ container: inout Container, id: RouteID, to screen: TabTestScreen
    ) -> TabTestScreen? {
      container.updateScreen(id: id) { current in
        defer { current = screen }
        return current
      }
    }

    @Test func containsEveryRouteOfEveryTab() throws {
      let state = try TabFixtures.deepCoordinator()
      for tab in state.tabs {
        for id in tab.stack.ids {
          #expect(state.contains(routeID: id), "\(tab.id) \(id)")
        }
      }
      let other = try TabFixtures.deepCoordinator()
      for id in other.allRouteIDs {
        #expect(!state.contains(routeID: id))
      }
    }

    @Test func aRouteThatLeftIsNoLongerContained() throws {
      var state = try TabFixtures.deepCoordinator()
      let coverID = state.routeIDs(ofTab: "profile")[1]

      try state.apply([.tab("profile", .dismiss(count: 1))])

      #expect(!state.contains(routeID: coverID))
    }

    @Test func updateScreenReachesARouteInAnyTabInPlace() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let coverID = state.routeIDs(ofTab: "profile")[1]
      let searchRootID = state.routeIDs(ofTab: "search")[0]

      let previous = retitle(&state, id: coverID, to: .checkout(total: 99))
      let previousRoot = retitle(&state, id: searchRootID, to: .search(query: "boots"))

      #expect(previous == .checkout(total: 9.5))
      #expect(previousRoot == .search(query: ""))
      #expect(state.routes(ofTab: "profile") == [.root(.account), .cover(.checkout(total: 99))])
      #expect(state.routes(ofTab: "search") == [.root(.search(query: "boots")), .push(.item(id: 2))])
      #expect(state.routes(ofTab: "home") == before.state.routes(ofTab: "home"))
      // Styles, IDs and structure are untouched: an in-place edit is not a structural change.
      #expect(state.tabs.map(\.stack.ids) == before.routeIDs)
      #expect(state.tabs.map(\.stack.structureToken) == before.stackTokens)
      #expect(state.structureToken == before.token)
      #expect(state.routeIDsRemoved(since: before.state).isEmpty)
    }

    @Test func updateScreenOfAnUnknownRouteRunsNothing() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let goneID = state.routeIDs(ofTab: "home")[3]
      try state.apply([.pop(count: 1)])
      let afterPop = TabsSnapshot(state)
      var ran = false

      let result: Void? = state.updateScreen(id: goneID) { _ in ran = true }

      #expect(result == nil)
      #expect(!ran)
      #expect(TabsSnapshot(state) == afterPop)
      #expect(afterPop != before)
    }

    struct StructuralChange: Sendable, CustomTestStringConvertible {
      let label: String
      let commands: [NavigationCommand<TabTestScreen>]
      var testDescription: String { label }
    }

    @Test(arguments: [
      StructuralChange(label: "push in the selected tab", commands: [.push(.orders)]),
      StructuralChange(label: "push in another tab", commands: [.tab("search", .push(.orders))]),
      StructuralChange(label: "pop in another tab", commands: [.tab("search", .pop(count: 1))]),
      StructuralChange(label: "dismiss in another tab", commands: [.tab("profile", .dismiss(count: 1))]),
      StructuralChange(label: "present in the selected tab", commands: [.presentCover(.account)]),
      StructuralChange(label: "reset with equal-length routes", commands: [
        .tab("search", .reset([.root(.search(query: "")), .push(.item(id: 2))]))
      ]),
      StructuralChange(label: "a push then a pop", commands: [.tab("search", .push(.orders)), .tab("search", .pop(count: 1))]),
      StructuralChange(label: "a deep-link replace", commands: [
        .selectTab("search"), .open([.push(.item(id: 4))], mode: .replace),
      ]),
    ])
    func theStructureTokenChangesOnEveryStructuralChangeInAnyTab(_ change: StructuralChange) throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state.structureToken

      try state.apply(change.commands)

      #expect(state.structureToken != before)
    }

    @Test func theStructureTokenChangesWhenAReselectPopsToTheRoot() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state.structureToken

      try state.tapTab("home")

      #expect(state.structureToken != before)
    }

    @Test func theStructureTokenIsRestoredByADiscardedBatch() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state.structureToken

      #expect(throws: BatchFailure.self) {
        try state.apply([.tab("search", .push(.orders)), .tab("profile", .dismissAll), .dismiss(count: 3)])
      }

      #expect(state.structureToken == before)
    }

    @Test func routeIDsRemovedCollectsLeftRoutesAcrossTabs() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state
      let home = before.routeIDs(ofTab: "home")
      let profile = before.routeIDs(ofTab: "profile")

      try state.apply([
        .pop(count: 1),
        .tab("profile", .dismiss(count: 1)),
        .tab("search", .push(.orders)),
      ])

      #expect(Set(state.routeIDsRemoved(since: before)) == [home[3], profile[1]])
      #expect(state.routeIDsRemoved(since: state).isEmpty)
    }

    /// When the tabs themselves changed (a reload's migration dropped or reordered them), each
    /// recorded tab is found by its ID: a dropped tab's routes all left, a moved one's did not.
    @Test func routeIDsRemovedFollowsTabsThatMovedOrWereDropped() throws {
      let before = try TabFixtures.deepCoordinator()
      let tabs = before.tabs
      let after = try TabCoordinatorState(
        restoring: [tabs[2], tabs[0]], selectedTab: "profile", history: [], backBehavior: .none, context: [:])

      #expect(Set(after.routeIDsRemoved(since: before)) == Set(before.routeIDs(ofTab: "search")))
    }

    @Test func routeIDsRemovedSeesARouteReplacedAtTheSameIndex() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state
      let searchItem = before.routeIDs(ofTab: "search")[1]

      try state.apply([.tab("search", .pop(count: 1)), .tab("search", .push(.item(id: 2)))])

      #expect(state.routes(ofTab: "search") == before.routes(ofTab: "search"))
      #expect(state.routeIDsRemoved(since: before) == [searchItem])
      #expect(!state.contains(routeID: searchItem))
    }

    @Test func routeIDsRemovedIncludesAReplacedRoot() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state

      try state.apply([.tab("profile", .open([.root(.account)], mode: .replace))])

      #expect(Set(state.routeIDsRemoved(since: before)) == Set(before.routeIDs(ofTab: "profile")))
    }

    @Test func routeIDsRemovedIsEmptyWhenOnlySelectionChanged() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state

      try state.apply([.selectTab("profile"), .selectTab("search")])

      #expect(state.routeIDsRemoved(since: before).isEmpty)
    }
  }
}
