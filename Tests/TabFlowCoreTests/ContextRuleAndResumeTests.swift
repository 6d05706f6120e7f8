import CoreTestSupport
import Foundation
import TabFlowCore
import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// Swift rules react to context changes (`ClosureRules(onContext:)`, Lua's `on_context`), and
  /// a guard's `redirectResuming` keeps the redirected in-app batch to re-send once allowed.
  @Suite("Context rules and resumed actions (Swift)")
  struct ContextRuleAndResumeTests {
    typealias Coordinator = TabCoordinator<ClosureRules<TabTestScreen, String>>

    /// `buy` pushes checkout; logging out pops profile to its root and selects home.
    static var rules: ClosureRules<TabTestScreen, String> {
      ClosureRules(onContext: [
        "loggedIn": { value, state in
          value == true ? [] : [.tab("profile", .goBackToRoot), .selectTab("home")]
        }
      ]) { action, _, _ in
        action == "buy" ? [.push(.checkout(total: 9))] : []
      }
    }

    /// Checkout, in any tab, needs a login: redirected to the login sheet, resumed after.
    static var auth: NavigationGuard<TabTestScreen> {
      NavigationGuard("auth") { change in
        let checkout = change.after.tabs.contains { if case .checkout = $0.stack.top.screen { true } else { false } }
        guard checkout, change.after.context["loggedIn"] != true else { return .allow }
        return .redirectResuming([.presentSheet(.login(reason: "buy"), withNavigation: true)], reason: "login required")
      }
    }

    static func coordinator() -> Coordinator {
      TabCoordinator(rules: rules, guards: [auth])
    }

    @Test func aContextRuleRunsOnlyWhenTheValueChanges() throws {
      let coordinator = Self.coordinator()
      var state = try TabFixtures.coordinator()
      _ = coordinator.apply(.setContext("loggedIn", true), to: &state)
      try state.apply([.tab("profile", .push(.orders)), .selectTab("profile")])
      _ = coordinator.apply(.setContext("loggedIn", true), to: &state)
      #expect(state.selectedTab == "profile")
      _ = coordinator.apply(.setContext("loggedIn", false), to: &state)
      #expect(state.selectedTab == "home")
      #expect(state.routes(ofTab: "profile").map(\.screen) == [.account])
    }

    @Test func aRedirectThatResumesKeepsTheBatchAndSendsItOnceAllowed() throws {
      let coordinator = Self.coordinator()
      var state = try TabFixtures.coordinator()
      let feed = state.selectedStack.ids[0]
      let outputs = coordinator.apply(.router(.routeAction(id: feed, action: "buy")), to: &state)
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .login(reason: "buy")])
      #expect(state.pendingResume?.commands == [.tab("home", .push(.checkout(total: 9)))])
      #expect(state.pendingResume?.route == feed)
      #expect(outputs.contains(.report(.resumeKept(source: "action of route \(feed) in home", guard: "auth", reason: "login required"))))
      // The login sheet closes; logged in, the tap is sent again.
      try state.apply([.dismiss()])
      _ = coordinator.apply(.setContext("loggedIn", true), to: &state)
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .checkout(total: 9)])
      #expect(state.pendingResume == nil)
    }

    @Test func aResumedBatchThatAGuardStillRejectsStaysPendingAndReachesNoHost() throws {
      let coordinator = Self.coordinator()
      var state = try TabFixtures.coordinator()
      _ = coordinator.apply(.router(.routeAction(id: state.selectedStack.ids[0], action: "buy")), to: &state)
      let outputs = coordinator.apply(.tabTapped("search"), to: &state)
      #expect(state.pendingResume != nil)
      #expect(outputs.allSatisfy { $0.failure == nil })
    }

    /// Over generated host batches, a pending resume stays exactly while the route that sent it
    /// is in some tab (the oracle: that route's presence), until it is resumed.
    @Test func overGeneratedBatchesAResumeLivesExactlyAsLongAsItsRoute() throws {
      let coordinator = Self.coordinator()
      let batches: [[NavigationCommand<TabTestScreen>]] = [
        [.dismiss()], [.goBackToRoot], [.push(.orders)], [.tab("search", .push(.item(id: 1)))],
        [.selectTab("search")], [.selectTab("home")], [.resetTabs(select: "profile")], [.popToCurrentNavigationRoot],
      ]
      for seed in 0..<80 as Range<UInt64> {
        var choices = SeededChoices(seed: seed)
        var state = try TabFixtures.coordinator()
        try state.apply([.push(.item(id: 7))])
        let item = state.selectedStack.ids[1]
        _ = coordinator.apply(.router(.routeAction(id: item, action: "buy")), to: &state)
        #expect(state.pendingResume != nil)
        for _ in 0..<6 {
          _ = coordinator.apply(.perform(choices.pick(batches)), to: &state)
          #expect((state.pendingResume != nil) == state.contains(routeID: item), "seed \(seed)")
        }
      }
    }

    @Test func aResumePersistsWithTypedScreens() throws {
      let coordinator = Self.coordinator()
      var state = try TabFixtures.coordinator()
      _ = coordinator.apply(.router(.routeAction(id: state.selectedStack.ids[0], action: "buy")), to: &state)
      let decoded = try NavigationDocument.decode(try NavigationDocument.encode(state), as: TabTestScreen.self)
      #expect(decoded == state)
      guard case .screenAction(tab: "home", route: _)? = decoded.pendingResume?.source else {
        Issue.record("the source is \(String(describing: decoded.pendingResume?.source))")
        return
      }
    }

    @Test func everySavedCommandReadsBackAsItWas() throws {
      let commands: [NavigationCommand<TabTestScreen>] = [
        .push(.item(id: 1)), .presentSheet(.login(reason: "a"), withNavigation: true, configuration: .half),
        .presentCover(.orders), .goBack(count: 2), .pop(count: 1), .dismiss(count: 1), .goBackTo(.where("item") { _ in true }),
        .popTo(.where("feed") { _ in true }), .goBackToRoot, .popToRoot, .popToCurrentNavigationRoot, .dismissAll,
        .reset([.root(.feed), .push(.orders)]), .open([.push(.orders)], mode: .keepRoot), .setTopScreen(.account),
        .selectTab("home"), .resetTabs(select: "search"), .tab("profile", .push(.orders)),
        .emit(NavigationEvent("paid", payload: ["total": 3])),
      ]
      let state = try TabCoordinatorState(
        restoring: try TabFixtures.coordinator().tabs, selectedTab: "home",
        pendingResume: PendingResume(commands: commands, source: .tabTap("home")))
      let decoded = try NavigationDocument.decode(try NavigationDocument.encode(state), as: TabTestScreen.self)
      #expect(decoded.pendingResume == state.pendingResume)
    }

    @Test func aSavedResumeWithAnUnknownCommandIsCorrupt() throws {
      let state = try TabCoordinatorState(
        restoring: try TabFixtures.coordinator().tabs, selectedTab: "home",
        pendingResume: PendingResume(commands: [.push(.orders)], source: .userBack))
      let text = String(decoding: try NavigationDocument.encode(state), as: UTF8.self)
        .replacingOccurrences(of: "\"op\":\"push\"", with: "\"op\":\"teleport\"")
      #expect {
        _ = try NavigationDocument.decode(Data(text.utf8), as: TabTestScreen.self)
      } throws: { error in
        "\(error)".contains("unknown command 'teleport'")
      }
    }
  }
}
