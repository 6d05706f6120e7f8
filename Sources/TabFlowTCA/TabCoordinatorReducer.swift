// TabFlowTCA: the glue between TabFlow's tab coordinator and The Composable Architecture (TCA),
// as a reducer an app drops into its `body`.
//
// Compiled and tested against a stand-in, not against TCA. TCA does not build on Linux, where
// this package is built and tested; its tests compile this file with the TCAStandIn trait against
// TCAStandIn/ — a local package whose module is also named `ComposableArchitecture` and which
// declares the part of TCA 1.25.5's API used here (`Reducer`, `_reduce(into:action:)`, `Reduce`,
// `ReducerBuilder`, `ReducerOf`, `Effect.send/cancel/merge/cancellable/map`) in TCA's shapes. An
// app enables the TCA trait instead, which brings pointfreeco/swift-composable-architecture from
// 1.25.5; that combination has not been compiled here.
#if TCA && TCAStandIn
  #error("TabFlowTCA: the TCA and TCAStandIn traits exclude each other; an app enables TCA only")
#elseif TCA || TCAStandIn
  import ComposableArchitecture
  import TabFlowCore

  /// The tab coordinator as a TCA reducer: its pure step, the screens' reducer run on the route a
  /// screen action names, the effects of routes that leave cancelled, and what the coordinator
  /// tells the host sent out as `.delegate` actions.
  ///
  /// Scope it onto the app's navigation state and action in the app's `body`:
  ///
  /// ```swift
  /// @Reducer
  /// struct AppFeature {
  ///   @ObservableState
  ///   struct State: Equatable { var navigation: TabCoordinatorState<Screen> }
  ///   enum Action { case navigation(TabCoordinatorAction<Screen, ScreenAction>) }
  ///
  ///   let coordinator: TabCoordinator<ScriptedRules<Screen, ScreenAction>>
  ///
  ///   var body: some ReducerOf<Self> {
  ///     Scope(state: \.navigation, action: \.navigation) {
  ///       TabCoordinatorReducer(coordinator: coordinator) { ScreenFeature() }
  ///     }
  ///     Reduce { state, action in
  ///       // React to .navigation(.delegate(…)) here.
  ///       .none
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// For each action, in order:
  /// 1. `.router(.routeAction(id:action:))`: the screens' reducer runs on that route's screen, so
  ///    the rules read the screen as its reducer left it; its effects come back as route actions
  ///    of the same route and are cancellable under the route's ``/TabFlowNavigation/RouteID`` (hashable, sendable,
  ///    never reused). An action of a route that has left runs nothing.
  /// 2. The coordinator's ``/TabFlowCore/TabCoordinator/step(_:state:)``: rules, taps, back, deep links, UI
  ///    write-back, all or nothing.
  /// 3. `.cancel(id:)` for every route that left any tab, then `.send(.delegate(…))` for each
  ///    thing the coordinator tells the host — as effects: nothing is sent from inside a reduce.
  ///    The delegate actions come back through this reducer, which ignores them.
  ///
  /// This is the one place the screens' reducer is run by hand: through `_reduce(into:action:)`,
  /// the entry point TCA 1.25's own operators (`Scope`, `forEach`) use, and with `Effect.map`,
  /// which TCA 1.25 deprecates softly (a warning only under its `ComposableArchitecture2Deprecations`
  /// trait), as its `Scope` still uses it. An app's own code calls neither.
  ///
  /// > Important: Compiled and tested against a stand-in of TCA 1.25.5's shapes (the
  /// > `TCAStandIn` trait), not against TCA: TCA does not build on Linux, where this package is
  /// > tested.
  public struct TabCoordinatorReducer<Rules: NavigationRules, Screens: Reducer>: Reducer
  where Screens.State == Rules.Screen, Screens.Action == Rules.ScreenAction {
    /// The coordinator's state.
    public typealias State = TabCoordinatorState<Rules.Screen>
    /// The coordinator's actions.
    public typealias Action = TabCoordinatorAction<Rules.Screen, Rules.ScreenAction>

    /// The rules, guards and deep links.
    public let coordinator: TabCoordinator<Rules>
    /// The screens' reducer, run on the screen of the route a screen action names.
    public let screens: Screens

    /// The coordinator's step with `screens` run on route actions.
    public init(
      coordinator: TabCoordinator<Rules>,
      @ReducerBuilder<Rules.Screen, Rules.ScreenAction> screens: () -> Screens
    ) {
      self.coordinator = coordinator
      self.screens = screens()
    }

    /// The screen, then the coordinator, then cancellations and delegates.
    public var body: some ReducerOf<Self> {
      Reduce<State, Action>(navigate)
    }

    private func navigate(_ state: inout State, _ action: Action) -> Effect<Action> {
      var effects: [Effect<Action>] = []
      if case let .router(.routeAction(id, screenAction)) = action,
        let screenEffect = state.updateScreen(id: id, { (screen: inout Rules.Screen) -> Effect<Rules.ScreenAction> in
          screens._reduce(into: &screen, action: screenAction)
        })
      {
        let routeAction: @Sendable (Rules.ScreenAction) -> Action = { .router(.routeAction(id: id, action: $0)) }
        effects.append(screenEffect.map(routeAction).cancellable(id: id))
      }
      let step = coordinator.step(action, state: &state)
      for removed in step.removedRouteIDs {
        effects.append(.cancel(id: removed))
      }
      for delegate in step.delegates {
        effects.append(.send(.delegate(delegate)))
      }
      return .merge(effects)
    }
  }
#endif
