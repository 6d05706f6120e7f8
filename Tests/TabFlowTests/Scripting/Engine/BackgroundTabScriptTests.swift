import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// A Lua rule for a route in a tab that is not selected: `nav` describes and navigates that
/// route's tab; `nav:tab(id)` still addresses any tab; only `nav:selectTab` changes the selection.
@MainActor
@Suite struct BackgroundTabScriptTests {
  @Test func aRuleForABackgroundRouteNavigatesItsOwnTab() throws {
    let flow = try ScriptedFlow(lab: #"nav:emit("seen", { tab = nav.currentTab, top = nav.top, depth = nav.depth }); nav:push("item", { id = 7 })"#)
    flow.perform([.tab("profile", .push(LabScript.orders()))])
    #expect(flow.state.selectedTab == "home")
    try flow.send("go", from: "orders", in: "profile")
    #expect(flow.path("profile") == "account > orders > item")
    #expect(flow.path("home") == "feed")
    #expect(flow.state.selectedTab == "home")
    #expect(flow.events.map(\.payload) == [["tab": "profile", "top": "orders", "depth": 2]])
  }

  @Test func aCrossTabRuleAndAnExplicitSelectionStillWork() throws {
    let flow = try ScriptedFlow(lab: #"nav:tab("home"):push("item", { id = 1 }); nav:selectTab("home"); nav:pop()"#)
    flow.perform([.tab("profile", .push(LabScript.orders()))])
    flow.store.send(.tabTapped("profile"))
    try flow.send("go", from: "orders", in: "profile")
    // `pop` after `selectTab("home")` still pops the route's own tab.
    #expect(flow.path("home") == "feed > item")
    #expect(flow.path("profile") == "account")
    #expect(flow.state.selectedTab == "home")
  }
}
