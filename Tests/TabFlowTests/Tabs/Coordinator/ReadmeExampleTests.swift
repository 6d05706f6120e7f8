import CoreTestSupport
import RuntimeTestSupport

// The example of README.md's "Embedding TabFlow in a Swift app", verbatim between the markers:
// it compiles as part of the test suite, and the tests below run it and check what it says.

// README-BEGIN
import TabFlow

enum ShopScreen: Equatable, Sendable, Codable {
  case feed, item(id: Int, quantity: Int = 1), checkout, account
}

enum ShopAction: Equatable, Sendable {
  case itemTapped(Int), addOneTapped, buyTapped
}

struct ShopScreenReducer: Reducer {
  func reduce(into screen: inout ShopScreen, action: ShopAction) -> Effect<ShopAction> {
    if case .addOneTapped = action, case let .item(id, quantity) = screen {
      screen = .item(id: id, quantity: quantity + 1)
    }
    return .none
  }
}

/// The app: a stack per tab, Swift rules, a guard and a deep link, all applied as batches.
struct Shop: Reducer {
  static let tabs = [TabDefinition("home", root: ShopScreen.feed), TabDefinition("profile", root: .account)]
  let rules = ClosureRules<ShopScreen, ShopAction> { action, route, state in
    switch action {
    case let .itemTapped(id): [.push(.item(id: id))]
    case .buyTapped: [.push(.checkout)]
    case .addOneTapped: []
    }
  }
  let auth = NavigationGuard<ShopScreen>("auth") { change in
    change.after.top.screen == .checkout && change.after.context["loggedIn"] != true
      ? .reject("login required") : .allow
  }
  var links = DeepLinks<ShopScreen>()
  init() throws {
    try links.register("shop://item/:id") { match, state in
      guard let id = Int(match["id"] ?? "") else { throw DeepLinkHandlerError("id must be a number") }
      return DeepLinks.open(tab: "home", [.push(.item(id: id))], mode: .keepRoot)
    }
  }

  var body: some Reducer<TabCoordinatorState<ShopScreen>, TabCoordinatorAction<ShopScreen, ShopAction>> {
    TabCoordinator(rules: rules, guards: [auth], deepLinks: links)
      .forEachRoute(\.self, action: .router()) { ShopScreenReducer() }
  }
}

@MainActor
func runShop() throws -> Store<TabCoordinatorState<ShopScreen>, TabCoordinatorAction<ShopScreen, ShopAction>> {
  let shop = try Shop()
  let store = Store(initialState: try TabCoordinatorState(tabs: Shop.tabs)) { shop }
  store.send(.openURL("shop://item/3"))                                // home: feed > item(3)
  guard let item = store.state.selectedStack.ids.last else { return store }
  store.send(.router(.routeAction(id: item, action: .addOneTapped)))   // item(3, quantity: 2)
  store.send(.router(.routeAction(id: item, action: .buyTapped)))      // rejected: "login required"
  store.send(.setContext("loggedIn", true))
  store.send(.router(.routeAction(id: item, action: .buyTapped)))      // home: feed > item(3) > checkout
  store.send(.tabTapped("profile"))                                    // profile; home keeps its stack
  return store
}
// README-END

import Testing

extension TabCoordinatorTests {
  /// The README's example runs and does what its comments say.
  @MainActor
  @Suite("README example")
  struct ReadmeExampleTests {
    @Test func theExampleEndsWhereItsCommentsSay() throws {
      let store = try runShop()

      #expect(store.state.selectedTab == "profile")
      #expect(store.state.history == ["home"])
      #expect(store.state.context == ["loggedIn": true])
      #expect(store.state.routes(ofTab: "home") == [.root(.feed), .push(.item(id: 3, quantity: 2)), .push(.checkout)])
      #expect(store.state.routes(ofTab: "profile") == [.root(.account)])
      #expect(store.runningEffectCount == 0)
    }

    @Test func theExampleStepByStepInATestStore() async throws {
      let shop = try Shop()
      let store = try TestStore(initialState: TabCoordinatorState(tabs: Shop.tabs)) { shop }
      var expected = try TabCoordinatorState(tabs: Shop.tabs)

      await store.send(.openURL("shop://item/3")) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      // The test store's fresh generator: the roots are #1 and #2, the app layer's stand-in #3.
      let item: RouteID = 4
      #expect(store.state.routeIDs(ofTab: "home") == [1, item])
      await store.send(.router(.routeAction(id: item, action: .addOneTapped))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, quantity: 2))], of: "home")
      }
      await store.send(.router(.routeAction(id: item, action: .buyTapped)))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(.checkout))],
        failure: BatchFailure(
          source: .screenAction(tab: "home", route: item), reason: .rejected(guard: "auth", reason: "login required"))))))
      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3, quantity: 2)), .push(.checkout)], of: "home")
      }
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home"]) }

      expected.context["loggedIn"] = true
      try expected.setRoutes([.root(.feed), .push(.item(id: 3, quantity: 2)), .push(.checkout)], of: "home")
      try expected.setSelection("profile", history: ["home"])
      #expect(store.state == expected)
      #expect(try runShop().state == expected)
      await store.finish()
    }

    @Test func theReadmeSnippetIsShort() throws {
      // The snippet stays readable in the README: a self-contained block under ~60 lines.
      let source = try String(contentsOfFile: #filePath, encoding: .utf8)
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      let begin = try #require(lines.firstIndex(of: "// README-BEGIN"))
      let end = try #require(lines.firstIndex(of: "// README-END"))
      #expect(begin < end)
      #expect(end - begin - 1 <= 60)
      #expect(lines[begin + 1] == "import TabFlow")
    }
  }
}
