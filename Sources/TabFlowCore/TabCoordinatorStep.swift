import TabFlowNavigation

/// What one action did to a ``TabCoordinatorState``, besides changing it: returned by
/// ``TabCoordinator/step(_:state:)``, for the runtime that wraps the coordinator.
///
/// ```swift
/// let step = coordinator.step(action, state: &state)
/// return .merge(step.delegates.map { .send(.delegate($0)) } + step.removedRouteIDs.map { .cancel(id: $0) })
/// ```
public struct TabCoordinatorStep<Screen> {
  /// What the coordinator tells the host, in order: reports, a rejected or failed batch.
  public var delegates: [TabCoordinatorDelegate<Screen>]
  /// The IDs of the routes that left any tab during the action, by tab, then oldest first: the
  /// routes whose effects are to be cancelled. A route pushed and popped within the action is not
  /// among them (it was never there when the action started).
  public var removedRouteIDs: [RouteID]

  /// A step's outcome.
  public init(delegates: [TabCoordinatorDelegate<Screen>], removedRouteIDs: [RouteID]) {
    self.delegates = delegates
    self.removedRouteIDs = removedRouteIDs
  }
}

extension TabCoordinatorStep: Equatable where Screen: Equatable {}
extension TabCoordinatorStep: Sendable where Screen: Sendable {}
