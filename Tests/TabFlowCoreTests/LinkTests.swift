import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// Links map a screen to a URL both ways: `DeepLinkPattern.url(with:)` fills a pattern,
  /// `DeepLinks.link` opens the screen from its URL and `url(for:)` writes the URL of the selected
  /// tab's top screen (React Navigation's `getPathFromState`, go_router's `location`).
  @Suite("Links: URLs from state")
  struct LinkTests {
    static func links() throws -> DeepLinks<TabTestScreen> {
      var links = DeepLinks<TabTestScreen>()
      try links.link(
        "shop://item/:id", tab: "home",
        screen: { parameters in Int(parameters["id"] ?? "").map { .item(id: $0) } },
        parameters: { screen in if case let .item(id) = screen { ["id": "\(id)"] } else { nil } })
      try links.link(
        "shop://search", tab: "search",
        screen: { parameters in .search(query: parameters["q"] ?? "") },
        parameters: { screen in if case let .search(query) = screen { ["q": query] } else { nil } })
      return links
    }

    @Test func aPatternFillsItsPathAndSendsTheRestAsSortedEncodedQueryItems() throws {
      let pattern = try DeepLinkPattern("shop://item/:id")
      #expect(pattern.parameterNames == ["id"])
      #expect(pattern.url(with: ["id": "3"]) == "shop://item/3")
      #expect(pattern.url(with: ["id": "a b/ü", "z": "1", "a": "x&y"]) == "shop://item/a%20b%2F%C3%BC?a=x%26y&z=1")
      #expect(pattern.url(with: [:]) == nil)
      #expect(pattern.url(with: ["id": ""]) == nil)
    }

    @Test(arguments: [
      ["id": "3"], ["id": "a b/ü", "q": "r&d=1"], ["id": "%41", "note": "+plus"],
    ])
    func matchingTheURLGivesTheParametersBack(parameters: [String: String]) throws {
      let pattern = try DeepLinkPattern("shop://item/:id")
      let url = try #require(pattern.url(with: parameters))
      #expect(pattern.match(url) == parameters)
    }

    @Test func openingALinkShowsTheScreenAboveTheRootOfItsTab() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.tapTab("profile")
      try state.open(url: "shop://item/7", deepLinks: try Self.links())
      #expect(state.selectedTab == "home")
      #expect(state.routes(ofTab: "home").map(\.screen) == [.feed, .item(id: 7)])
    }

    @Test func aTabsRootScreenGoesBackToThatRoot() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.open(url: "shop://search?q=", deepLinks: try Self.links())
      #expect(state.selectedTab == "search")
      #expect(state.routes(ofTab: "search").map(\.screen) == [.search(query: "")])
    }

    /// A link to a tab's root screen goes back to the root and shows the URL's state there, in
    /// place: `shop://search?q=shoes` showed `search(query: "")`, the URL's fields dropped
    /// (`goBackToRoot` alone), though `url(for:)` writes that URL for `search(query: "shoes")`.
    @Test func aLinkToARootSetsTheRootsStateInPlace() throws {
      let links = try Self.links()
      var state = try TabFixtures.deepCoordinator()
      let rootID = try #require(state.stack(for: "search")?.ids.first)
      try state.open(url: "shop://search?q=shoes", deepLinks: links)
      #expect(state.selectedTab == "search")
      #expect(state.routes(ofTab: "search").map(\.screen) == [.search(query: "shoes")])
      #expect(state.routes(ofTab: "search").first?.style == .root)
      #expect(state.stack(for: "search")?.ids == [rootID], "the root keeps its route ID")
      #expect(links.url(for: state) == "shop://search?q=shoes")
      // The other tabs are untouched.
      #expect(state.routes(ofTab: "home").count == 4)
    }

    /// Every URL `url(for:)` writes for a root state opens that state, from any other state.
    @Test func everyURLOfARootStateOpensIt() throws {
      let links = try Self.links()
      var choices = SeededChoices(seed: 8)
      let pieces = ["", "a", "shoes", " ", "&", "=", "?", "#", "%20", "ü", "e\u{301}", "/", "+", "\u{2028}"]
      for _ in 0..<64 {
        let query = (0..<choices.next(4)).map { _ in choices.pick(pieces) }.joined()
        var shown = try TabFixtures.coordinator()
        try shown.open(url: try #require(links.url(for: TabTestScreen.search(query: query))), deepLinks: links)
        #expect(shown.top.screen == .search(query: query))
        let url = try #require(links.url(for: shown))
        for start in [try TabFixtures.coordinator(), try TabFixtures.deepCoordinator()] {
          var state = start
          try state.open(url: url, deepLinks: links)
          #expect(state.top.screen == .search(query: query), "\(url)")
          #expect(state.selectedStack.count == 1)
        }
      }
    }

    /// The root's state set in place is a change like any other: a guard rejecting it leaves the
    /// root as it was, route ID included.
    @Test func aRejectedLinkToARootLeavesTheRootAsItWas() throws {
      let links = try Self.links()
      var state = try TabFixtures.deepCoordinator()
      let before = state
      let ids = state.stack(for: "search")?.ids
      let refuse = NavigationGuard<TabTestScreen>("no shoes") { change in
        change.after.top.screen == .search(query: "shoes") ? .reject("no shoes") : .allow
      }
      #expect(throws: BatchFailure.self) { try state.open(url: "shop://search?q=shoes", deepLinks: links, guards: [refuse]) }
      #expect(state == before)
      #expect(state.stack(for: "search")?.ids == ids)
    }

    @Test func parametersThatMakeNoScreenRefuseTheURL() throws {
      var state = try TabFixtures.coordinator()
      let before = state
      #expect(throws: BatchFailure.self) { try state.open(url: "shop://item/x", deepLinks: try Self.links()) }
      #expect(state == before)
    }

    @Test func urlForStateIsTheLinkOfTheSelectedTopScreen() throws {
      let links = try Self.links()
      var state = try TabFixtures.coordinator()
      #expect(links.url(for: state) == nil)   // feed has no link
      try state.apply([.push(.item(id: 3))])
      #expect(links.url(for: state) == "shop://item/3")
      try state.tapTab("search")
      #expect(links.url(for: state) == "shop://search?q=")
      #expect(links.url(for: TabTestScreen.orders) == nil)
    }

    @Test func urlForOpensTheSameScreen() throws {
      let links = try Self.links()
      for screen: TabTestScreen in [.item(id: 0), .item(id: -4), .item(id: 123_456)] {
        var state = try TabFixtures.coordinator()
        let url = try #require(links.url(for: screen))
        try state.open(url: url, deepLinks: links)
        #expect(state.top.screen == screen)
      }
    }

    @Test func dynamicAndFallbackLinksWriteURLsToo() throws {
      let dynamic = DeepLinks<TabTestScreen>(dynamic: { (try? Self.links()) ?? DeepLinks() })
      #expect(dynamic.url(for: TabTestScreen.item(id: 2)) == "shop://item/2")
      let chained = DeepLinks<TabTestScreen>().followed(by: try Self.links())
      #expect(chained.url(for: TabTestScreen.item(id: 2)) == "shop://item/2")
    }
  }
}
