/// The record of a ``RouteStack``'s routes: its route IDs and a version that changes whenever
/// routes are added or removed. It shares the IDs' storage with the stack; the stack's routes
/// (the screens) are not retained.
///
/// ```swift
/// let snapshot = stack.routeSnapshot
/// stack.pop()
/// stack.routeIDsRemoved(since: snapshot)   // the popped route's ID
/// ```
public struct RouteStackSnapshot: Hashable, Sendable {
  @usableFromInline package let structureVersion: RouteID
  /// The route IDs of the stack when the snapshot was taken, root first.
  public let ids: [RouteID]

  @inlinable
  init(structureVersion: RouteID, ids: [RouteID]) {
    self.structureVersion = structureVersion
    self.ids = ids
  }
}

extension RouteStack {
  /// The stack's route IDs and structure version; O(1).
  public var routeSnapshot: RouteStackSnapshot {
    RouteStackSnapshot(structureVersion: structureVersion, ids: storedIDs)
  }

  /// The IDs of the routes the stack held at `snapshot` that it no longer holds. O(1) when no
  /// route was added or removed since; otherwise O(log n + removed).
  public func routeIDsRemoved(since snapshot: RouteStackSnapshot) -> [RouteID] {
    routeIDsRemoved(sinceVersion: snapshot.structureVersion, ids: snapshot.ids)
  }
}
