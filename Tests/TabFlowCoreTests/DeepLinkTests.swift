import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// docs/ARCHITECTURE.md §4–§5: URL patterns, their parameters, and the three ways of opening routes.
  @Suite("Deep links")
  struct DeepLinkTests {
    // MARK: - Patterns

    @Test func aPatternKeepsItsText() throws {
      let pattern = try DeepLinkPattern("shop://item/:id")
      #expect(pattern.text == "shop://item/:id")
      #expect(pattern.description == "shop://item/:id")
    }

    struct MalformedPattern: Sendable, CustomTestStringConvertible {
      let text: String
      let reason: String
      var testDescription: String { text }
    }

    @Test(arguments: [
      MalformedPattern(text: "item/:id", reason: "expected scheme://segments, e.g. shop://item/:id"),
      MalformedPattern(text: "://item/:id", reason: "expected scheme://segments, e.g. shop://item/:id"),
      MalformedPattern(text: "shop://item/:", reason: "a parameter needs a name after ':'"),
      MalformedPattern(text: "shop://user/:id/order/:id", reason: "the parameter ':id' appears twice"),
    ])
    func malformedPatternsAreRefusedWithTheReason(_ malformed: MalformedPattern) throws {
      let error = try #require(throws: DeepLinkError.self) { try DeepLinkPattern(malformed.text) }
      #expect(error == .invalidPattern(malformed.text, reason: malformed.reason))
      #expect(error.description == "invalid deep-link pattern '\(malformed.text)': \(malformed.reason)")
    }

    @Test func registeringAMalformedPatternFailsAndAddsNothing() throws {
      var links = DeepLinks<TabTestScreen>()
      #expect(throws: DeepLinkError.invalidPattern("shop//item", reason: "expected scheme://segments, e.g. shop://item/:id")) {
        try links.register("shop//item") { _, _ in [] }
      }
      #expect(links.patterns.isEmpty)
    }

    struct MatchCase: Sendable, CustomTestStringConvertible {
      let pattern: String
      let url: String
      let parameters: [String: String]?
      var testDescription: String { "\(pattern) ← \(url)" }
    }

    @Test(arguments: [
      // Literal segments, the host being the first one.
      MatchCase(pattern: "shop://cart", url: "shop://cart", parameters: [:]),
      MatchCase(pattern: "shop://cart", url: "shop://cart/", parameters: [:]),
      MatchCase(pattern: "shop://cart", url: "shop://carts", parameters: nil),
      MatchCase(pattern: "shop://cart", url: "other://cart", parameters: nil),
      MatchCase(pattern: "shop://cart", url: "SHOP://cart", parameters: [:]),
      // Path parameters.
      MatchCase(pattern: "shop://item/:id", url: "shop://item/3", parameters: ["id": "3"]),
      MatchCase(pattern: "shop://item/:id", url: "shop://item", parameters: nil),
      MatchCase(pattern: "shop://item/:id", url: "shop://item/3/reviews", parameters: nil),
      MatchCase(pattern: "shop://item/:id", url: "shop://product/3", parameters: nil),
      MatchCase(
        pattern: "shop://user/:user/order/:order", url: "shop://user/ann/order/77",
        parameters: ["user": "ann", "order": "77"]),
      // Query items become parameters; path parameters win over query items of the same name.
      MatchCase(
        pattern: "shop://item/:id", url: "shop://item/3?ref=home&utm=mail",
        parameters: ["id": "3", "ref": "home", "utm": "mail"]),
      MatchCase(pattern: "shop://item/:id", url: "shop://item/3?id=9", parameters: ["id": "3"]),
      MatchCase(pattern: "shop://cart", url: "shop://cart?coupon=", parameters: ["coupon": ""]),
      MatchCase(pattern: "shop://cart", url: "shop://cart#top", parameters: [:]),
      // Percent-decoding of path segments and query items ('+' is a space in a query).
      MatchCase(
        pattern: "shop://search/:term", url: "shop://search/red%20shoes?sort=price%20asc&q=a+b%2Bc",
        parameters: ["term": "red shoes", "sort": "price asc", "q": "a b+c"]),
      MatchCase(pattern: "shop://search/:term", url: "shop://search/caf%C3%A9", parameters: ["term": "café"]),
      MatchCase(pattern: "shop://search/:term", url: "shop://search/a%2Fb", parameters: ["term": "a/b"]),
    ])
    func matchingExtractsPathParametersAndQueryItems(_ match: MatchCase) throws {
      let pattern = try DeepLinkPattern(match.pattern)
      #expect(pattern.match(match.url) == match.parameters)
    }

    // MARK: - Opening URLs

    /// `shop://item/:id` opens the item in `mode` in the home tab; `shop://orders` opens the
    /// orders in profile with a sheet; `shop://broken` has a handler that refuses.
    static func deepLinks(
      mode: OpenMode = .keepRoot, routes: @escaping @Sendable (Int) -> [Route<TabTestScreen>] = { [.push(.item(id: $0))] }
    ) throws -> DeepLinks<TabTestScreen> {
      var links = DeepLinks<TabTestScreen>()
      try links.register("shop://item/:id") { match, _ in
        guard let id = Int(match["id"] ?? "") else { throw DeepLinkHandlerError("id must be a number") }
        return DeepLinks.open(tab: "home", routes(id), mode: mode)
      }
      try links.register("shop://orders") { _, _ in
        [.selectTab("profile"), .open([.push(.orders), .sheet(.login(reason: "orders"))], mode: .replace)]
      }
      return links
    }

    @Test func noMatchIsAFailureListingThePatternsWithTheStateUnchanged() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.open(url: "shop://wishlist/3", deepLinks: try Self.deepLinks())
      }

      #expect(failure == BatchFailure(
        source: .deepLink("shop://wishlist/3"),
        reason: .noDeepLinkMatch(url: "shop://wishlist/3", patterns: ["shop://item/:id", "shop://orders"])))
      #expect(failure.message == "no deep link matches 'shop://wishlist/3' (patterns: shop://item/:id, shop://orders)")
      #expect(TabsSnapshot(state) == before)
    }

    @Test func noMatchWithoutPatternsSaysSo() throws {
      var state = try TabFixtures.coordinator()
      let failure = try #require(throws: BatchFailure.self) {
        try state.open(url: "shop://item/3", deepLinks: DeepLinks<TabTestScreen>())
      }
      #expect(failure.message == "no deep link matches 'shop://item/3' (no patterns are declared)")
    }

    @Test func theFirstRegisteredMatchingPatternWins() throws {
      var links = DeepLinks<TabTestScreen>()
      try links.register("shop://item/:id") { match, _ in [.push(.item(id: Int(match["id"] ?? "") ?? -1))] }
      try links.register("shop://item/7") { _, _ in [.push(.orders)] }
      #expect(links.patterns.map(\.text) == ["shop://item/:id", "shop://item/7"])
      var state = try TabFixtures.coordinator()

      try state.open(url: "shop://item/7", deepLinks: links)

      #expect(state.routes(ofTab: "home") == [.root(.feed), .push(.item(id: 7))])
    }

    @Test func aURLOpensWithThePatternsRegisteredWhenItOpensThoughAnEarlierAnswerWasRemembered() throws {
      // Answers are remembered per URL (a pending link is retried after every batch); a pattern
      // registered later — on a copy or on the same value — still applies, and the copy made
      // before keeps answering as it did.
      var links = DeepLinks<TabTestScreen>()
      try links.register("shop://item/:id") { match, _ in [.push(.item(id: Int(match["id"] ?? "") ?? -1))] }
      var state = try TabFixtures.coordinator()
      #expect(throws: BatchFailure.self) { try state.open(url: "shop://orders", deepLinks: links) }
      #expect(throws: BatchFailure.self) { try state.open(url: "shop://orders", deepLinks: links) }

      let earlier = links
      try links.register("shop://orders") { _, _ in [.push(.orders)] }
      try state.open(url: "shop://orders", deepLinks: links)
      #expect(state.routes(ofTab: "home") == [.root(.feed), .push(.orders)])
      #expect(throws: BatchFailure.self) { try state.open(url: "shop://orders", deepLinks: earlier) }

      try state.open(url: "shop://item/4", deepLinks: links)
      try state.open(url: "shop://item/4", deepLinks: earlier)
      #expect(state.routes(ofTab: "home") == [.root(.feed), .push(.orders), .push(.item(id: 4)), .push(.item(id: 4))])
    }

    @Test func theHandlerGetsTheMatchAndTheCurrentState() throws {
      var links = DeepLinks<TabTestScreen>()
      try links.register("shop://search/:term") { match, state in
        #expect(match.url == "shop://search/red%20shoes?page=2")
        #expect(match.pattern == "shop://search/:term")
        #expect(match.parameters == ["term": "red shoes", "page": "2"])
        return [.tab(state.selectedTab, .push(.search(query: match["term"] ?? "")))]
      }
      var state = try TabFixtures.coordinator()
      try state.apply([.selectTab("profile")])

      try state.open(url: "shop://search/red%20shoes?page=2", deepLinks: links)

      #expect(state.routes(ofTab: "profile") == [.root(.account), .push(.search(query: "red shoes"))])
    }

    @Test func aRefusingHandlerLeavesTheStateUnchanged() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.open(url: "shop://item/three", deepLinks: try Self.deepLinks())
      }

      #expect(failure == BatchFailure(
        source: .deepLink("shop://item/three"), reason: .ruleFailed(RuleFailure("id must be a number"))))
      #expect(failure.description == "url shop://item/three: id must be a number")
      #expect(TabsSnapshot(state) == before)
    }

    @Test func anInvalidCommandFromAHandlerLeavesTheStateUnchanged() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      // home's top layer is a sheet with navigation, so this push is fine; then the cover
      // without navigation makes the second push invalid.
      let failure = try #require(throws: BatchFailure.self) {
        try state.open(
          url: "shop://item/5",
          deepLinks: try Self.deepLinks(mode: .append) { [.push(.item(id: $0)), .cover(.checkout(total: 1)), .push(.orders)] })
      }

      guard case let .invalidCommand(index, _, error) = failure.reason else {
        Issue.record("expected an invalid command, got \(failure)")
        return
      }
      #expect(index == 1)
      #expect(error == .invalidRoutes(
        operation: "open (append)", reason: "cannot push 'orders': the layer 'checkout' (cover) has no navigation"))
      #expect(failure.source == .deepLink("shop://item/5"))
      #expect(TabsSnapshot(state) == before)
    }

    // MARK: - Open modes

    @Test func replaceMakesTheGivenRoutesTheWholeStackTheFirstBecomingTheRoot() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let links = try Self.deepLinks(mode: .replace) { id in
        [
          .push(.item(id: id)), .push(.orders),
          .sheet(.picker(options: ["s", "m"]), withNavigation: true, configuration: .half), .push(.checkout(total: 3)),
        ]
      }

      try state.open(url: "shop://item/7", deepLinks: links)

      #expect(state.routes(ofTab: "home") == [
        .root(.item(id: 7), withNavigation: true), .push(.orders),
        .sheet(.picker(options: ["s", "m"]), withNavigation: true, configuration: .half), .push(.checkout(total: 3)),
      ])
      // Every route is new, the root included: the old ones left, with their effects.
      #expect(before.state.allRouteIDs.isDisjoint(with: state.routeIDs(ofTab: "home")))
      #expect(Set(state.routeIDsRemoved(since: before.state)) == Set(before.state.routeIDs(ofTab: "home")))
    }

    @Test func replaceKeepsAGivenRootAsItIs() throws {
      var state = try TabFixtures.deepCoordinator()

      try state.apply([.open([.root(.orders, withNavigation: false), .cover(.login(reason: "x"))], mode: .replace)])

      #expect(state.routes(ofTab: "home") == [.root(.orders, withNavigation: false), .cover(.login(reason: "x"))])
    }

    @Test(arguments: [
      Route<TabTestScreen>.sheet(.login(reason: "x")),
      .cover(.checkout(total: 1), withNavigation: true),
    ])
    func replaceRefusesAPresentedFirstRoute(first: Route<TabTestScreen>) throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.open([first, .push(.orders)], mode: .replace)])
      }

      guard case let .invalidCommand(0, _, .invalidRoutes(operation, reason)) = failure.reason else {
        Issue.record("expected invalidRoutes for command 0, got \(failure)")
        return
      }
      #expect(operation == "open (replace)")
      #expect(reason.contains("cannot become the root"))
      #expect(reason.contains("(\(first.style))"))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func replaceRefusesNoRoutes() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) { try state.apply([.open([], mode: .replace)]) }

      #expect(failure.reason == .invalidCommand(
        index: 0, command: "open replace ",
        error: .invalidRoutes(operation: "open (replace)", reason: "no routes given; the first one becomes the new root")))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func keepRootKeepsTheCurrentRootAndEveryGivenRoute() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let links = try Self.deepLinks(mode: .keepRoot) { id in
        [.push(.item(id: id)), .sheet(.login(reason: "deep"), withNavigation: true), .push(.orders)]
      }

      try state.open(url: "shop://item/7", deepLinks: links)

      #expect(state.routes(ofTab: "home") == [
        .root(.feed), .push(.item(id: 7)), .sheet(.login(reason: "deep"), withNavigation: true), .push(.orders),
      ])
      let ids = state.routeIDs(ofTab: "home")
      #expect(ids[0] == before.state.routeIDs(ofTab: "home")[0])
      #expect(before.state.allRouteIDs.isDisjoint(with: ids.dropFirst()))
    }

    @Test func keepRootWithASingleRouteKeepsThatRoute() throws {
      // TCAFlow's keepRoot dropped the first given route, so a one-route link opened nothing.
      var state = try TabFixtures.deepCoordinator()

      try state.open(url: "shop://item/7", deepLinks: try Self.deepLinks(mode: .keepRoot))

      #expect(state.routes(ofTab: "home") == [.root(.feed), .push(.item(id: 7))])
      #expect(state.top == .push(.item(id: 7)))
    }

    @Test func keepRootWithNoRoutesGoesBackToTheRoot() throws {
      var state = try TabFixtures.deepCoordinator()

      try state.apply([.open([], mode: .keepRoot)])

      #expect(state.routes(ofTab: "home") == [.root(.feed)])
    }

    @Test func keepRootRefusesARootAmongTheGivenRoutes() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) {
        try state.apply([.open([.push(.item(id: 3)), .root(.orders)], mode: .keepRoot)])
      }

      #expect(failure.reason == .invalidCommand(
        index: 0, command: "open keepRoot item > orders",
        error: .invalidRoutes(operation: "open (keepRoot)", reason: "'orders' is a root, but only the first route can be one")))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func appendAddsTheGivenRoutesOnTopOfTheCurrentStack() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = TabsSnapshot(state)
      let links = try Self.deepLinks(mode: .append) { id in
        [.push(.item(id: id)), .cover(.checkout(total: 2), withNavigation: true), .push(.orders)]
      }

      try state.open(url: "shop://item/7", deepLinks: links)

      #expect(state.routes(ofTab: "home") == before.state.routes(ofTab: "home") + [
        .push(.item(id: 7)), .cover(.checkout(total: 2), withNavigation: true), .push(.orders),
      ])
      let ids = state.routeIDs(ofTab: "home")
      #expect(Array(ids.prefix(4)) == before.state.routeIDs(ofTab: "home"))
      #expect(state.routeIDsRemoved(since: before.state).isEmpty)
    }

    @Test func appendRefusesAPushOntoALayerWithoutNavigation() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.apply([.tab("profile", .open([.push(.orders)], mode: .keepRoot)), .selectTab("profile")])
      try state.apply([.presentSheet(.login(reason: "x"))])
      let before = TabsSnapshot(state)

      let failure = try #require(throws: BatchFailure.self) { try state.apply([.open([.push(.orders)], mode: .append)]) }

      #expect(failure.reason == .invalidCommand(
        index: 0, command: "open append orders",
        error: .invalidRoutes(
          operation: "open (append)", reason: "cannot push 'orders': the layer 'login' (sheet) has no navigation")))
      #expect(TabsSnapshot(state) == before)
    }

    @Test func theUsualDeepLinkSelectsTheTabAndOpensInItInOneBatch() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.selectTab("search"), .tab("home", .push(.orders))])
      let searchBefore = state.routeIDs(ofTab: "search")

      try state.open(url: "shop://item/7", deepLinks: try Self.deepLinks(mode: .keepRoot))

      #expect(state.selectedTab == "home")
      #expect(state.history == ["search"])
      #expect(state.routes(ofTab: "home") == [.root(.feed), .push(.item(id: 7))])
      #expect(state.routeIDs(ofTab: "search") == searchBefore)
    }

    @Test func anOpenAfterASelectInTheSameBatchGoesToTheNewlySelectedTab() throws {
      var state = try TabFixtures.deepCoordinator()
      let homeBefore = state.routes(ofTab: "home")

      try state.open(url: "shop://orders", deepLinks: try Self.deepLinks())

      #expect(state.selectedTab == "profile")
      #expect(state.routes(ofTab: "profile") == [.root(.orders, withNavigation: true), .sheet(.login(reason: "orders"))])
      #expect(state.routes(ofTab: "home") == homeBefore)
    }
  }
}
