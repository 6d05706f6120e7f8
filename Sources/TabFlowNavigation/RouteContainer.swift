/// A value holding routes addressed by ``RouteID``: a ``RouteStack``, or a tab coordinator's
/// state with one stack per tab. The runtime's `forEachRoute` works over any container: it runs a
/// screen reducer on the route an action names, and cancels the effects of every route that left.
public protocol RouteContainer<Screen> {
  /// The screen type of the routes.
  associatedtype Screen

  /// Whether a route with this ID is held.
  func contains(routeID: RouteID) -> Bool

  /// Runs `body` on the screen of the route with this ID, in place; `nil` (and `body` not run)
  /// when no such route is held.
  mutating func updateScreen<Result>(id: RouteID, _ body: (inout Screen) throws -> Result) rethrows -> Result?

  /// The IDs of the routes `earlier` held that this value no longer holds.
  ///
  /// Called after every action, so it must be cheap when nothing structural changed.
  func routeIDsRemoved(since earlier: Self) -> [RouteID]
}

extension RouteStack: RouteContainer {
  /// Changes whenever routes are added to or removed from the stack.
  public var structureToken: Int { Int(truncatingIfNeeded: structureVersion.generation) }

  /// Whether a route with this ID is in the stack.
  @inlinable
  public func contains(routeID: RouteID) -> Bool { index(of: routeID) != nil }

  /// The IDs of the routes `earlier` held that this stack no longer holds. O(1) when the stack's
  /// structure is unchanged; otherwise O(log n + removed), because routes only ever leave from the
  /// top and new routes always get larger IDs.
  public func routeIDsRemoved(since earlier: RouteStack) -> [RouteID] {
    routeIDsRemoved(sinceVersion: earlier.structureVersion, ids: earlier.storedIDs)
  }

  /// The IDs among `earlierIDs` (the stack's IDs at `version`) that the stack no longer holds.
  /// Shared by the comparison with a whole stack and with a snapshot of its IDs.
  @inlinable
  func routeIDsRemoved(sinceVersion version: RouteID, ids earlierIDs: [RouteID]) -> [RouteID] {
    if structureVersion == version { return [] }
    // The kept routes are a common prefix of sorted IDs: binary-search its end; everything after
    // it in `earlierIDs` left. After a push or a pop the shorter of the two is that prefix, which
    // its last ID shows at once.
    var low = 0
    var high = Swift.min(storedIDs.count, earlierIDs.count)
    if high > 0, storedIDs[high - 1] == earlierIDs[high - 1] { low = high }
    while low < high {
      let middle = (low + high) / 2
      if storedIDs[middle] == earlierIDs[middle] { low = middle + 1 } else { high = middle }
    }
    return Array(earlierIDs[low...])
  }
}
