import TabFlowCore

/// The tab coordinator as a reducer of TabFlow's runtime: its pure step
/// (``/TabFlowCore/TabCoordinator/step(_:state:)``) with what it tells the host sent back as
/// `.delegate` actions. Compose it with the screens' reducer through `forEachRoute`, which routes
/// screen actions by route ID and cancels the effects of every route that leaves any tab:
///
/// ```swift
/// struct App: Reducer {
///   var body: some Reducer<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>> {
///     TabCoordinator(rules: ShopRules(), guards: [auth], deepLinks: links)
///       .forEachRoute(\.self, action: .router()) { ScreenFeature() }
///   }
/// }
/// ```
extension TabCoordinator: Reducer {
  /// Applies the action's batch, or reports why it was discarded, as delegate actions.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Self.effect(delivering: apply(action, to: &state))
  }

  /// The effect that sends `outputs` as delegate actions (none for none).
  @inlinable
  package static func effect(delivering outputs: [TabCoordinatorDelegate<Rules.Screen>]) -> Effect<Action> {
    switch outputs.count {
    case 0: return .none
    case 1: return .send(.delegate(outputs[0]))
    default: return .merge(outputs.map { .send(.delegate($0)) })
    }
  }
}
