import TabFlowCore
import TabFlowNavigation

extension RouteStack {
  /// The routes the user sees after `change` — the stack's first routes, down to where the
  /// change cut it. Unchanged when the change changes nothing (a path set to the value it
  /// has). Throws, naming why, when the change does not fit this stack's layers: an unknown
  /// layer, a dismissal of the root layer, a path that is not the start of the layer's path.
  ///
  /// ```swift
  /// // The user swiped back in the top layer.
  /// if let layer = stack.layers.last {
  ///   let routes = try stack.routes(after: .setPath(layer: layer.id, path: Array(layer.path.dropLast())))
  /// }
  /// ```
  public func routes(after change: LayerChange) throws(PresentationError) -> [Route<Screen>] {
    guard let kept = try change.keptRouteCount(in: layers) else { return routes }
    return Array(routes.prefix(kept))
  }

  /// The router action that tells the coordinator what the user did: `updateRoutes` with the
  /// routes the user now sees, or `nil` when the change changes nothing. The routes that stay
  /// keep their route IDs when the coordinator adopts them, and `forEachRoute` cancels the
  /// effects of the routes that left. Throws as ``routes(after:)`` does.
  ///
  /// ```swift
  /// if let action: RouterAction<Screen, ScreenAction> = try stack.routerAction(for: .dismiss(layer: sheet.id)) {
  ///   store.send(.router(action))
  /// }
  /// ```
  public func routerAction<ScreenAction>(
    for change: LayerChange
  ) throws(PresentationError) -> RouterAction<Screen, ScreenAction>? {
    guard let kept = try change.keptRouteCount(in: layers) else { return nil }
    return .updateRoutes(Array(routes.prefix(kept)))
  }
}
