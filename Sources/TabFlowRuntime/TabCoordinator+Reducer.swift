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
  public static func effect(delivering outputs: [TabCoordinatorDelegate<Rules.Screen>]) -> Effect<Action> {
    switch outputs.count {
    case 0: return .none
    case 1: return .send(.delegate(outputs[0]))
    default: return .merge(outputs.map { .send(.delegate($0)) })
    }
  }

  /// Says which routes left, for `forEachRoute(\.self, …)`: writes to `effect` the
  /// coordinator's own effect, then the cancellation of the effects of the routes the action
  /// removed from the tabs (gathered from its batches' journals, not by comparing the tabs); a
  /// pop, the common case, makes no list of removed routes. Returns `false`, having done
  /// nothing, for adopting a reloaded state (which `forEachRoute` then diffs) and for an action
  /// of a route that is gone (which `forEachRoute` drops and reports).
  @inlinable
  public func reduceCancellingRemovedRoutes(into state: inout State, action: Action, effect: inout Effect<Action>) -> Bool {
    guard let (outputs, removals) = applyGatheringRemovals(action, to: &state) else { return false }
    if outputs.isEmpty, let only = removals.onlyRemoval {
      effect = removals.isGone(only, in: state) ? .cancelEffects(ofRoute: only.id) : .none
      return true
    }
    let removed = removals.removedIDs(in: state)
    let own = Self.effect(delivering: outputs)
    effect = removed.isEmpty ? own : own.followed(byCancellingEffectsOf: removed)
    return true
  }
}
