import Clocks
import ShopExample
import TabFlow
import Testing

/// The example app, driven through an exhaustive TestStore: typed screens and reducers, navigation
/// from the Lua script, a login effect on a test clock.
@MainActor
@Suite struct ShopAppTests {
  let clock = TestClock()

  func makeStore() throws -> TestStore<ShopApp.State, ShopApp.Action> {
    let app = try ShopApp(clock: clock)
    return try TestStore(initialState: app.initialState()) { app }
  }

  func id(_ store: TestStore<ShopApp.State, ShopApp.Action>, at index: Int) throws -> RouteID {
    try #require(store.state.selectedStack.ids.dropFirst(index).first)
  }

  @Test func buyingLogsInThenShowsTheOrderInTheProfileTab() async throws {
    let store = try makeStore()
    let feed = try id(store, at: 0)
    await store.send(.router(.routeAction(id: feed, action: .itemTapped(id: 3)))) {
      try $0.apply([.push(.item(.init(id: 3)))])
    }
    let item = try id(store, at: 1)
    await store.send(.router(.routeAction(id: item, action: .addTapped))) {
      try $0.apply([.reset([.root(.feed), .push(.item(.init(id: 3, qty: 2)))])])
    }
    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.presentSheet(
        .login(.init(reason: "buy")), withNavigation: true, configuration: .halfAndFull)])
    }
    let login = try id(store, at: 2)
    await store.send(.router(.routeAction(id: login, action: .submitTapped))) {
      try $0.apply([.dismiss(), .presentSheet(
        .login(.init(reason: "buy", isSubmitting: true)), withNavigation: true, configuration: .halfAndFull)])
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.router(.routeAction(id: login, action: .loginSucceeded))) {
      $0.context["loggedIn"] = true
      try $0.apply([.dismiss()])
    }
    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.tab("profile", .push(.orders(.init(highlight: 3)))), .selectTab("profile")])
    }
    await store.receive(.delegate(.report(.event(NavigationEvent("purchased", payload: ["id": 3])))))
    await store.finish()
  }

  @Test func cancellingTheLoginCancelsItsEffect() async throws {
    let store = try makeStore()
    await store.send(.perform([.push(.item(.init(id: 1)))])) { try $0.apply([.push(.item(.init(id: 1)))]) }
    let item = try id(store, at: 1)
    await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
      try $0.apply([.presentSheet(.login(.init(reason: "buy")), withNavigation: true, configuration: .halfAndFull)])
    }
    let login = try id(store, at: 2)
    await store.send(.router(.routeAction(id: login, action: .submitTapped))) {
      try $0.apply([.dismiss(), .presentSheet(
        .login(.init(reason: "buy", isSubmitting: true)), withNavigation: true, configuration: .halfAndFull)])
    }
    await store.send(.router(.routeAction(id: login, action: .cancelled))) { try $0.apply([.dismiss()]) }
    // The login route left, so its effect was cancelled: nothing arrives when the clock moves on.
    await clock.advance(by: .seconds(5))
    #expect(store.state.context["loggedIn"] == nil)
    await store.finish()
  }

  @Test func aDeepLinkOpensTheItemInTheHomeTab() async throws {
    let store = try makeStore()
    await store.send(.tabTapped("profile")) { try $0.apply([.selectTab("profile")]) }
    await store.send(.openURL("shop://item/9")) {
      try $0.apply([.selectTab("home"), .push(.item(.init(id: 9)))])
    }
    await store.finish()
  }

  @Test func theAppLoadsItsScriptFromItsResources() throws {
    let script = try ShopApp.bundledScript
    #expect(script.contains("app \"Example shop\""))
    #expect(try ShopApp().rules.declarations.tabIDs == ["home", "profile"])
  }
}
