import Logging
import TabFlowCore
import TabFlowLua

/// A ``/TabFlowCore/TabCoordinator`` over a ``RuleDelivery``'s rules that also feeds its canary: each action's
/// outcome is counted, and when the installed release fails too often the previous rules come
/// back within the same action — the state migrated back, a `.rulesRolledBack` report among what
/// the step tells the host. Without a canary it is the plain scripted coordinator. Like the
/// coordinator it is a pure step, ``step(_:state:)``, that any runtime wraps (with `import
/// TabFlow` it is a `Reducer` of TabFlow's runtime):
///
/// ```swift
/// let step = DeliveryCoordinator(delivery: delivery).step(action, state: &state)
/// ```
public struct DeliveryCoordinator<Screen, ScreenAction: ScriptableAction> {
  /// The coordinator's state.
  public typealias State = TabCoordinatorState<Screen>
  /// The coordinator's actions.
  public typealias Action = TabCoordinatorAction<Screen, ScreenAction>

  /// The delivery whose rules run and whose canary watches.
  public let delivery: RuleDelivery<Screen, ScreenAction>
  /// The coordinator running the delivery's rules.
  public let coordinator: TabCoordinator<ScriptedRules<Screen, ScreenAction>>

  /// The scripted coordinator (`TabCoordinator(script:guards:deepLinks:logger:)`) over
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

  /// Applies the action like the coordinator's ``/TabFlowCore/TabCoordinator/step(_:state:)``, then lets the
  /// canary count it; a rollback's report is appended to the delegates, and the routes a rollback
  /// removed are among the removed IDs.
  public func step(_ action: Action, state: inout State) -> TabCoordinatorStep<Screen> {
    let mark = state.markRemovals()
    let outputs = apply(action, to: &state)
    return TabCoordinatorStep(delegates: outputs, removedRouteIDs: state.routeIDsRemoved(since: mark))
  }

  /// ``step(_:state:)`` without finding the routes that left: what the coordinator tells the host.
  public func apply(_ action: Action, to state: inout State) -> [TabCoordinatorDelegate<Screen>] {
    let guardErrorsBefore = delivery.rules.guardErrorCount
    var outputs = coordinator.apply(action, to: &state)
    outputs += delivery.observe(action, outputs: outputs, guardErrorsBefore: guardErrorsBefore, state: &state)
    return outputs
  }
}
