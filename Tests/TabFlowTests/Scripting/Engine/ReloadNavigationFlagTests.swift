import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// A reload that changes a tab's `navigation` option applies it to the live root (design:
/// navigation state survives every reload, migrated to the new declarations). A root that loses
/// its navigation while pushes stand on it cannot hold them: the reload is refused, naming the
/// tab, rather than dropping them unreported.
@MainActor
@Suite struct ReloadNavigationFlagTests {
  static func script(navigation: Bool) -> String {
    """
    tab "home" { root = "feed"\(navigation ? "" : ", navigation = false") }
    tab "profile" { root = "account" }
    screen "feed" { actions = { "open", "login" } }
    screen "account" {}
    screen "item" { state = { id = 0 } }
    screen "login" {}
    on("feed.open", function(nav) nav:push("item", { id = 3 }) end)
    on("feed.login", function(nav) nav:presentSheet("login") end)
    """
  }

  @Test func aRootThatLosesItsNavigationTakesNoMorePushes() throws {
    let flow = try ScriptedFlow(Self.script(navigation: true))
    let ids = flow.state.selectedStack.ids
    let migrated = try flow.rules.reload(source: Self.script(navigation: false), keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))
    #expect(flow.state.selectedStack.root.withNavigation == false)
    #expect(flow.state.selectedStack.ids == ids)
    try flow.send("open")
    #expect(flow.path == "feed")
    let failure = try #require(flow.failures.first)
    guard case .invalidCommand(_, _, .cannotPush) = failure.reason else {
      Issue.record("expected cannotPush, got \(failure)")
      return
    }
    // The other tab keeps its navigation.
    #expect(flow.state.stack(for: "profile")?.root.withNavigation == true)
  }

  @Test func aRootThatGainsNavigationTakesPushes() throws {
    let flow = try ScriptedFlow(Self.script(navigation: false))
    try flow.send("open")
    #expect(flow.path == "feed")
    let migrated = try flow.rules.reload(source: Self.script(navigation: true), keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))
    try flow.send("open", from: "feed")
    #expect(flow.path == "feed > item")
  }

  @Test func pushesOnARootThatWouldLoseItsNavigationRefuseTheReload() throws {
    let flow = try ScriptedFlow(Self.script(navigation: true))
    try flow.send("open")
    let before = flow.state
    let error = try #require(throws: ScriptError.self) {
      try flow.rules.reload(source: Self.script(navigation: false), keeping: flow.state)
    }
    #expect(error.message == """
      shop.lua: reload rejected: tab 'home' now has no navigation on its root (navigation = false), \
      but its root layer holds pushes (home: feed > item); go back to its root first
      """)
    // Nothing changed, and the old rules stay: pushes still work.
    #expect(flow.state == before)
    try flow.send("open", from: "feed")
    #expect(flow.path == "feed > item > item")
  }

  @Test func aPresentedLayerAboveTheBareRootDoesNotStopTheReload() throws {
    let flow = try ScriptedFlow(Self.script(navigation: true))
    try flow.send("login")
    let migrated = try flow.rules.reload(source: Self.script(navigation: false), keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))
    #expect(flow.path == "feed > sheet:login")
    #expect(flow.state.selectedStack.root.withNavigation == false)
  }
}
