// What TCA's `@Reducer` (through `@CasePathable`) generates for `AppFeature.Action`, written out
// for the stand-in, which has no macros: the case path `\.navigation` that `Scope` takes.
#if TCAStandIn
  import ComposableArchitecture
  import TabFlowCore
  import TabFlowLua

  extension Case where Value == AppFeature.Action {
    /// `case navigation(…)`.
    var navigation: Case<TabCoordinatorAction<Screen, DynamicAction>> {
      Case<TabCoordinatorAction<Screen, DynamicAction>>(
        self, embed: AppFeature.Action.navigation,
        extract: { action in
          if case let .navigation(navigation) = action { navigation } else { nil }
        })
    }
  }
#endif
