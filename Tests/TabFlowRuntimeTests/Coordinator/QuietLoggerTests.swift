import Logging
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabCoordinatorTests {
  /// A coordinator tells once per logger whether it logs at all (`logsNothing`: swift-log's
  /// no-op handler), instead of reading the logger's level on every batch: a coordinator given a
  /// no-op logger, then one that logs, logs from then on; one given a logger back that logs
  /// nothing logs nothing.
  @Suite("Batch logging: a logger that logs nothing")
  struct QuietLoggerTests {
    typealias Coordinator = TabCoordinator<AppRules>

    @Test func aLoggerReplacedIsAskedAnew() throws {
      let sink = CapturingLogHandler.Sink()
      var coordinator = Coordinator(
        rules: AppRules(), deepLinks: try App.deepLinks(),
        logger: Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() })
      var state = try App.state()
      _ = coordinator.apply(.openURL("shop://item/4"), to: &state)
      _ = coordinator.apply(.openURL("shop://nothing"), to: &state)
      coordinator.logger = CapturingLogHandler.logger(level: .debug, sink: sink)
      _ = coordinator.apply(.openURL("shop://item/5"), to: &state)
      _ = coordinator.apply(.openURL("shop://nothing"), to: &state)
      #expect(sink.all.map(\.level) == [.debug, .notice])
      #expect(sink.all.first?.message == "url shop://item/5: selectTab home; tab home: open keepRoot item")
      coordinator.logger = Logger(label: "quiet again") { _ in SwiftLogNoOpLogHandler() }
      _ = coordinator.apply(.openURL("shop://item/6"), to: &state)
      #expect(sink.all.count == 2)
    }
  }
}
