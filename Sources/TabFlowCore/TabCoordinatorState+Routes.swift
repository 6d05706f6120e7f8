import TabFlowNavigation

extension TabCoordinatorState {
  /// The route with this ID, with its tab, or `nil` when no tab holds it. A route of the app
  /// layer has ``RouteContext/isInAppLayer`` set and the selected tab as its tab.
  @inlinable
  public func routeContext(for id: RouteID) -> RouteContext<Screen>? {
    guard let position = tabPosition(holding: id) else { return nil }
    if position == Self.appLayerPosition {
      guard let index = storedAppLayer.index(of: id), index > 0 else { return nil }
      return RouteContext(id: id, tab: selectedTab, route: storedAppLayer[index], isInAppLayer: true)
    }
    guard let index = storedTabs[position].stack.index(of: id) else { return nil }
    return RouteContext(id: id, tab: storedTabs[position].id, route: storedTabs[position].stack[index])
  }

  /// The position of the tab holding a route (``appLayerPosition`` for the app layer's). Screen
  /// actions nearly always come from the selected tab, so it is searched first; the app layer and
  /// the others only when the route is not there.
  ///
  /// Reads only the fields it needs, and hands the rest of the search only those: where the
  /// state is reached through an `inout` (`forEachRoute`'s container), a call handed the whole
  /// state would first copy it (measured: a `memcpy` of the tab coordinator's state, about 50
  /// instructions, per call).
  @inlinable
  func tabPosition(holding id: RouteID) -> Int? {
    if storedTabs[selectedIndex].stack.contains(routeID: id) { return selectedIndex }
    return Self.tabPosition(holding: id, appLayer: storedAppLayer, tabs: storedTabs, besides: selectedIndex)
  }

  /// ``tabPosition(holding:)`` when the tab at `selectedIndex` does not hold the route.
  @inlinable
  static func tabPosition(
    holding id: RouteID, appLayer: RouteStack<Screen>, tabs: [TabState<Screen>], besides selectedIndex: Int
  ) -> Int? {
    if appLayer.storedRoutes.count > 1, appLayer.contains(routeID: id), appLayer.storedIDs[0] != id {
      return appLayerPosition
    }
    for position in tabs.indices where position != selectedIndex && tabs[position].stack.contains(routeID: id) {
      return position
    }
    return nil
  }

  /// Adopts the routes the UI reports for the selected tab (after a swipe back or a
  /// drag-dismissed sheet): leading routes with unchanged structure keep their IDs. Throws, and
  /// changes nothing, when the routes do not form a valid stack.
  public mutating func updateSelectedRoutes(_ routes: [Route<Screen>]) throws(NavigationError) {
    let before = storedTabs[selectedIndex].stack.routeSnapshot
    try storedTabs[selectedIndex].stack.updateRoutes(routes)
    for id in storedTabs[selectedIndex].stack.routeIDsRemoved(since: before) {
      removalLog.append(id, tab: selectedIndex)
    }
    confirmable = nil
  }
}

/// A record of every tab's route IDs, taken between actions without copying any stack's routes.
public struct TabsRouteSnapshot: Hashable, Sendable {
  /// The tabs' positions when it was taken: the state's own dictionary, so while the tabs stay the
  /// same it is the same storage, and comparing it with the state's costs one comparison.
  @usableFromInline package let positions: [TabID: Int]
  /// Every tab's record, in tab order.
  @usableFromInline package let stacks: [RouteStackSnapshot]
  /// The app layer's record (its stand-in root included).
  @usableFromInline package let appLayer: RouteStackSnapshot

  @inlinable
  init(positions: [TabID: Int], stacks: [RouteStackSnapshot], appLayer: RouteStackSnapshot) {
    self.positions = positions
    self.stacks = stacks
    self.appLayer = appLayer
  }
}

extension TabCoordinatorState {
  /// A record of every tab's route IDs (one small allocation; no routes are copied).
  @inlinable
  public var routeSnapshot: TabsRouteSnapshot {
    // Each stack read in place (no copy of a tab), and no key path: a key path in generic code
    // is instantiated at run time on every call.
    var stacks: [RouteStackSnapshot] = []
    stacks.reserveCapacity(storedTabs.count)
    for position in storedTabs.indices { stacks.append(storedTabs[position].stack.routeSnapshot) }
    return TabsRouteSnapshot(positions: positions, stacks: stacks, appLayer: storedAppLayer.routeSnapshot)
  }

  /// The IDs of routes recorded in `snapshot` that no tab nor the app layer holds now: the app
  /// layer's first, then by tab.
  @inlinable
  public func routeIDsRemoved(since snapshot: TabsRouteSnapshot) -> [RouteID] {
    var removed: [RouteID] = []
    forEachRouteRemoved(since: snapshot) { _, ids in
      // Usually one tab changed: its array is the result, not a copy of it.
      if removed.isEmpty { removed = ids } else { removed += ids }
    }
    return removed
  }

  /// Calls `body` with the IDs of the routes recorded in `snapshot` that no tab nor the app
  /// layer holds now, with the position they had in `snapshot` (``appLayerPosition`` for the app
  /// layer's): the app layer's first, then by tab, never with none.
  @inlinable
  package func forEachRouteRemoved(since snapshot: TabsRouteSnapshot, _ body: (_ tab: Int, _ ids: [RouteID]) -> Void) {
    if storedAppLayer.structureVersion != snapshot.appLayer.structureVersion {
      // The stand-in root was never a route a user saw (a rebuilt state has a new one).
      let standIn = snapshot.appLayer.ids.first
      let ids = storedAppLayer.routeIDsRemoved(since: snapshot.appLayer).filter { $0 != standIn }
      if !ids.isEmpty { body(Self.appLayerPosition, ids) }
    }
    // Nearly always the same tabs in the same order: compare each tab's record with its stack.
    if snapshot.positions == positions, snapshot.stacks.count == storedTabs.count {
      // A stack whose structure did not change is passed over without touching its arrays.
      for position in snapshot.stacks.indices
      where storedTabs[position].stack.structureVersion != snapshot.stacks[position].structureVersion {
        let ids = storedTabs[position].stack.routeIDsRemoved(since: snapshot.stacks[position])
        if !ids.isEmpty { body(position, ids) }
      }
      return
    }
    // The tabs changed (a reload migrated the state): find each recorded tab by its ID.
    for (tab, position) in snapshot.positions.sorted(by: { $0.value < $1.value }) where position < snapshot.stacks.count {
      let ids = stack(for: tab)?.routeIDsRemoved(since: snapshot.stacks[position]) ?? snapshot.stacks[position].ids
      if !ids.isEmpty { body(position, ids) }
    }
  }
}
