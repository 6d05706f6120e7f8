import CustomDump
import IssueReporting
import TabFlowCore
import TabFlowNavigation

extension Reducer {
  /// Runs `screenReducer` on the screen of the route a ``/TabFlowCore/RouterAction/routeAction(id:action:)``
  /// names, then this (the coordinator's) reducer; and cancels the effects of every route that
  /// leaves the container.
  ///
  /// ```swift
  /// struct Coordinator: Reducer {
  ///   struct State: Equatable { var routes = RouteStack(root: Screen.State.home(.init())) }
  ///   enum Action { case router(RouterActionOf<Screen>) }
  ///
  ///   var body: some Reducer<State, Action> {
  ///     Reduce { state, action in
  ///       if case .router(.routeAction(_, .home(.startTapped))) = action {
  ///         state.routes.push(.numbers(.init()))
  ///       }
  ///       return .none
  ///     }
  ///     .forEachRoute(\.routes, action: .router) { Screen() }
  ///   }
  /// }
  /// ```
  ///
  /// - A screen action runs the screen reducer on that route's screen, in place; its effects
  ///   send their actions back addressed to the same route ID. Then the coordinator's reducer
  ///   sees the action too (it sees the screen's new state).
  /// - Every effect a screen starts is cancellable by its route ID, and is cancelled as soon as
  ///   the route is no longer in the container after an action — whatever removed it: a pop,
  ///   a dismiss, a reset, `goBackToRoot`, a UI `updateRoutes`, a deep link replacing the stack,
  ///   a new route at the same index, a replaced root. The container is marked
  ///   (``/TabFlowNavigation/RouteContainer/markRemovals()``) before the coordinator's reducer and asked which
  ///   routes it removed since (``/TabFlowNavigation/RouteContainer/routeIDsRemoved(since:)``) after it.
  ///   Cancellation IDs the screen uses itself (`.cancellable(id:)`, `.cancel(id:)`) are scoped
  ///   to its route, so screens cannot cancel one another's effects.
  /// - An action for a route that is no longer in the container is dropped — neither the screen
  ///   reducer nor the coordinator runs — and reported through IssueReporting, naming the route.
  /// - Effects of the coordinator's own reducer are never cancelled automatically.
  /// - ``/TabFlowCore/RouterAction/updateRoutes(_:)`` is applied to the container before the coordinator
  ///   runs when the container adopts it (``/TabFlowNavigation/RouteContainer/adoptUpdatedRoutes(_:)``: an
  ///   ``/TabFlowNavigation/UpdatableRouteContainer`` such as ``/TabFlowNavigation/RouteStack``): leading routes that kept their style
  ///   keep their IDs, the rest are new. Invalid routes are reported and the container is left
  ///   unchanged. For any other container the coordinator's reducer handles it.
  /// - Cost: a `.none` action costs an `extract`, a mark of the container and an O(1)
  ///   comparison. A ``/TabFlowNavigation/RouteStack``'s mark is its route IDs, so a push or pop by the coordinator
  ///   copies at most the IDs (8 bytes per route), never the screens; a tab coordinator's state
  ///   notes the routes its batches remove, so its mark is a number and nothing is compared; a
  ///   container without a cheaper mark is marked by copying it, and its first change in the
  ///   action then copies its storage (copy-on-write).
  @inlinable
  public func forEachRoute<Container: RouteContainer, ScreenAction, ScreenReducer: Reducer>(
    _ routes: WritableKeyPath<State, Container>,
    action: ActionPath<Action, RouterAction<Container.Screen, ScreenAction>>,
    @ReducerBuilder<Container.Screen, ScreenAction> screenReducer: () -> ScreenReducer,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachRouteReducer<Self, Container, ScreenReducer>
  where ScreenReducer.State == Container.Screen, ScreenReducer.Action == ScreenAction {
    ForEachRouteReducer(
      coordinator: self, routes: routes, action: action, screenReducer: screenReducer(),
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer made by `forEachRoute`: a coordinator plus the screen reducer run on the routes of
/// a ``/TabFlowNavigation/RouteContainer``, cancelling the effects of the routes that leave it.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce(coordinate).forEachRoute(\.routes, action: .router) { Screen() }
/// }
/// ```
public struct ForEachRouteReducer<Coordinator: Reducer, Container: RouteContainer, ScreenReducer: Reducer>: Reducer
where ScreenReducer.State == Container.Screen {
  /// The coordinator's state.
  public typealias State = Coordinator.State
  /// The coordinator's action.
  public typealias Action = Coordinator.Action
  /// The router action embedded in the coordinator's action.
  public typealias RouterActionType = RouterAction<Container.Screen, ScreenReducer.Action>

  @usableFromInline package let coordinator: Coordinator
  @usableFromInline package let routes: WritableKeyPath<State, Container>
  @usableFromInline package let action: ActionPath<Action, RouterActionType>
  @usableFromInline package let screenReducer: ScreenReducer
  @usableFromInline package let location: IssueLocation
  /// Whether the screen reducer never does anything (``EmptyReducer``): then a route action does
  /// not touch the screen at all.
  @usableFromInline package let screenReducerIsInert: Bool
  /// Whether `routes` is `\.self` over a state that is its own container (a tab coordinator's):
  /// then the container is reached through the state's address, without the key path.
  @usableFromInline package let routesAreState: Bool

  @usableFromInline
  package init(
    coordinator: Coordinator,
    routes: WritableKeyPath<State, Container>,
    action: ActionPath<Action, RouterActionType>,
    screenReducer: ScreenReducer,
    location: IssueLocation
  ) {
    self.coordinator = coordinator
    self.routes = routes
    self.action = action
    self.screenReducer = screenReducer
    self.location = location
    screenReducerIsInert = screenReducer is any InertReducer
    routesAreState = State.self == Container.self && (routes as AnyKeyPath) == (\State.self as AnyKeyPath)
  }

  /// Runs `body` on the container in `state`, in place. A state that is its own container is
  /// reached through its address: the types are the same (checked at init), so the rebound is
  /// the identity, and `body` is the only access to `state` while it runs. A key path applied in
  /// generic code costs a run-time projection (`swift_modifyAtWritableKeyPath`) per access.
  @inlinable
  func withContainer<Result, Failure: Error>(
    in state: inout State, _ body: (inout Container) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if routesAreState {
      return try withUnsafeMutablePointer(to: &state) { pointer throws(Failure) in
        try pointer.withMemoryRebound(to: Container.self, capacity: 1) { container throws(Failure) in
          try body(&container.pointee)
        }
      }
    }
    return try body(&state[keyPath: routes])
  }

  /// Runs the screen reducer (for a route action), marks the container, applies `updateRoutes`,
  /// runs the coordinator, then cancels the effects of the routes removed since the mark.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // A route action with an inert screen reducer needs only its route's ID, which a path to
    // router actions reads without copying the action (the screen action stays where it is).
    if screenReducerIsInert, let routeActionID = self.action.routeActionID, let id = routeActionID(action) {
      let marked = withContainer(in: &state) { container in
        container.contains(routeID: id) ? container.markRemovals() : nil
      }
      guard let marked else {
        if case let .routeAction(_, screenAction)? = self.action.extract(action) {
          reportLateAction(id: id, screenAction: screenAction)
        }
        return .none
      }
      return coordinate(&state, action, since: marked, screenEffect: .none, routedID: nil)
    }
    let routerAction = self.action.extract(action)

    // The screen reducer changes a screen in place and cannot change the structure, so it runs
    // before the mark; the route's look-up, the screen reducer and the mark share one access to
    // the container (each access through the key path costs a run-time key-path projection).
    var screenEffect: Effect<Action> = .none
    var routedID: RouteID?
    let mark: Container.RemovalMark
    if case let .routeAction(id, screenAction)? = routerAction {
      let inert = screenReducerIsInert
      let marked = withContainer(in: &state) { container -> (Effect<ScreenReducer.Action>, Container.RemovalMark)? in
        // Nothing to run on an inert screen reducer's screen: only check that the route is there.
        let effect: Effect<ScreenReducer.Action>? =
          inert
          ? (container.contains(routeID: id) ? Effect<ScreenReducer.Action>.none : nil)
          : container.updateScreen(id: id) { screen in screenReducer.reduce(into: &screen, action: screenAction) }
        guard let effect else { return nil }
        return (effect, container.markRemovals())
      }
      guard let marked else {
        reportLateAction(id: id, screenAction: screenAction)
        return .none
      }
      if !marked.0.isNone {
        routedID = id
        screenEffect = tag(marked.0, of: id)
      }
      mark = marked.1
    } else {
      // The container is marked and asked in place (never copied out of the state).
      mark = withContainer(in: &state) { container in container.markRemovals() }
    }
    if case let .updateRoutes(newRoutes)? = routerAction {
      applyUpdateRoutes(newRoutes, to: &state)
    }
    return coordinate(&state, action, since: mark, screenEffect: screenEffect, routedID: routedID)
  }

  /// Runs the coordinator on the marked container, then cancels the effects of the routes it
  /// removed since `mark`; merges the screen's effect (of the route `routedID`, unless it left).
  @inlinable
  func coordinate(
    _ state: inout State, _ action: Action, since mark: Container.RemovalMark, screenEffect: Effect<Action>,
    routedID: RouteID?
  ) -> Effect<Action> {
    let coordinatorEffect = coordinator.reduce(into: &state, action: action)
    let removed = withContainer(in: &state) { container in container.routeIDsRemoved(since: mark) }

    if removed.isEmpty {
      if screenEffect.isNone { return coordinatorEffect }
      if coordinatorEffect.isNone { return screenEffect }
      return .merge(screenEffect, coordinatorEffect)
    }
    // The routed screen may itself have left in this action: then its new effects never start.
    let screenEffect = routedID.map { removed.contains($0) } == true ? .none : screenEffect
    let own = screenEffect.isNone ? coordinatorEffect : coordinatorEffect.isNone ? screenEffect : .merge(screenEffect, coordinatorEffect)
    return own.followed(byCancellingEffectsOf: removed)
  }

  /// The screen's effect, sending its actions to the same route and cancellable by it.
  @usableFromInline
  package func tag(_ effect: Effect<ScreenReducer.Action>, of id: RouteID) -> Effect<Action> {
    let embed = self.action.embed
    let routeScope = RouteEffects.cancelID(of: id)
    return effect
      .map({ embed(.routeAction(id: id, action: $0)) }, cancellationScope: AnyHashable(routeScope))
      .cancellable(id: routeScope)
  }

  @usableFromInline
  package func applyUpdateRoutes(_ newRoutes: [Route<Container.Screen>], to state: inout State) {
    do {
      _ = try withContainer(in: &state) { container throws(NavigationError) in try container.adoptUpdatedRoutes(newRoutes) }
    } catch {
      reportIssue(
        "forEachRoute could not apply updateRoutes: \(error.description)",
        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    }
  }

  @usableFromInline
  package func reportLateAction(id: RouteID, screenAction: ScreenReducer.Action) {
    var actionDump = ""
    customDump(screenAction, to: &actionDump, maxDepth: 2)
    reportIssue(
      """
      forEachRoute dropped an action for route \(id), which is no longer in the container \
      (route IDs are never reused, so it cannot reach another screen); neither the screen reducer \
      nor the coordinator ran. Action: \(actionDump)
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
  }
}

/// The cancellation IDs of the effects the screens of routes start: each route's effects are
/// cancellable by its ID, in a namespace of their own.
@usableFromInline
package enum RouteEffects {
  /// The cancellation ID of every effect started by the screen of the route `id`.
  @inlinable
  package static func cancelID(of id: RouteID) -> CompactCancelID {
    CompactCancelID(RouteEffects.self, id.generation)
  }
}

extension Effect {
  /// Cancels the effects the screen of each route in `routes` started under `forEachRoute`.
  /// Nothing to do when no effect runs under a cancellation ID (one route: no allocation;
  /// several: one array for the merge).
  @inlinable
  package static func cancelEffects(ofRoutes routes: [RouteID]) -> Self {
    if routes.count == 1 { return .cancelEffects(ofRoute: routes[0]) }
    return .merge(routes.map { .cancelEffects(ofRoute: $0) })
  }

  /// ``cancelEffects(ofRoutes:)`` for one route (a pop): no array.
  @inlinable
  package static func cancelEffects(ofRoute route: RouteID) -> Self {
    Self(operation: .cancelCompact(RouteEffects.cancelID(of: route)))
  }

  /// This effect (when it is not `.none`), then the cancellation of the effects of `routes`.
  @inlinable
  func followed(byCancellingEffectsOf routes: [RouteID]) -> Self {
    isNone ? .cancelEffects(ofRoutes: routes) : .merge(self, .cancelEffects(ofRoutes: routes))
  }
}
