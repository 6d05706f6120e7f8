import TabFlowCore

extension TabCoordinator {
  /// `forEachRoute` over the coordinator's own tabs, as the documentation wires it: the same
  /// semantics as `Reducer.forEachRoute` over a ``RouteSnapshotting`` container (screen actions
  /// routed by route ID, the effects of every route that leaves cancelled), but the coordinator
  /// says which routes each action removed — its batches journal every change they make, with
  /// the routes it removed — so the tabs' route IDs are not recorded and compared around every
  /// action, and a push or pop copies nothing at any depth. A reloaded state it adopts, and an
  /// action whose screen reducer started an effect, are diffed as before.
  ///
  /// ```swift
  /// TabCoordinator(rules: ShopRules(), guards: [auth], deepLinks: links)
  ///   .forEachRoute(\.self, action: .router()) { ScreenFeature() }
  /// ```
  @inlinable
  public func forEachRoute<ScreenReducer: Reducer>(
    _ routes: WritableKeyPath<State, State>,
    action: ActionPath<Action, RouterAction<Rules.Screen, Rules.ScreenAction>>,
    @ReducerBuilder<Rules.Screen, Rules.ScreenAction> screenReducer: () -> ScreenReducer,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachRouteReducer<Self, State, ScreenReducer, TabsRouteSnapshot>
  where ScreenReducer.State == Rules.Screen, ScreenReducer.Action == Rules.ScreenAction {
    // Only when the container is the coordinator's state itself do its removals describe it.
    let gathers = (routes as AnyKeyPath) == (\State.self as AnyKeyPath)
    return ForEachRouteReducer(
      coordinator: self, routes: routes, action: action, screenReducer: screenReducer(),
      snapshot: { $0.routeSnapshot }, removedSince: { $0.routeIDsRemoved(since: $1) }, updateRoutes: nil,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      gatheringReduce: gathers
        ? { [self] state, action, effect in reduceCancellingRemoved(into: &state, action: action, effect: &effect) } : nil,
      routeIDOfAction: { action in if case let .router(.routeAction(id, _)) = action { id } else { nil } })
  }
}
