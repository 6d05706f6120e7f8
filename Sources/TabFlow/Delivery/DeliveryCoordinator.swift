import Logging

/// A ``TabCoordinator`` over a ``RuleDelivery``'s rules that also feeds its canary: each action's
/// outcome is counted, and when the installed release fails too often the previous rules come
/// back within the same action — the state migrated back, a `.rulesRolledBack` report sent as a
/// delegate action. Without a canary it is the plain scripted coordinator.
///
/// ```swift
/// DeliveryCoordinator(delivery: delivery)
///   .forEachRoute(\.self, action: .router()) { ScreenFeature() }
/// ```
public struct DeliveryCoordinator<Screen, ScreenAction: ScriptableAction>: Reducer {
  /// The coordinator's state.
  public typealias State = TabCoordinatorState<Screen>
  /// The coordinator's actions.
  public typealias Action = TabCoordinatorAction<Screen, ScreenAction>

  /// The delivery whose rules run and whose canary watches.
  public let delivery: RuleDelivery<Screen, ScreenAction>
  /// The coordinator running the delivery's rules.
  public let coordinator: TabCoordinator<ScriptedRules<Screen, ScreenAction>>

  /// The scripted coordinator (``TabCoordinator/init(script:guards:deepLinks:logger:)``) over
  /// `delivery.rules`.
  public init(
    delivery: RuleDelivery<Screen, ScreenAction>,
    guards: [NavigationGuard<Screen>] = [],
    deepLinks: DeepLinks<Screen> = DeepLinks(),
    logger: Logger = Logger(label: "tabflow.navigation")
  ) {
    self.delivery = delivery
    coordinator = TabCoordinator(script: delivery.rules, guards: guards, deepLinks: deepLinks, logger: logger)
  }

  /// Applies the action like the coordinator, then lets the canary count it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let guardErrorsBefore = delivery.rules.guardErrorCount
    var outputs = coordinator.apply(action, to: &state)
    outputs += delivery.observe(action, outputs: outputs, guardErrorsBefore: guardErrorsBefore, state: &state)
    return TabCoordinator<ScriptedRules<Screen, ScreenAction>>.effect(delivering: outputs)
  }
}
