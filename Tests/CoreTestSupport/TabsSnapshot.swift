import TabFlowCore
import TabFlowNavigation

/// Everything a change could touch, route identity included: the state (whose equality ignores
/// route IDs), every tab's route IDs and structure token, and the coordinator's token.
package struct TabsSnapshot: Equatable {
  package let state: TabCoordinatorState<TabTestScreen>
  package let routeIDs: [[RouteID]]
  package let stackTokens: [Int]
  package let token: Int

  package init(_ state: TabCoordinatorState<TabTestScreen>) {
    self.state = state
    routeIDs = state.tabs.map(\.stack.ids)
    stackTokens = state.tabs.map(\.stack.structureToken)
    token = state.structureToken
  }
}

extension TabCoordinatorState {
  /// The routes of a tab; empty for an unknown tab (which never equals a real stack).
  package func routes(ofTab tab: TabID) -> [Route<Screen>] {
    stack(for: tab)?.routes ?? []
  }

  /// The route IDs of a tab; empty for an unknown tab.
  package func routeIDs(ofTab tab: TabID) -> [RouteID] {
    stack(for: tab)?.ids ?? []
  }

  /// Every route ID in every tab.
  package var allRouteIDs: Set<RouteID> {
    Set(tabs.flatMap(\.stack.ids))
  }
}
