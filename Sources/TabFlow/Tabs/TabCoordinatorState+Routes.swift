extension TabCoordinatorState {
  /// The route with this ID, with its tab, or `nil` when no tab holds it.
  @inlinable
  public func routeContext(for id: RouteID) -> RouteContext<Screen>? {
    guard let position = tabPosition(holding: id), let index = storedTabs[position].stack.index(of: id) else {
      return nil
    }
    return RouteContext(id: id, tab: storedTabs[position].id, route: storedTabs[position].stack[index])
  }

  /// The position of the tab holding a route. Screen actions nearly always come from the selected
  /// tab, so it is searched first; the others only when the route is not there.
  @inlinable
  func tabPosition(holding id: RouteID) -> Int? {
    if storedTabs[selectedIndex].stack.contains(routeID: id) { return selectedIndex }
    for position in storedTabs.indices where position != selectedIndex && storedTabs[position].stack.contains(routeID: id) {
      return position
    }
    return nil
  }

  /// Adopts the routes the UI reports for the selected tab (after a swipe back or a
  /// drag-dismissed sheet): leading routes with unchanged structure keep their IDs. Throws, and
  /// changes nothing, when the routes do not form a valid stack.
  public mutating func updateSelectedRoutes(_ routes: [Route<Screen>]) throws(NavigationError) {
    try storedTabs[selectedIndex].stack.updateRoutes(routes)
  }
}

/// A record of every tab's route IDs, taken between actions without copying any stack's routes.
public struct TabsRouteSnapshot: Hashable, Sendable {
  @usableFromInline let stacks: [Entry]

  /// One tab's record.
  @usableFromInline
  struct Entry: Hashable, Sendable {
    @usableFromInline let tab: TabID
    @usableFromInline let stack: RouteStackSnapshot

    @inlinable
    init(tab: TabID, stack: RouteStackSnapshot) {
      self.tab = tab
      self.stack = stack
    }
  }

  @inlinable
  init(stacks: [Entry]) {
    self.stacks = stacks
  }
}

extension TabCoordinatorState: RouteSnapshotting {
  /// A record of every tab's route IDs (one small allocation; no routes are copied).
  @inlinable
  public var routeSnapshot: TabsRouteSnapshot {
    // Closures, not key paths: a key path in generic code is instantiated at run time on every call.
    TabsRouteSnapshot(stacks: storedTabs.map { TabsRouteSnapshot.Entry(tab: $0.id, stack: $0.stack.routeSnapshot) })
  }

  /// The IDs of routes recorded in `snapshot` that no tab holds now.
  @inlinable
  public func routeIDsRemoved(since snapshot: TabsRouteSnapshot) -> [RouteID] {
    var removed: [RouteID] = []
    for (position, entry) in snapshot.stacks.enumerated() {
      if position < storedTabs.count, storedTabs[position].id == entry.tab {
        let ids = storedTabs[position].stack.routeIDsRemoved(since: entry.stack)
        // Usually one tab changed: its array is the result, not a copy of it.
        if !ids.isEmpty { if removed.isEmpty { removed = ids } else { removed += ids } }
      } else if let current = self.stack(for: entry.tab) {
        removed += current.routeIDsRemoved(since: entry.stack)
      } else {
        removed += entry.stack.ids
      }
    }
    return removed
  }
}
