import Foundation
import TabFlow
import Testing

@MainActor
@Suite struct ScriptedRulesSmokeTests {
  static let demoPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/demo.lua").path

  @Test func theDemoDrivesAStore() async throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: Self.demoPath)
    #expect(rules.declarations.tabIDs == ["home", "search", "profile"])
    let store = Store(initialState: try rules.initialState()) {
      TabCoordinator(script: rules)
        .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
    }
    let feed = store.state.selectedStack.ids[0]
    store.send(.router(.routeAction(id: feed, action: DynamicAction("itemTapped", payload: ["id": 3]))))
    #expect(store.state.selectedStack.routes.map(\.screen) == [DynamicScreen("feed"), DynamicScreen("item", state: ["id": 3, "qty": 1])])

    let item = store.state.selectedStack.ids[1]
    store.send(.router(.routeAction(id: item, action: DynamicAction("buyTapped"))))
    #expect(store.state.selectedStack.top.screen.name == "login")
    #expect(store.state.selectedStack.top.withNavigation)

    let login = try #require(store.state.selectedStack.ids.last)
    store.send(.router(.routeAction(id: login, action: DynamicAction("loggedIn"))))
    store.send(.setContext("loggedIn", true))
    #expect(store.state.selectedStack.count == 2)

    store.send(.router(.routeAction(id: item, action: DynamicAction("buyTapped"))))
    #expect(store.state.selectedTab == "profile")
    #expect(store.state.selectedStack.routes.map(\.screen.name) == ["account", "orders"])

    store.send(.openURL("shop://item/7"))
    #expect(store.state.selectedTab == "home")
    #expect(store.state.selectedStack.routes.map(\.screen.name) == ["feed", "item"])
    #expect(store.state.selectedStack.top.screen.state["id"] == 7)
  }
}
