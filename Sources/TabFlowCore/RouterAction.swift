import TabFlowNavigation

/// The actions a coordinator's routes send and receive, embedded in the coordinator's action
/// as one case:
///
/// ```swift
/// enum Action {
///   case router(RouterAction<Screen.State, Screen.Action>)
///   case logoutTapped
/// }
///
/// store.send(.router(.routeAction(id: itemID, action: .buyTapped)))
/// ```
///
/// Screen actions are addressed by ``/TabFlowNavigation/RouteID``, never by index, so an action for a route that
/// has left can never reach the screen that took its place.
public enum RouterAction<Screen, ScreenAction> {
  /// An action of the screen shown by the route with this ID.
  case routeAction(id: RouteID, action: ScreenAction)
  /// The routes as a UI reports them after the user changed them (swipe back, back button, a
  /// sheet dragged down). Applied by `forEachRoute` when the container is an
  /// ``/TabFlowNavigation/UpdatableRouteContainer`` such as ``/TabFlowNavigation/RouteStack``; other containers leave it to the
  /// coordinator's reducer.
  case updateRoutes([Route<Screen>])
}

extension RouterAction: Equatable where Screen: Equatable, ScreenAction: Equatable {}
extension RouterAction: Hashable where Screen: Hashable, ScreenAction: Hashable {}
extension RouterAction: Sendable where Screen: Sendable, ScreenAction: Sendable {}

extension RouterAction {
  /// The route ID and screen action of a ``routeAction(id:action:)``, else `nil`.
  ///
  /// ```swift
  /// if let (id, action) = routerAction.routeAction { … }
  /// ```
  public var routeAction: (id: RouteID, action: ScreenAction)? {
    if case let .routeAction(id, action) = self { return (id, action) }
    return nil
  }

  /// The routes of an ``updateRoutes(_:)``, else `nil`.
  ///
  /// ```swift
  /// if let routes = routerAction.updateRoutes { … }
  /// ```
  public var updateRoutes: [Route<Screen>]? {
    if case let .updateRoutes(routes) = self { return routes }
    return nil
  }
}
