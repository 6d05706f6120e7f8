/// What a ``TabCoordinator`` understands.
public enum TabCoordinatorAction<Screen, ScreenAction> {
  /// A screen action addressed by route ID (run by `forEachRoute`, then offered to the rules), or
  /// the routes of the selected tab as the UI reports them after a swipe back or drag-dismiss.
  case router(RouterAction<Screen, ScreenAction>)
  /// A tap on a tab-bar item: select, or reselect with the tab's policy.
  case tabTapped(TabID)
  /// The user's back gesture or back button.
  case back
  /// A deep link to open.
  case openURL(String)
  /// Commands from the host app, applied as one batch through the guards.
  case perform([NavigationCommand<Screen>])
  /// Sets a context value rules and guards can read (`nil` removes it).
  case setContext(String, FlowValue?)
  /// Adopts the state a rule-script reload migrated to the new script's declarations
  /// (`ScriptedRules.reload` returns it): new tabs with their roots, screens with the new state
  /// fields. Route IDs are kept, so no route's effects are cancelled.
  case adoptReloaded(TabCoordinatorState<Screen>)
  /// What the coordinator tells the host; it handles none of these itself.
  case delegate(TabCoordinatorDelegate)
}

extension TabCoordinatorAction: Equatable where Screen: Equatable, ScreenAction: Equatable {}
extension TabCoordinatorAction: Sendable where Screen: Sendable, ScreenAction: Sendable {}

/// What a ``TabCoordinator`` tells the host app.
public enum TabCoordinatorDelegate: Hashable, Sendable {
  /// A batch did something the host may react to: a reselect, or an event a rule emitted.
  case report(NavigationReport)
  /// A batch was discarded; the state is unchanged. The failure says where and why.
  case failed(BatchFailure)
}

extension ActionPath {
  /// The path to a tab coordinator's router actions, for `forEachRoute(\.self, action: .router)`.
  public static func router<Screen, ScreenAction>() -> Self
  where Root == TabCoordinatorAction<Screen, ScreenAction>, Value == RouterAction<Screen, ScreenAction> {
    Self(embed: { .router($0) }, extract: { if case let .router(action) = $0 { action } else { nil } })
  }
}
