import CoreTestSupport
import Synchronization
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A guard may redirect: its commands replace the rejected batch and pass through the guards
  /// again; a cycle or more than five redirects in a row fail naming the path, the state unchanged
  /// (go_router issue 118061: a redirect loop overflowed the stack).
  @Suite("Redirects")
  struct RedirectTests {
    /// Redirects any change that shows a checkout to a login sheet while not logged in.
    static var login: NavigationGuard<TabTestScreen> {
      NavigationGuard("login") { change in
        guard case .checkout = change.after.top.screen, change.after.context["loggedIn"] != true else { return .allow }
        return .redirect([.presentSheet(.login(reason: "checkout"), withNavigation: true)], reason: "login required")
      }
    }

    @Test func aRedirectAppliesItsCommandsToTheStateBeforeTheBatch() throws {
      var state = try TabFixtures.coordinator()
      let reports = try state.apply([.push(.item(id: 1)), .push(.checkout(total: 3))], guards: [Self.login])
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .login(reason: "checkout")])
      #expect(reports == [.redirected(guard: "login", reason: "login required")])
    }

    @Test func theRedirectPassesTheGuardsAgain() throws {
      var state = try TabFixtures.coordinator()
      let before = TabsSnapshot(state)
      let noLogin = NavigationGuard<TabTestScreen>("noLogin") { change in
        if case .login = change.after.top.screen { return .reject("logins are closed") }
        return .allow
      }
      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.push(.checkout(total: 3))], guards: [Self.login, noLogin])
      }
      #expect(failure.reason == .rejected(guard: "noLogin", reason: "logins are closed"))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func aCycleFailsNamingItAndChangesNothing() throws {
      var state = try TabFixtures.coordinator()
      let before = TabsSnapshot(state)
      let toOrders = NavigationGuard<TabTestScreen>("toOrders") { change in
        if case .checkout = change.after.top.screen { return .redirect([.push(.orders)], reason: "a") }
        return .allow
      }
      let line = #line + 1
      let toCheckout = NavigationGuard<TabTestScreen>("toCheckout") { change in
        if case .orders = change.after.top.screen { return .redirect([.push(.checkout(total: 1))], reason: "b") }
        return .allow
      }
      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.push(.checkout(total: 1))], guards: [toOrders, toCheckout])
      }
      // The guard whose redirect closed the cycle, where it was declared.
      #expect(failure.message == "TabFlowCoreTests/RedirectTests.swift:\(line): guard 'toCheckout': redirect cycle: checkout → orders → checkout")
      #expect(TabsSnapshot(state) == before)
    }

    @Test func moreThanFiveRedirectsInARowFail() throws {
      var state = try TabFixtures.coordinator()
      let before = TabsSnapshot(state)
      let further = NavigationGuard<TabTestScreen>("further", fileID: "App/Guards.swift", line: 12) { change in
        if case let .item(id) = change.after.top.screen { return .redirect([.push(.item(id: id + 1))], reason: "next") }
        return .allow
      }
      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.push(.item(id: 1))], guards: [further])
      }
      #expect(failure.message.hasPrefix("App/Guards.swift:12: guard 'further': more than 5 redirects in a row: item → item → item"))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func everyRedirectFailureSaysWhereTheGuardWasDeclared() throws {
      var state = try TabFixtures.coordinator()
      let cycle = NavigationGuard<TabTestScreen>("auth", fileID: "App/Guards.swift", line: 30) { change in
        if case .checkout = change.after.top.screen { return .redirect([.push(.checkout(total: 1))], reason: "again") }
        return .allow
      }
      // A cycle of one: the redirect repeats the batch. The source is a deep link: no rule line.
      let loop = try #require(throws: BatchFailure.self) {
        try state.apply([.push(.checkout(total: 1))], source: .deepLink("shop://checkout"), guards: [cycle])
      }
      #expect(loop.reason == .redirectLoop(
        ["checkout", "checkout"], cycle: true, guard: "auth", site: DeclarationSite(file: "App/Guards.swift", line: 30)))
      #expect(loop.description == "url shop://checkout: App/Guards.swift:30: guard 'auth': redirect cycle: checkout → checkout")

      // A redirect whose command is invalid fails at the guard, not at the batch's maker.
      let invalid = NavigationGuard<TabTestScreen>("popper", fileID: "App/Guards.swift", line: 40) { change in
        if case .checkout = change.after.top.screen { return .redirect([.pop(count: 9)], reason: "away") }
        return .allow
      }
      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.push(.checkout(total: 1))], guards: [invalid])
      }
      #expect(failure.location == "App/Guards.swift:40")
      #expect(failure.description.hasPrefix("App/Guards.swift:40: host: command 1 (redirect by guard 'popper': "))
    }

    @Test func fiveRedirectsInARowAreAllowed() throws {
      var state = try TabFixtures.coordinator()
      let further = NavigationGuard<TabTestScreen>("further") { change in
        if case let .item(id) = change.after.top.screen, id < 6 { return .redirect([.push(.item(id: id + 1))], reason: "next") }
        return .allow
      }
      let reports = try state.apply([.push(.item(id: 1))], guards: [further])
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .item(id: 6)])
      #expect(reports.count == 5)
    }

    @Test func aConfirmedGuardDoesNotRedirect() throws {
      var state = try TabFixtures.coordinator()
      // Asks the first time, then redirects like `login`: confirmed, it does neither.
      let asked = Mutex(false)
      let askFirst = NavigationGuard<TabTestScreen>("login") { change in
        let first = asked.withLock { wasAsked in
          defer { wasAsked = true }
          return !wasAsked
        }
        if first { return .ask("sign in?") }
        return Self.login.verdict(on: change)
      }
      let failure = try #require(throws: BatchFailure.self) { try state.apply([.push(.checkout(total: 3))], guards: [askFirst]) }
      #expect(failure.reason == .rejected(guard: "login", reason: "sign in?"))
      var unconfirmed = state
      try unconfirmed.apply([.tab("home", .push(.checkout(total: 3)))], guards: [askFirst])
      #expect(unconfirmed.routes(ofTab: "home").map(\.screen) == [.feed, .login(reason: "checkout")])

      try state.apply([.tab("home", .push(.checkout(total: 3)))], guards: [askFirst], confirmedGuards: ["login"])
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .checkout(total: 3)])
    }
  }
}
