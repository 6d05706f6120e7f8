/// A ``RouteContainer`` that adopts the routes a UI reports, so `forEachRoute` applies
/// `RouterAction`'s `updateRoutes` to it before the coordinator runs. ``RouteStack`` is one.
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

extension UpdatableRouteContainer {
  /// Adopts them with ``updateRoutes(_:)``: `true`. Chosen for a type that conforms to
  /// `UpdatableRouteContainer` where it conforms to ``RouteContainer``; a conditional conformance
  /// (`extension Box: UpdatableRouteContainer where …`) keeps `RouteContainer`'s default
  /// (`false`) unless the type implements `adoptUpdatedRoutes(_:)` itself.
  public mutating func adoptUpdatedRoutes(_ routes: [Route<Screen>]) throws(NavigationError) -> Bool {
    try updateRoutes(routes)
    return true
  }
}

extension RouteStack: UpdatableRouteContainer {}
