import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md, "Names" and "Declarations": option tables refuse unknown keys, one naming
  /// rule for screens, tabs and actions, views refuse undeclared screens, and a mistyped global
  /// suggests the script's own locals.
  @Suite("Strict declarations")
  @MainActor
  struct StrictDeclarationTests {
    static func loadError(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
      try #require(throws: ScriptError.self, sourceLocation: sourceLocation) {
        try DynamicRules(source: source, name: "shop.lua")
      }.message
    }

    static let base = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 }, "go" } }
      screen "item" { state = { id = 0 } }
      """

    @Test func aScreensUnknownOptionIsRefusedWithASuggestion() throws {
      let message = try Self.loadError(Self.base + "\n" + #"screen "x" { sate = {} }"#)
      #expect(message == "shop.lua:4: screen 'x': unknown option 'sate' (options: actions, state, title) — did you mean 'state'?")
    }

    @Test func aTabsUnknownOptionIsNamedBeforeItsMissingRoot() throws {
      let message = try Self.loadError(#"tab "home" { rot = "feed" }"# + "\n" + #"screen "feed" {}"#)
      #expect(message.hasPrefix("shop.lua:1: tab 'home': unknown option 'rot' (options: hideable, image, leave, navigation, reselect, role, root, section, title)"))
      #expect(message.hasSuffix("did you mean 'root'?"))
    }

    @Test func appAndLinkOptionsAreChecked() throws {
      #expect(try Self.loadError(#"app "Shop" { bak = "history" }"# + "\n" + Self.base)
        == "shop.lua:1: app 'Shop': unknown option 'bak' (options: back, initialTab) — did you mean 'back'?")
      #expect(try Self.loadError(Self.base + "\n" + #"link("shop://item/:id", "item", { tabb = "home" })"#)
        == "shop.lua:4: link 'shop://item/:id': unknown option 'tabb' (options: tab) — did you mean 'tab'?")
    }

    @Test func sheetCoverAndGuardOptionsAreChecked() throws {
      let flow = try ScriptedFlow(Self.base + "\n" + """
        on("feed.itemTapped", function(nav) nav:presentSheet("item", {}, { navigaton = true }) end)
        on("feed.go", function(nav) nav:presentCover("item", {}, { detents = {} }) end)
        """)
      let sheet = try #require(throws: ScriptError.self) { try flow.batch("itemTapped", ["id": 1]) }
      #expect(sheet.message.contains("shop.lua:4:"))
      #expect(sheet.message.contains(
        "presentSheet 'item': unknown option 'navigaton' (options: detents, dragIndicator, navigation) — did you mean 'navigation'?"))
      let cover = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(cover.message.contains("presentCover 'item': unknown option 'detents' (options: navigation)"))

      let guarded = try ScriptedFlow(Self.base + "\n" + """
        on("feed.go", function(nav) nav:push("item") end)
        guard("auth", function(change) return false, "no", { defr = true } end)
        """)
      try guarded.send("go")
      #expect(guarded.failures.last?.message.contains(
        "a guard's third value: unknown option 'defr' (options: ask, defer, redirect, resume) — did you mean 'defer'?") == true)

      // `ask` is a boolean, and a question is not also a redirect or a deferral.
      for (options, message) in [
        ("{ ask = 1 }", "ask must be a boolean, got number"),
        ("{ ask = true, redirect = function(nav) end }", "ask = true cannot be combined with redirect"),
        ("{ ask = true, defer = true }", "ask = true cannot be combined with defer"),
        ("{ ask = true, resume = true }", "ask = true cannot be combined with resume"),
      ] {
        let asking = try ScriptedFlow(Self.base + "\n" + """
          on("feed.go", function(nav) nav:push("item") end)
          guard("auth", function(change) return false, "no", \(options) end)
          """)
        try asking.send("go")
        #expect(asking.failures.last?.message.contains(message) == true, "\(options)")
        #expect(asking.path == "feed")
      }
    }

    @Test func aRuleKeyTakesEveryScreenName() throws {
      let flow = try ScriptedFlow("""
        tab "orders" { root = "order-list" }
        screen "order-list" { actions = { orderTapped = { id = 1 } } }
        screen "order detail" { state = { id = 0 } }
        on("order-list.orderTapped", function(nav, p) nav:push("order detail", { id = p.id }) end)
        """)
      try flow.send("orderTapped", ["id": 2])
      #expect(flow.path == "order-list > order detail")
    }

    @Test func aScreenNameHasNoDotAndIsNotAStar() throws {
      #expect(try Self.loadError(Self.base + "\n" + #"screen "a.b" {}"#).hasPrefix(
        "shop.lua:4: screen name 'a.b' cannot contain '.'"))
      #expect(try Self.loadError(Self.base + "\n" + #"screen "*" {}"#).hasPrefix("shop.lua:4: '*' cannot be a screen name"))
      #expect(try Self.loadError(Self.base + "\n" + #"screen "x" { actions = { "" } }"#).contains("must be a name"))
      #expect(try Self.loadError(Self.base + "\n" + #"on("feed.", function() end)"#).contains(
        #"must be "screen.action" or "*.action""#))
    }

    @Test func containsRefusesAnUndeclaredScreen() throws {
      let flow = try ScriptedFlow(Self.base + "\n" + """
        on("feed.go", function(nav) if nav:contains("itme") then nav:push("item") end end)
        """)
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.message == "shop.lua:4: unknown screen 'itme' — did you mean 'item'?")
    }

    @Test func aMistypedGlobalSuggestsTheScriptsLocals() throws {
      let flow = try ScriptedFlow(Self.base + "\n" + """
        local limit = 3
        on("feed.itemTapped", function(nav, p) if p.id > limt then nav:push("item") end end)
        on("feed.go", function(nav) local count = 1; if cont > limit then nav:pop() end end)
        """)
      let fromScript = try #require(throws: ScriptError.self) { try flow.batch("itemTapped", ["id": 5]) }
      #expect(fromScript.message == "shop.lua:5: undefined global 'limt' — did you mean 'limit'?")
      let fromLocal = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(fromLocal.message == "shop.lua:6: undefined global 'cont' — did you mean 'count'?")
    }

    @Test func localNamesAreReadFromTheText() {
      #expect(RuleScript.localNames(in: """
        local a, b <const> = 1, 2
        local function helper() end
        local  c
        notlocal d = 1
        local 1x
        """) == ["a", "b", "helper", "c"])
    }
  }
}

extension ScriptedRulesTests.StrictDeclarationTests {
  @Test func anActionsSamplePayloadIsItsSchema() throws {
    let rules = try DynamicRules(source: Self.base, name: "shop.lua")
    #expect(rules.payloadProblem(screen: "feed", action: "itemTapped", payload: ["id": 3]) == nil)
    #expect(rules.payloadProblem(screen: "feed", action: "itemTapped", payload: .emptyObject)
      == "feed.itemTapped: the payload lacks 'id' (fields: id; the declared sample is {id=1})")
    #expect(rules.payloadProblem(screen: "feed", action: "itemTapped", payload: ["id": 3, "idd": 4])
      == "feed.itemTapped: the payload has no field 'idd' (fields: id) — did you mean 'id'?")
    #expect(rules.payloadProblem(screen: "feed", action: "itemTapped", payload: ["id": "x"])
      == #"feed.itemTapped: the payload's 'id' is "x", where the sample has 1"#)
    #expect(rules.payloadProblem(screen: "feed", action: "go", payload: ["x": 1])
      == "feed.go: the payload has no field 'x' (it takes none)")
    #expect(rules.payloadProblem(screen: "feed", action: "undeclared", payload: ["x": 1]) == nil)
  }
}
