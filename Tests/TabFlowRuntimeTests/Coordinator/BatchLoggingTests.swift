import Logging
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// docs/ARCHITECTURE.md §4–§5: each applied batch logs its source and commands at `debug`; `trace` adds a diff
  /// of the state; below those levels nothing about a batch is formatted at all.
  @MainActor
  @Suite("Batch logging")
  struct BatchLoggingTests {
    typealias Entry = CapturingLogHandler.Entry

    let sink = CapturingLogHandler.Sink()

    func store(level: Logger.Level, _ state: State? = nil) throws -> AppStore {
      App.store(
        try state ?? App.state(), deepLinks: try App.deepLinks(),
        logger: CapturingLogHandler.logger(level: level, sink: sink))
    }

    func messages(at level: Logger.Level) -> [String] {
      sink.all.filter { $0.level == level }.map(\.message)
    }

    @Test func atDebugEachBatchLogsItsSourceAndCommands() async throws {
      let store = try store(level: .debug, try App.state(backBehavior: .history))
      let feed = try store.state.routeID("home", 0)

      await store.send(.screen(feed, .itemTapped(3))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      await store.send(.perform([.tab("profile", .push(.orders)), .selectTab("profile")])) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home", "profile"]) }
      await store.send(.back) { try $0.setSelection("profile", history: ["home"]) }
      await store.send(.back) { try $0.setRoutes([.root(.account)], of: "profile") }
      await store.send(.openURL("shop://item/4")) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 4))], of: "home")
        try $0.setSelection("home", history: ["profile"])
      }
      await store.send(.tabTapped("home")) { try $0.setRoutes([.root(.feed)], of: "home") }
      await store.receive(.delegate(.report(.poppedToRoot("home"))))

      #expect(messages(at: .debug) == [
        "rule feed.itemTapped: push item",
        "host: tab profile: push orders; selectTab profile",
        "tab tap orders: selectTab orders",
        "back: selectTab profile",
        "back: goBack",
        "url shop://item/4: selectTab home; tab home: open keepRoot item",
        "tab tap home: tab home: goBackToRoot",
      ])
      #expect(messages(at: .trace).isEmpty)
      await store.finish()
    }

    @Test func atTraceEachBatchAlsoLogsADiffOfTheState() async throws {
      let store = try store(level: .trace)

      await store.send(.perform([.push(.checkout)])) { try $0.setRoutes([.root(.feed), .push(.checkout)], of: "home") }

      #expect(messages(at: .debug) == ["host: push checkout"])
      let diff = try #require(messages(at: .trace).first)
      #expect(messages(at: .trace).count == 1)
      #expect(diff.split(separator: "\n").contains { $0.hasPrefix("+") && $0.contains(".push(.checkout)") })
      await store.finish()
    }

    @Test func atInfoNothingAboutASuccessfulBatchIsFormatted() async throws {
      let probe = FormattingProbe()
      let store = try store(level: .info)
      let feed = try store.state.routeID("home", 0)

      await FormattingProbe.$current.withValue(probe) {
        await store.send(.screen(feed, .itemTapped(3))) {
          try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
        }
        await store.send(.perform([.tab("profile", .push(.orders))])) {
          try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        }
        await store.send(.openURL("shop://item/4")) {
          try $0.setRoutes([.root(.feed), .push(.item(id: 4))], of: "home")
        }
        await store.send(.back) { try $0.setRoutes([.root(.feed)], of: "home") }
      }

      #expect(sink.all.isEmpty)
      #expect(probe.namings == 0)
      await store.finish()
    }

    @Test func theProbeSeesFormattingWhenTheLevelAsksForIt() async throws {
      // The control for the test above: the same kind of batch at `debug` names its screens.
      let probe = FormattingProbe()
      let store = try store(level: .debug)

      await FormattingProbe.$current.withValue(probe) {
        await store.send(.perform([.tab("profile", .push(.orders))])) {
          try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        }
      }
      #expect(probe.namings > 0)
      await store.finish()
    }

    @Test func aDiscardedBatchIsLoggedAtNoticeWithItsFailure() async throws {
      let store = try store(level: .info)

      await store.send(.perform([.push(.orders), .dismiss()]))
      await store.receive({ if case .delegate(.failed) = $0 { true } else { false } })

      #expect(sink.all == [
        Entry(
          level: .notice,
          message: "discarded host: command 2 (dismiss) failed: cannot dismiss 1: nothing is presented")
      ])
      await store.finish()
    }
  }
}
