import TabFlowLuaBinding
import Logging
import TabFlowCore

extension TabCoordinator {
  /// A coordinator whose rules, guards and deep links come from a rule script — wired in one line,
  /// so the script's guards can never be left out. `guards` run after the script's; `deepLinks`
  /// are tried after the script's patterns. Unless the script has a
  /// ``ScriptedRules/printHandler``, its `print` lines go to `logger` at debug level.
  ///
  /// ```swift
  /// let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: "shop.lua")
  /// let store = Store(initialState: try rules.initialState()) {
  ///   TabCoordinator(script: rules)
  ///     .forEachRoute(\.self, action: .router()) { EmptyReducer() }
  /// }
  /// ```
  @inlinable
  public init<Screen, ScreenAction>(
    script: ScriptedRules<Screen, ScreenAction>,
    guards: [NavigationGuard<Screen>] = [],
    deepLinks: DeepLinks<Screen> = DeepLinks(),
    logger: Logger = Logger(label: "tabflow.navigation")
  ) where Rules == ScriptedRules<Screen, ScreenAction> {
    if script.printHandler == nil { script.logPrints(to: logger) }
    self.init(
      rules: script, guards: [script.scriptGuard] + guards, deepLinks: script.deepLinks.followed(by: deepLinks),
      logger: logger)
  }
}
