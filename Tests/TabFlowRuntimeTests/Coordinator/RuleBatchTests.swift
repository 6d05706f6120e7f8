import CoreTestSupport
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// docs/ARCHITECTURE.md §4–§5: Swift rules turn screen actions into batches, applied all or nothing; a failed
  /// batch leaves the state unchanged and reaches the host with its error.
  @MainActor
  @Suite("Rules and batches")
  struct RuleBatchTests {
    // MARK: - A rule type

    @Test func aRulePushesForAScreenAction() async throws {
      // A fresh generator: the tab roots are #1, #2, #3 and the app layer's stand-in #4.
      let store = App.store(try App.state(ids: RouteIDGenerator()))

      await store.send(.router(.routeAction(id: 1, action: .itemTapped(3)))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      await store.send(.screen(5, .signInTapped)) {
        try $0.setRoutes(
          [.root(.feed), .push(.item(id: 3)), .sheet(.login, withNavigation: true, configuration: .halfAndFull)],
          of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == [1, 5, 6])
      await store.send(.screen(6, .cancelTapped)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      await store.send(.screen(5, .closeTapped)) { try $0.setRoutes([.root(.feed)], of: "home") }
      #expect(store.state.routeIDs(ofTab: "home") == [1])
      await store.finish()
    }

    @Test func rulesThrowTypedErrors() throws {
      let state = try App.state()
      let route = try #require(state.routeContext(for: try state.routeID("home", 0)))
      // ClosureRules throws a RuleFailure, whatever its closure throws.
      do throws(RuleFailure) {
        _ = try App.closureRules.batch(for: .reportTapped, on: route, in: state)
        Issue.record("expected the rules to fail")
      } catch {
        #expect(error == RuleFailure("the report service is down"))
      }
    }

    @Test func anActionTheRulesIgnoreOnlyRunsTheScreenReducer() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]))
      let item = try store.state.routeID("home", 1)

      await store.send(.screen(item, .increment)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, count: 1))], of: "home")
      }
      await store.finish()
    }

    @Test func aMultiCommandBatchChangesAnotherTabAndSelectsIt() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]))
      let homeIDs = store.state.routeIDs(ofTab: "home")

      await store.send(.screen(try store.state.routeID("home", 1), .ordersTapped)) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      #expect(store.state.routeIDs(ofTab: "home") == homeIDs)
      await store.finish()
    }

    @Test func aBatchWhoseSecondCommandFailsChangesNothingAndIsReported() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]))
      let idsBefore = store.state.tabs.map(\.stack.ids)

      // `push(orders)` succeeds, `dismiss` fails (nothing is presented): the push is undone.
      await store.send(.screen(try store.state.routeID("home", 1), .ordersThenDismissTapped))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .rule("ordersThenDismissTapped"),
        reason: .invalidCommand(
          index: 1, command: "dismiss", error: .notEnoughPresented(requested: 1, presented: 0))))))
      #expect(store.state.tabs.map(\.stack.ids) == idsBefore)
      await store.finish()
    }

    @Test func aThrowingRuleIsReportedWithItsErrorAndChangesNothing() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]))
      let item = try store.state.routeID("home", 1)

      await store.send(.screen(item, .reportTapped))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .screenAction(tab: "home", route: item),
        reason: .ruleFailed(RuleFailure("the report service is down"))))))
      await store.finish()
    }

    @Test func anEmittedEventReachesTheHostWithTheScreenAsTheScreenReducerLeftIt() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3, count: 2))]))
      let item = try store.state.routeID("home", 1)

      await store.send(.screen(item, .shareTapped))
      await store.receive(.delegate(.report(.event(NavigationEvent("share", payload: ["id": 3, "count": 2])))))
      await store.finish()
    }

    @Test func aRuleCanAddressTheTabOfTheRouteThatSentTheAction() async throws {
      // `nested.done` goes back in the sending route's tab even while another tab is selected.
      let store = App.store(try App.state(profile: [.root(.account), .push(.orders)]))
      let orders = try store.state.routeID("profile", 1)

      await store.send(.screen(orders, .nested(.delegate(.report(.event(NavigationEvent("done"))))))) {
        try $0.setRoutes([.root(.account)], of: "profile")
      }
      #expect(store.state.selectedTab == "home")
      await store.finish()
    }

    // MARK: - ClosureRules

    @Test func closureRulesDriveTheCoordinatorLikeARuleType() async throws {
      let store = App.store(try App.state(), rules: App.closureRules)
      let feed = try store.state.routeID("home", 0)

      await store.send(.screen(feed, .itemTapped(3))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      let item = try store.state.routeID("home", 1)
      // What the closure does not handle (`[]`) is no batch: no navigation, nothing reported.
      await store.send(.screen(item, .shareTapped))
      await store.send(.screen(item, .ordersTapped)) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.send(.tabTapped("home")) { try $0.setSelection("home", history: ["profile"]) }
      await store.send(.screen(item, .closeTapped)) { try $0.setRoutes([.root(.feed)], of: "home") }
      await store.finish()
    }

    @Test func closureRuleFailuresNameTheRouteTheyCameFrom() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 3))]), rules: App.closureRules)
      let item = try store.state.routeID("home", 1)

      await store.send(.screen(item, .ordersThenDismissTapped))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .screenAction(tab: "home", route: item),
        reason: .invalidCommand(
          index: 1, command: "dismiss", error: .notEnoughPresented(requested: 1, presented: 0))))))

      await store.send(.screen(item, .reportTapped))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .screenAction(tab: "home", route: item),
        reason: .ruleFailed(RuleFailure("the report service is down"))))))
      await store.finish()
    }

    // MARK: - Host batches

    @Test func aHostBatchIsAllOrNothingToo() async throws {
      let store = App.store(try App.state())

      await store.send(.perform([
        .tab("profile", .push(.orders)), .selectTab("profile"), .emit(NavigationEvent("opened")),
      ])) {
        try $0.setRoutes([.root(.account), .push(.orders)], of: "profile")
        try $0.setSelection("profile", history: ["home"])
      }
      await store.receive(.delegate(.report(.event(NavigationEvent("opened")))))

      // The third command fails: the push into home and the selection of home are undone, and
      // the event of the discarded batch is not reported.
      await store.send(.perform([
        .tab("home", .push(.item(id: 1))), .selectTab("home"), .emit(NavigationEvent("lost")), .pop(count: 2),
      ]))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .host,
        reason: .invalidCommand(
          index: 3, command: "pop 2",
          error: .countOutOfRange(operation: "pop", count: 2, routeCount: 2, root: "feed"))))))
      await store.finish()
    }
  }
}
