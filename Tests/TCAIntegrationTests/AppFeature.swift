// The integration "Using TabFlow in a TCA app" shows, compiled with the TCAStandIn trait against
// TCAStandIn/ — a local package whose module is named `ComposableArchitecture` and declares TCA
// 1.25.5's names in TCA's shapes — beside every TabFlow module a TCA app imports, each of TCA's
// names written unqualified. Were any of them also declared by TabFlowNavigation, TabFlowCore,
// TabFlowLua, TabFlowPresentation, TabFlowDelivery, TabFlowTCA or TabFlowExploration, this file
// would not compile ("ambiguous"). With the real TCA, `@Reducer` and `@ObservableState` decorate
// the feature, and `@Reducer` makes `Action` case-pathable (AppFeature+CasePaths.swift writes that
// out by hand).
//
// No reducer is invoked directly and no effect is transformed here: route actions reach the
// coordinator through `Scope`, and what it hands back comes out as effects.
#if TCAStandIn
  import ComposableArchitecture
  import TabFlowCore
  import TabFlowDelivery
  import TabFlowExploration
  import TabFlowLua
  import TabFlowNavigation
  import TabFlowPresentation
  import TabFlowTCA

  typealias Screen = DynamicScreen

  /// The screens' reducer: `item.load` starts a long effect (a download), which must be cancelled
  /// when the item's route leaves.
  struct ScreenFeature: Reducer {
    typealias State = Screen
    typealias Action = DynamicAction

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        guard action.name == "load" else { return .none }
        state.state["loading"] = .bool(true)
        return .run { send in
          // A download that never finishes by itself: it waits, with no clock, until cancelled.
          let (never, continuation) = AsyncStream.makeStream(of: Void.self)
          for await _ in never {}
          continuation.finish()
          try Task.checkCancellation()
          await send(DynamicAction("loaded"))
        }
      }
    }
  }

  /// The app: TabFlowTCA's reducer scoped onto the navigation, then the app's own logic, which
  /// here keeps what the coordinator told it.
  struct AppFeature: Reducer {
    struct State: Equatable {
      var navigation: TabCoordinatorState<Screen>
      var told: [TabCoordinatorDelegate<Screen>] = []
    }

    enum Action {
      case navigation(TabCoordinatorAction<Screen, DynamicAction>)
    }

    let coordinator: TabCoordinator<ScriptedRules<Screen, DynamicAction>>

    var body: some ReducerOf<Self> {
      // Route actions run the screen's reducer, then the rules; routes that leave have their
      // effects cancelled; what the coordinator tells the app comes back as delegate actions.
      Scope(state: \.navigation, action: \.navigation) {
        TabCoordinatorReducer(coordinator: coordinator) { ScreenFeature() }
      }
      Reduce { state, action in
        if case let .navigation(.delegate(delegate)) = action {
          state.told.append(delegate)
        }
        return .none
      }
    }
  }

  /// What the app's view would hold: a presenter fed by the TCA store's state and send.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  func makePresenter(_ store: StoreOf<AppFeature>) -> TabFlowPresenter<Screen, DynamicAction> {
    let presenter = TabFlowPresenter(state: store.state.navigation, send: { _ = store.send(.navigation($0)) })
    let _: (Send<AppFeature.Action>, StoreTask?, TestStoreTask?, Exhaustivity)? = nil
    return presenter
  }
#endif
