import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// A reload that changes the kind of a screen's state field (`id = 0` becomes `id = ""`) would
/// replace the field's value by the new default in every screen in use: the reload is refused
/// instead, naming the screen, the field, both kinds, the value and where it is — unless the
/// value is the old default (never set: nothing is lost).
@MainActor
@Suite struct ReloadFieldKindTests {
  static func script(itemID: String = "0", feedPage: String = "0") -> String {
    """
    tab "home" { root = "feed" }
    screen "feed" { state = { page = \(feedPage) }, actions = { "open", "plain" } }
    screen "item" { state = { id = \(itemID), qty = 1 } }
    on("feed.open", function(nav, p) nav:push("item", { id = p.id }) end)
    on("feed.plain", function(nav) nav:push("item") end)
    """
  }

  @Test func aValueOfAFieldWhoseKindChangedRefusesTheReloadNamingIt() throws {
    let flow = try ScriptedFlow(Self.script())
    try flow.send("open", ["id": 3])
    let before = flow.state
    let error = try #require(throws: ScriptError.self) {
      try flow.rules.reload(source: Self.script(itemID: #""""#), keeping: flow.state)
    }
    #expect(error.message == """
      shop.lua: reload rejected: field 'id' of screen 'item' changes from integer to string, but 'item' is in use \
      with id = 3 (home: feed > item) and would lose that value; close it first or keep the field's kind
      """)
    // Nothing changed and the old rules stay: ids are still integers.
    #expect(flow.state == before)
    try flow.send("open", ["id": 4], from: "feed")
    #expect(flow.failures.isEmpty)
    #expect(flow.state.selectedStack.top.screen.state["id"] == 4)
  }

  @Test func onceTheScreenIsClosedTheReloadGoesThrough() throws {
    let flow = try ScriptedFlow(Self.script())
    try flow.send("open", ["id": 3])
    flow.perform([.pop()])
    let migrated = try flow.rules.reload(source: Self.script(itemID: #""""#), keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))
    try flow.send("open", ["id": "x3"])
    #expect(flow.state.selectedStack.top.screen.state["id"] == "x3")
  }

  @Test func aValueThatIsTheOldDefaultTakesTheNewOne() throws {
    // The root's page and the item's id were never set: they hold the old defaults.
    let flow = try ScriptedFlow(Self.script())
    try flow.send("plain")
    let migrated = try flow.rules.reload(source: Self.script(itemID: #""""#, feedPage: #""first""#), keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))
    #expect(flow.state.selectedStack.routes.map(\.screen) == [
      DynamicScreen("feed", state: ["page": "first"]), DynamicScreen("item", state: ["id": "", "qty": 1]),
    ])
  }

  @Test func aKindThatStillTakesTheValueKeepsIt() throws {
    // Integers and numbers mix: 3 fits a field whose default is now 0.5.
    let flow = try ScriptedFlow(Self.script())
    try flow.send("open", ["id": 3])
    let migrated = try flow.rules.reload(source: Self.script(itemID: "0.5"), keeping: flow.state)
    flow.store.send(.adoptReloaded(migrated))
    #expect(flow.state.selectedStack.top.screen.state["id"] == 3)
  }

  @Test func theLostFieldIsTheFirstByNameAndALongValueIsShortened() throws {
    let declaration = ScreenDeclaration(name: "item", stateDefaults: ["a": "", "b": 0])
    let previous = ScreenDeclaration(name: "item", stateDefaults: ["a": 0, "b": ""])
    let lost = try #require(declaration.lostField(in: ["a": 5, "b": "x"], previous: previous))
    #expect(lost.name == "a")
    #expect(lost.value == 5)
    #expect(declaration.lostField(in: ["a": 0, "b": ""], previous: previous) == nil)
    let long = String(repeating: "y", count: 100)
    #expect(DynamicRules.shortened(long) == String(repeating: "y", count: 40) + "…")
  }
}
