import TabFlowCore

extension ActionPath {
  /// The path to a tab coordinator's router actions, for `forEachRoute(\.self, action: .router)`.
  @inlinable
  public static func router<Screen, ScreenAction>() -> Self
  where Root == TabCoordinatorAction<Screen, ScreenAction>, Value == RouterAction<Screen, ScreenAction> {
    Self(
      embed: { .router($0) }, extract: { if case let .router(action) = $0 { action } else { nil } },
      routeActionID: { if case let .router(.routeAction(id, _)) = $0 { id } else { nil } })
  }
}
