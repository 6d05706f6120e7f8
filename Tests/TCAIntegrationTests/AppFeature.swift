// The integration "Using TabFlow in a TCA app" shows, compiled: this file imports a stand-in for
// ComposableArchitecture (TCA's clashing names in TCA's shapes) beside every TabFlow module a TCA
// app imports, and writes each of TCA's names unqualified. Were any of them also declared by
// TabFlowNavigation, TabFlowCore, TabFlowLua, TabFlowPresentation or TabFlowDelivery, this file
// would not compile ("ambiguous"). With the real TCA, `import ComposableArchitecture` replaces the
// stand-in and `@Reducer`/`@ObservableState` decorate the feature.
import TabFlowCore
import TabFlowDelivery
import TabFlowLua
import TabFlowNavigation
import TabFlowPresentation
import TabFlowTCAStandIn

typealias Screen = DynamicScreen

/// The screens' reducer: `item.load` starts a long effect (a download), which must be cancelled
/// when the item's route leaves.
struct ScreenFeature: Reducer {
  typealias State = Screen
  typealias Action = DynamicAction

  func reduce(into state: inout Screen, action: DynamicAction) -> Effect<DynamicAction> {
    guard action.name == "load" else { return .none }
    state.state["loading"] = .bool(true)
    return .run { send in
      // A download that never finishes by itself: it waits, with no clock, until cancelled.
      let (never, continuation) = AsyncStream.makeStream(of: Void.self)
      for await _ in never {}
      continuation.finish()
      guard !Task.isCancelled else { return }
      await send(DynamicAction("loaded"))
    }
  }
}

/// The app: the tab coordinator's pure step inside a TCA `Reduce`.
struct AppFeature: Reducer {
  struct State: Equatable {
    var navigation: TabCoordinatorState<Screen>
  }

  enum Action {
    case navigation(TabCoordinatorAction<Screen, DynamicAction>)
  }

  let coordinator: TabCoordinator<ScriptedRules<Screen, DynamicAction>>

  var body: some ReducerOf<Self> {
    CombineReducers {
      Reduce<State, Action> { state, action in
        guard case let .navigation(navigationAction) = action else { return .none }
        var screenEffect = Effect<Action>.none

        // The screen first, as forEachRoute does: the rules read the screen as its reducer left it.
        if case let .router(.routeAction(id, screenAction)) = navigationAction {
          state.navigation.updateScreen(id: id) { screen in
            screenEffect = ScreenFeature()
              .reduce(into: &screen, action: screenAction)
              .map { .navigation(.router(.routeAction(id: id, action: $0))) }
              .cancellable(id: id)
          }
        }

        // The coordinator: rules, taps, back, deep links, UI write-back — all or nothing.
        let step = coordinator.step(navigationAction, state: &state.navigation)

        // Routes that left any tab: cancel everything they started.
        return .merge(
          [screenEffect]
            + step.removedRouteIDs.map { Effect.cancel(id: $0) }
            + step.delegates.map { Effect.send(.navigation(.delegate($0))) }
        )
      }
      EmptyReducer<State, Action>()
    }
  }
}

/// A child feature scoped onto the app's navigation, to show `Scope` among TabFlow's names.
struct TabsOnly: Reducer {
  var body: some Reducer<AppFeature.State, AppFeature.Action> {
    Scope(
      state: \AppFeature.State.navigation,
      action: { (action: AppFeature.Action) -> TabCoordinatorAction<Screen, DynamicAction>? in
        if case let .navigation(navigation) = action { navigation } else { nil }
      },
      embed: AppFeature.Action.navigation
    ) {
      NavigationOnly()
    }
  }

  /// A reducer of the navigation alone.
  struct NavigationOnly: Reducer {
    func reduce(
      into state: inout TabCoordinatorState<Screen>, action: TabCoordinatorAction<Screen, DynamicAction>
    ) -> Effect<TabCoordinatorAction<Screen, DynamicAction>> {
      .none
    }
  }
}

/// What the app's view would hold: a presenter fed by the TCA store's state and send.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func makePresenter(_ store: StoreOf<AppFeature>) -> TabFlowPresenter<Screen, DynamicAction> {
  let presenter = TabFlowPresenter(state: store.state.navigation, send: { _ = store.send(.navigation($0)) })
  let _: (Send<AppFeature.Action>, StoreTask?, Exhaustivity)? = nil
  return presenter
}
