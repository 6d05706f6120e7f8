import Logging
import TabFlowCore
import TabFlowLua

extension TabCoordinator where Rules == ScriptedRules<DynamicScreen, DynamicAction> {
  /// A coordinator of the script `rules` with its logging off, for the explorers (`check`,
  /// `--simulate`, `diff`, `map`): they discard many batches, and a log line for each would
  /// cost more than the step.
  package static func quiet(script rules: ScriptedRules<DynamicScreen, DynamicAction>) -> Self {
    var logger = Logger(label: "tabflow.navigation") { _ in SwiftLogNoOpLogHandler() }
    logger.logLevel = .critical
    return TabCoordinator(script: rules, logger: logger)
  }
}
