import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// A reload migrates live navigation to the new script: tabs it adds appear at their roots (the
/// selection and the history stay), every screen on a stack gets the new defaults for fields it
/// lacks and loses the fields no longer declared, route IDs stay; a script that drops a tab or
/// screen in use is refused, naming them, and nothing changes.
@MainActor
@Suite struct ReloadMigrationTests {
  static let v1 = """
    tab "home" { root = "feed" }
    tab "search" { root = "query" }
    screen "feed" { actions = { "open" } }
    screen "query" {}
    screen "item" { state = { id = 0, old = "x" } }
    on("feed.open", function(nav) nav:push("item", { id = 3 }) end)
    """

  static let v2 = """
    tab "home" { root = "feed" }
    tab "help" { root = "faq" }
    tab "search" { root = "query", reselect = "none" }
    screen "feed" { actions = { "open" } }
    screen "query" {}
    screen "faq" { state = { topic = "start" } }
    screen "item" { state = { id = 0, qty = 1 } }
    on("feed.open", function(nav) nav:push("item", { id = 4 }) end)
    """

  static func flow() throws -> ScriptedFlow {
    let flow = try ScriptedFlow(v1)
    try flow.send("open")
    flow.store.send(.tabTapped("search"))
    return flow
  }

  @Test func newTabsAppearAndScreensTakeTheNewFields() throws {
    let flow = try Self.flow()
    let ids = flow.state.tabs.map(\.stack.ids)
    let migrated = try flow.rules.reload(source: Self.v2, keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))

    #expect(flow.state.tabIDs == ["home", "help", "search"])
    #expect(flow.path("help") == "faq")
    #expect(flow.state.stack(for: "help")?.top.screen.state == ["topic": "start"])
    #expect(flow.state.selectedTab == "search")
    #expect(flow.state.history == ["home"])
    #expect(flow.state.tabs.first { $0.id == "search" }?.reselect == ReselectPolicy.none)
    // item(id=3, old="x") keeps its id, gains qty and loses old; IDs are kept.
    #expect(flow.state.stack(for: "home")?.top.screen == DynamicScreen("item", state: ["id": 3, "qty": 1]))
    #expect(flow.state.stack(for: "home")?.ids == ids[0])
    #expect(flow.state.stack(for: "search")?.ids == ids[1])
    // The new tab is usable at once.
    flow.store.send(.tabTapped("help"))
    #expect(flow.state.selectedTab == "help")
  }

  @Test func aScriptThatDropsAScreenInUseIsRefusedAndNothingChanges() throws {
    let flow = try Self.flow()
    let before = flow.state
    let dropped = Self.v2.replacingOccurrences(of: #"screen "item" { state = { id = 0, qty = 1 } }"#, with: "")
      .replacingOccurrences(of: #"nav:push("item", { id = 4 })"#, with: "")
    let error = try #require(throws: ScriptError.self) { try flow.rules.reload(source: dropped, keeping: flow.state) }
    #expect(error.message == "shop.lua: reload rejected: screen 'item' is in use (home: feed > item) but the new script does not declare it")
    #expect(flow.state == before)
    try flow.send("open", from: "feed", in: "home")
    #expect(flow.failures.isEmpty)
  }

  @Test func aScriptThatDropsATabInUseIsRefused() throws {
    let flow = try Self.flow()
    let noSearch = Self.v2.replacingOccurrences(of: #"tab "search" { root = "query", reselect = "none" }"#, with: "")
    let error = try #require(throws: ScriptError.self) { try flow.rules.reload(source: noSearch, keeping: flow.state) }
    #expect(error.message == "shop.lua: reload rejected: tab 'search' is in use but the new script does not declare it")
  }
}
