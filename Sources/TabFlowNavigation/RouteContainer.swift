/// A value holding routes addressed by ``RouteID``: a ``RouteStack``, or a tab coordinator's
/// state with one stack per tab. The runtime's `forEachRoute` works over any container: it runs a
/// screen reducer on the route an action names, and cancels the effects of every route that left:
/// it marks the container before the action (``markRemovals()``) and asks it after the action
/// which routes were removed since the mark (``routeIDsRemoved(since:)``).
///
/// ```swift
/// extension TabStacks: RouteContainer {
///   func contains(routeID: RouteID) -> Bool { stacks.contains { $0.contains(routeID: routeID) } }
///   mutating func updateScreen<R>(id: RouteID, _ body: (inout Screen) throws -> R) rethrows -> R? { … }
///   // A cheaper mark than a copy of the container (the default): the stacks' IDs.
///   func markRemovals() -> [RouteStackSnapshot] { stacks.map(\.routeSnapshot) }
///   func routeIDsRemoved(since snapshot: [RouteStackSnapshot]) -> [RouteID] {
///     zip(stacks, snapshot).flatMap { $0.routeIDsRemoved(since: $1) }
///   }
/// }
/// ```
public protocol RouteContainer<Screen> {
  /// The screen type of the routes.
  associatedtype Screen
  /// What ``markRemovals()`` returns: the container itself by default; a ``RouteStack`` records
  /// only its route IDs (``RouteStackSnapshot``), so that marking it before every action copies
  /// no screen; a tab coordinator's state keeps the record of what it removes itself, and its
  /// mark is a number.
  associatedtype RemovalMark = Self

  /// Whether a route with this ID is held.
  func contains(routeID: RouteID) -> Bool

  /// Runs `body` on the screen of the route with this ID, in place; `nil` (and `body` not run)
  /// when no such route is held.
  mutating func updateScreen<Result>(id: RouteID, _ body: (inout Screen) throws -> Result) rethrows -> Result?

  /// Marks the routes held now, for ``routeIDsRemoved(since:)`` to say which of them left.
  /// Taken before every action, so it must be cheap. A container that keeps its own record of
  /// removals starts a new one here.
  mutating func markRemovals() -> RemovalMark

  /// The IDs of the routes held at `mark` that are no longer held.
  ///
  /// Called after every action, so it must be cheap when nothing structural changed.
  func routeIDsRemoved(since mark: RemovalMark) -> [RouteID]

  /// Adopts the routes a UI reports after the user changed them (a swipe back, a dragged-down
  /// sheet: `RouterAction`'s `updateRoutes`), or returns `false` when the container leaves
  /// them to the coordinator's reducer — the default. An ``UpdatableRouteContainer`` (a
  /// ``RouteStack``) adopts them. Throws why they are not valid, leaving the container unchanged.
  mutating func adoptUpdatedRoutes(_ routes: [Route<Screen>]) throws(NavigationError) -> Bool
}

extension RouteContainer where RemovalMark == Self {
  /// The container itself: any later change to it copies its storage (copy-on-write), which a
  /// container with a cheaper ``RemovalMark`` avoids.
  @inlinable
  public func markRemovals() -> Self { self }
}

extension RouteContainer {
  /// `false`: the coordinator's reducer handles the routes a UI reports.
  @inlinable
  public mutating func adoptUpdatedRoutes(_ routes: [Route<Screen>]) throws(NavigationError) -> Bool { false }
}

extension RouteStack: RouteContainer {
  /// The mark of a stack is its route IDs and structure version.
  public typealias RemovalMark = RouteStackSnapshot

  /// The stack's route IDs and structure version (``routeSnapshot``); O(1).
  @inlinable
  public func markRemovals() -> RouteStackSnapshot { routeSnapshot }

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
