/// A ``RouteContainer`` that can adopt the routes a UI reports, so `forEachRoute` applies
/// ``RouterAction/updateRoutes(_:)`` to it. ``RouteStack`` is one.
///
/// ```swift
/// extension MyStack: UpdatableRouteContainer {
///   mutating func updateRoutes(_ routes: [Route<Screen>]) throws(NavigationError) { … }
/// }
/// ```
public protocol UpdatableRouteContainer: RouteContainer {
  /// Adopts `routes` — keeping the IDs of the routes that are still there — or throws why they
  /// are not valid, leaving the container unchanged.
  mutating func updateRoutes(_ routes: [Route<Screen>]) throws(NavigationError)
}

extension RouteStack: UpdatableRouteContainer {}
