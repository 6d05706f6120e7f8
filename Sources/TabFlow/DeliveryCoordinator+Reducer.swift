/// The delivery coordinator as a reducer of TabFlow's runtime: the glue between the runtime and
/// the delivery layer, which does not know it. What its step tells the host is sent back as
/// `.delegate` actions; compose it with `forEachRoute` like the coordinator:
///
/// ```swift
/// DeliveryCoordinator(delivery: delivery)
///   .forEachRoute(\.self, action: .router()) { ScreenFeature() }
/// ```
extension DeliveryCoordinator: Reducer {
  /// Applies the action like the coordinator, then lets the canary count it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    TabCoordinator<ScriptedRules<Screen, ScreenAction>>.effect(delivering: apply(action, to: &state))
  }
}
