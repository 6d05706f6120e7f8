import Foundation
import TabFlowLua
import TabFlowTCAStandIn
import Testing

/// The TCA integration runs: a TCA-shaped store (the stand-in) holding `TabCoordinatorState`, Lua
/// rules deciding navigation, and a route removed by a rule having its effect cancelled through
/// `.cancel(id:)`.
@MainActor
@Suite("TCA integration (stand-in)")
struct TCAIntegrationTests {
  static let script = """
    tab "home" { root = "feed" }
    tab "profile" { root = "account" }
    screen "feed" { actions = { "itemTapped" } }
    screen "item" { state = { id = 0 }, actions = { "load", "loaded", "close" } }
    screen "account" {}
    on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
    on("item.close", function(nav) nav:pop() end)
    """

  func makeStore() throws -> StoreOf<AppFeature> {
    let rules = try ScriptedRules<Screen, DynamicAction>(source: Self.script)
    let coordinator = TabCoordinator(script: rules)
    return Store(initialState: AppFeature.State(navigation: try rules.initialState())) { AppFeature(coordinator: coordinator) }
  }

  /// Sends a screen action from the selected tab's top route.
  func tap(_ action: String, _ payload: FlowValue = .emptyObject, in store: StoreOf<AppFeature>) throws -> StoreTask {
    let top = try #require(store.state.navigation.stack(for: store.state.navigation.selectedTab)?.ids.last)
    return store.send(.navigation(.router(.routeAction(id: top, action: DynamicAction(action, payload: payload)))))
  }

  @Test func aRuleRemovingARouteCancelsItsEffect() async throws {
    let store = try makeStore()
    _ = try tap("itemTapped", ["id": .int(7)], in: store)
    let home = try #require(store.state.navigation.stack(for: "home"))
    let item = try #require(home.ids.last)
    #expect(home.top.screen.name == "item")

    let load = try tap("load", in: store)
    #expect(store.runningEffects(id: item) == 1)
    #expect(store.state.navigation.stack(for: "home")?.top.screen.state["loading"] == .bool(true))

    // The rule pops the item: the coordinator's step names its route, the Reduce cancels it.
    _ = try tap("close", in: store)
    #expect(store.state.navigation.stack(for: "home")?.top.screen.name == "feed")
    #expect(store.runningEffects(id: item) == 0)
    #expect(load.isCancelled)
    await load.finish()
  }

  @Test func whatTheCoordinatorTellsTheHostComesBackAsDelegateActions() throws {
    let store = try makeStore()
    store.send(.navigation(.tabTapped("profile")))
    #expect(store.state.navigation.selectedTab == "profile")
    // A back at a root fails: the state is unchanged and the failure is a delegate action.
    let before = store.state
    store.send(.navigation(.back))
    #expect(store.state == before)
  }

  @Test func aTestStoreChecksEachChange() throws {
    let rules = try ScriptedRules<Screen, DynamicAction>(source: Self.script)
    let coordinator = TabCoordinator(script: rules)
    let store = TestStore(initialState: AppFeature.State(navigation: try rules.initialState())) {
      AppFeature(coordinator: coordinator)
    }
    store.exhaustivity = .on
    // A back at a root changes nothing, as asserted (no change).
    #expect(store.send(.navigation(.back)))
    // A tab tap changes the selection: unasserted, an exhaustive store reports it.
    #expect(!store.send(.navigation(.tabTapped("profile"))))
    #expect(store.state.navigation.selectedTab == "profile")
  }
}

/// The DocC article "Using TabFlow in a TCA app" shows the compiled integration, not a copy that
/// can drift from it.
@Suite("TCA integration: the article")
struct TCAArticleTests {
  @Test func theArticleShowsTheCompiledReducer() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let compiled = try String(
      contentsOf: root.appendingPathComponent("Tests/TCAIntegrationTests/AppFeature.swift"), encoding: .utf8)
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/TabFlow/TabFlow.docc/UsingTabFlowWithTCA.md"), encoding: .utf8)
    let start = try #require(compiled.range(of: "/// The screens' reducer"))
    let end = try #require(compiled.range(of: "/// A child feature scoped"))
    let reducer = compiled[start.lowerBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(article.contains(reducer), "copy AppFeature.swift's ScreenFeature and AppFeature into the article")
  }
}
