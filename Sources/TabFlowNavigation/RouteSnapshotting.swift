/// A ``RouteContainer`` that can record which routes it holds more cheaply than by copying
/// itself. `forEachRoute` takes such a record before the coordinator's reducer runs and diffs
/// against it afterwards; with a plain container the record is a copy of the container, which
/// makes the coordinator's next change to it copy its storage (copy-on-write). ``RouteStack``
/// conforms, so a push or pop in a coordinator costs no copy of the routes.
///
/// ```swift
/// extension TabStacks: RouteSnapshotting {
///   var routeSnapshot: [RouteStackSnapshot] { stacks.map(\.routeSnapshot) }
///   func routeIDsRemoved(since snapshot: [RouteStackSnapshot]) -> [RouteID] {
///     zip(stacks, snapshot).flatMap { $0.routeIDsRemoved(since: $1) }
///   }
/// }
/// ```
public protocol RouteSnapshotting: RouteContainer {
  /// A record of the routes held at one moment.
  associatedtype RouteSnapshot

  /// The record of the routes held now. Must be cheap: it is taken for every action.
  var routeSnapshot: RouteSnapshot { get }

  /// The IDs of the routes held when `snapshot` was taken that are no longer held. Must be
  /// cheap when nothing structural changed: it runs after every action.
  func routeIDsRemoved(since snapshot: RouteSnapshot) -> [RouteID]
}

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

extension RouteStack: RouteSnapshotting {
  /// The stack's route IDs and structure version; O(1).
  @inlinable
  public var routeSnapshot: RouteStackSnapshot {
    RouteStackSnapshot(structureVersion: structureVersion, ids: storedIDs)
  }

  /// The IDs of the routes the stack held at `snapshot` that it no longer holds. O(1) when no
  /// route was added or removed since; otherwise O(log n + removed).
  @inlinable
  public func routeIDsRemoved(since snapshot: RouteStackSnapshot) -> [RouteID] {
    routeIDsRemoved(sinceVersion: snapshot.structureVersion, ids: snapshot.ids)
  }
}
