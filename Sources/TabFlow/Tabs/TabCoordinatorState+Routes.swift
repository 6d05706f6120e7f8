extension TabCoordinatorState {
  /// The route with this ID, with its tab, or `nil` when no tab holds it.
  public func routeContext(for id: RouteID) -> RouteContext<Screen>? {
    guard let position = tabPosition(holding: id), let index = tabs[position].stack.index(of: id) else { return nil }
    return RouteContext(id: id, tab: tabs[position].id, route: tabs[position].stack[index])
  }

  /// The position of the tab holding a route. Screen actions nearly always come from the selected
  /// tab, so it is searched first; the others only when the route is not there.
  func tabPosition(holding id: RouteID) -> Int? {
    if tabs[selectedIndex].stack.contains(routeID: id) { return selectedIndex }
    for position in tabs.indices where position != selectedIndex && tabs[position].stack.contains(routeID: id) {
      return position
    }
    return nil
  }

  /// Adopts the routes the UI reports for the selected tab (after a swipe back or a
  /// drag-dismissed sheet): leading routes with unchanged structure keep their IDs. Throws, and
  /// changes nothing, when the routes do not form a valid stack.
  public mutating func updateSelectedRoutes(_ routes: [Route<Screen>]) throws(NavigationError) {
    try tabs[selectedIndex].stack.updateRoutes(routes)
  }
}

/// A record of every tab's route IDs, taken between actions without copying any stack's routes.
public struct TabsRouteSnapshot: Hashable, Sendable {
  let tabs: [TabID]
  let stacks: [RouteStackSnapshot]
}

extension TabCoordinatorState: RouteSnapshotting {
  /// A record of every tab's route IDs.
  public var routeSnapshot: TabsRouteSnapshot {
    // Closures, not key paths: a key path in generic code is instantiated at run time on every call.
    TabsRouteSnapshot(tabs: tabs.map { $0.id }, stacks: tabs.map { $0.stack.routeSnapshot })
  }

  /// The IDs of routes recorded in `snapshot` that no tab holds now.
  public func routeIDsRemoved(since snapshot: TabsRouteSnapshot) -> [RouteID] {
    var removed: [RouteID] = []
    for (position, (tab, stack)) in zip(snapshot.tabs, snapshot.stacks).enumerated() {
      if position < tabs.count, tabs[position].id == tab {
        removed += tabs[position].stack.routeIDsRemoved(since: stack)
      } else if let current = self.stack(for: tab) {
        removed += current.routeIDsRemoved(since: stack)
      } else {
        removed += stack.ids
      }
    }
    return removed
  }
}
