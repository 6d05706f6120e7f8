import CustomDump
import IssueReporting
import TabFlowCore
import TabFlowNavigation

extension Reducer {
  /// Runs `screenReducer` on the screen of the route a ``RouterAction/routeAction(id:action:)``
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
  ///   a new route at the same index, a replaced root. The container is diffed with
  ///   ``RouteContainer/routeIDsRemoved(since:)`` before and after the combined reducer.
  ///   Cancellation IDs the screen uses itself (`.cancellable(id:)`, `.cancel(id:)`) are scoped
  ///   to its route, so screens cannot cancel one another's effects.
  /// - An action for a route that is no longer in the container is dropped — neither the screen
  ///   reducer nor the coordinator runs — and reported through IssueReporting, naming the route.
  /// - Effects of the coordinator's own reducer are never cancelled automatically.
  /// - ``RouterAction/updateRoutes(_:)`` is applied to the container before the coordinator
  ///   runs when the container is an ``UpdatableRouteContainer`` (a ``RouteStack``): leading
  ///   routes that kept their style keep their IDs, the rest are new. Invalid routes are reported
  ///   and the container is left unchanged. For any other container the coordinator's reducer
  ///   handles it.
  /// - Cost: a `.none` action costs an `extract`, a container snapshot and an O(1) diff (a
  ///   ``TabCoordinator`` wired with its own `forEachRoute(\.self, …)` says which routes left
  ///   instead, and no snapshot is taken). With a ``RouteSnapshotting`` container (``RouteStack``
  ///   is one) the snapshot holds only route IDs,
  ///   so a push or pop by the coordinator copies at most the IDs (8 bytes per route), never the
  ///   screens; any other container is snapshotted by copying it, and its first change in the
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
  ) -> ForEachRouteReducer<Self, Container, ScreenReducer, Container>
  where ScreenReducer.State == Container.Screen, ScreenReducer.Action == ScreenAction {
    ForEachRouteReducer(
      coordinator: self, routes: routes, action: action, screenReducer: screenReducer(),
      snapshot: { $0 }, removedSince: { $0.routeIDsRemoved(since: $1) }, updateRoutes: nil,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `forEachRoute` over a container that applies ``RouterAction/updateRoutes(_:)`` itself.
  /// See the first overload for the semantics.
  ///
  /// ```swift
  /// Reduce(coordinate).forEachRoute(\.routes, action: .router) { Screen() }
  /// ```
  @inlinable
  public func forEachRoute<Container: UpdatableRouteContainer, ScreenAction, ScreenReducer: Reducer>(
    _ routes: WritableKeyPath<State, Container>,
    action: ActionPath<Action, RouterAction<Container.Screen, ScreenAction>>,
    @ReducerBuilder<Container.Screen, ScreenAction> screenReducer: () -> ScreenReducer,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachRouteReducer<Self, Container, ScreenReducer, Container>
  where ScreenReducer.State == Container.Screen, ScreenReducer.Action == ScreenAction {
    ForEachRouteReducer(
      coordinator: self, routes: routes, action: action, screenReducer: screenReducer(),
      snapshot: { $0 }, removedSince: { $0.routeIDsRemoved(since: $1) },
      updateRoutes: { container, routes throws(NavigationError) in try container.updateRoutes(routes) },
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `forEachRoute` over a container that records its routes cheaply (``RouteSnapshotting``).
  /// See the first overload for the semantics.
  ///
  /// ```swift
  /// Reduce(coordinate).forEachRoute(\.tabs, action: .router) { Screen() }
  /// ```
  @inlinable
  public func forEachRoute<Container: RouteSnapshotting, ScreenAction, ScreenReducer: Reducer>(
    _ routes: WritableKeyPath<State, Container>,
    action: ActionPath<Action, RouterAction<Container.Screen, ScreenAction>>,
    @ReducerBuilder<Container.Screen, ScreenAction> screenReducer: () -> ScreenReducer,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachRouteReducer<Self, Container, ScreenReducer, Container.RouteSnapshot>
  where ScreenReducer.State == Container.Screen, ScreenReducer.Action == ScreenAction {
    ForEachRouteReducer(
      coordinator: self, routes: routes, action: action, screenReducer: screenReducer(),
      snapshot: { $0.routeSnapshot }, removedSince: { $0.routeIDsRemoved(since: $1) }, updateRoutes: nil,
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `forEachRoute` over a container that both records its routes cheaply and applies
  /// ``RouterAction/updateRoutes(_:)`` — a ``RouteStack``. See the first overload for the
  /// semantics.
  ///
  /// ```swift
  /// Reduce(coordinate).forEachRoute(\.routes, action: .router) { Screen() }
  /// ```
  @inlinable
  public func forEachRoute<
    Container: UpdatableRouteContainer & RouteSnapshotting, ScreenAction, ScreenReducer: Reducer
  >(
    _ routes: WritableKeyPath<State, Container>,
    action: ActionPath<Action, RouterAction<Container.Screen, ScreenAction>>,
    @ReducerBuilder<Container.Screen, ScreenAction> screenReducer: () -> ScreenReducer,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachRouteReducer<Self, Container, ScreenReducer, Container.RouteSnapshot>
  where ScreenReducer.State == Container.Screen, ScreenReducer.Action == ScreenAction {
    ForEachRouteReducer(
      coordinator: self, routes: routes, action: action, screenReducer: screenReducer(),
      snapshot: { $0.routeSnapshot }, removedSince: { $0.routeIDsRemoved(since: $1) },
      updateRoutes: { container, routes throws(NavigationError) in try container.updateRoutes(routes) },
      location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer made by `forEachRoute`:
/// a coordinator plus the screen reducer run on the routes of a ``RouteContainer``. `Snapshot`
/// is what it records of the container before the coordinator runs: the container itself, or
/// a ``RouteSnapshotting`` container's cheaper record.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce(coordinate).forEachRoute(\.routes, action: .router) { Screen() }
/// }
/// ```
public struct ForEachRouteReducer<
  Coordinator: Reducer, Container: RouteContainer, ScreenReducer: Reducer, Snapshot
>: Reducer where ScreenReducer.State == Container.Screen {
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
  @usableFromInline package let snapshot: (Container) -> Snapshot
  @usableFromInline package let removedSince: (Container, Snapshot) -> [RouteID]
  @usableFromInline package let updateRoutes: ((inout Container, [Route<Container.Screen>]) throws(NavigationError) -> Void)?
  @usableFromInline package let location: IssueLocation
  /// Whether `routes` is `\.self` (a `TabCoordinatorState` is its own container): then the state
  /// is used in place, without a key-path projection on every action.
  @usableFromInline package let routesAreState: Bool
  /// Whether the screen reducer never does anything (``EmptyReducer``): then a route action does
  /// not touch the screen at all.
  @usableFromInline package let screenReducerIsInert: Bool
  /// For a coordinator that says which routes each action removed (a ``TabCoordinator``): runs
  /// it and writes the effect to return — its own, then the cancellation of the routes that
  /// left (``Effect/cancellingRoutes(_:after:_:)``) — or returns `false`, having done nothing,
  /// when it cannot say for this action: then the container is recorded and diffed around it as
  /// usual.
  @usableFromInline package let gatheringReduce: GatheringReduce?
  /// For a gathering coordinator with nothing to run on screens: the route ID of a route action,
  /// read without taking the screen action out of it (`nil` for any other action).
  @usableFromInline package let routeIDOfAction: ((Action) -> RouteID?)?

  /// See ``gatheringReduce``. The effect goes through an `inout` parameter: returned through a
  /// stored closure's generic abstraction, it would be moved by its value witnesses.
  @usableFromInline package typealias GatheringReduce = (inout State, Action, inout Effect<Action>) -> Bool

  @usableFromInline
  package init(
    coordinator: Coordinator,
    routes: WritableKeyPath<State, Container>,
    action: ActionPath<Action, RouterActionType>,
    screenReducer: ScreenReducer,
    snapshot: @escaping (Container) -> Snapshot,
    removedSince: @escaping (Container, Snapshot) -> [RouteID],
    updateRoutes: ((inout Container, [Route<Container.Screen>]) throws(NavigationError) -> Void)?,
    location: IssueLocation,
    gatheringReduce: GatheringReduce? = nil,
    routeIDOfAction: ((Action) -> RouteID?)? = nil
  ) {
    self.coordinator = coordinator
    self.routes = routes
    self.action = action
    self.screenReducer = screenReducer
    self.snapshot = snapshot
    self.removedSince = removedSince
    self.updateRoutes = updateRoutes
    self.location = location
    self.gatheringReduce = gatheringReduce
    self.routeIDOfAction = routeIDOfAction
    routesAreState = State.self == Container.self && (routes as AnyKeyPath) == (\State.self as AnyKeyPath)
    screenReducerIsInert = screenReducer is any InertReducer
  }

  /// Runs `body` on the container in `state`, in place.
  @inlinable
  func withContainer<Result, Failure: Error>(
    in state: inout State, _ body: (inout Container) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if routesAreState {
      // Same type (checked in init): the pointer is the container's.
      return try withUnsafeMutablePointer(to: &state) { pointer throws(Failure) in
        try pointer.withMemoryRebound(to: Container.self, capacity: 1) { rebound throws(Failure) in try body(&rebound.pointee) }
      }
    }
    return try body(&state[keyPath: routes])
  }

  /// Runs the screen reducer (for a route action), applies `updateRoutes`, runs the coordinator,
  /// then cancels the effects of the routes that left.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // The tab coordinator's own wiring with nothing to run on screens: a route action only has
    // its route's presence checked, and the coordinator says which routes left.
    let gathersFirst = screenReducerIsInert && updateRoutes == nil && routeIDOfAction != nil
    if gathersFirst, let routeIDOfAction, let gatheringReduce {
      if let id = routeIDOfAction(action), !withContainer(in: &state, { container in container.contains(routeID: id) }) {
        if case let .routeAction(_, screenAction)? = self.action.extract(action) {
          reportLateAction(id: id, screenAction: screenAction)
        }
        return .none
      }
      var effect = Effect<Action>.none
      if gatheringReduce(&state, action, &effect) { return effect }
    }
    let routerAction = self.action.extract(action)

    // The screen reducer changes a screen in place and cannot change the structure, so it runs
    // before the snapshot is taken.
    var screenEffect: Effect<Action> = .none
    var routedID: RouteID?
    if case let .routeAction(id, screenAction)? = routerAction, screenReducerIsInert {
      // Nothing to run on the screen: only check that the route is still there.
      guard withContainer(in: &state, { container in container.contains(routeID: id) }) else {
        reportLateAction(id: id, screenAction: screenAction)
        return .none
      }
    } else if case let .routeAction(id, screenAction)? = routerAction {
      let effect = withContainer(in: &state) { container in
        container.updateScreen(id: id) { screen in screenReducer.reduce(into: &screen, action: screenAction) }
      }
      guard let effect else {
        reportLateAction(id: id, screenAction: screenAction)
        return .none
      }
      if !effect.isNone {
        routedID = id
        screenEffect = tag(effect, of: id)
      }
    }

    if !gathersFirst, updateRoutes == nil, screenEffect.isNone, let gatheringReduce {
      // The coordinator says which routes left (no effect of the screen's to merge; asked once).
      var effect = Effect<Action>.none
      if gatheringReduce(&state, action, &effect) { return effect }
    }
    // The container is read in place (never copied out of the state) to record and diff it.
    let before = withContainer(in: &state) { container in snapshot(container) }
    if case let .updateRoutes(newRoutes)? = routerAction {
      applyUpdateRoutes(newRoutes, to: &state)
    }
    let coordinatorEffect = coordinator.reduce(into: &state, action: action)
    let removed = withContainer(in: &state) { container in removedSince(container, before) }

    if removed.isEmpty {
      if screenEffect.isNone { return coordinatorEffect }
      if coordinatorEffect.isNone { return screenEffect }
      return .merge(screenEffect, coordinatorEffect)
    }
    // The routed screen may itself have left in this action: then its new effects never start.
    if let routedID, removed.contains(routedID) { screenEffect = .none }
    return .cancellingRoutes(removed, after: screenEffect, coordinatorEffect)
  }

  /// The screen's effect, sending its actions to the same route and cancellable by it.
  @usableFromInline
  package func tag(_ effect: Effect<ScreenReducer.Action>, of id: RouteID) -> Effect<Action> {
    let embed = self.action.embed
    let routeScope = RouteEffectID(route: id)
    return effect
      .map({ embed(.routeAction(id: id, action: $0)) }, cancellationScope: AnyHashable(routeScope))
      .cancellable(id: routeScope)
  }

  @usableFromInline
  package func applyUpdateRoutes(_ newRoutes: [Route<Container.Screen>], to state: inout State) {
    guard let updateRoutes else { return }
    do {
      try withContainer(in: &state) { container throws(NavigationError) in try updateRoutes(&container, newRoutes) }
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

/// The cancellation ID of every effect started by the screen of a route.
@usableFromInline
package struct RouteEffectID: Hashable, Sendable {
  @usableFromInline package let route: RouteID

  @inlinable
  init(route: RouteID) {
    self.route = route
  }
}
