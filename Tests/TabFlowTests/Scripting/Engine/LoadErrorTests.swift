import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: a script that does not load, or whose declarations do not fit together, is
  /// refused with an error that says where and — for a mistyped name — what was probably meant.
  @Suite("Load errors")
  struct LoadErrorTests {
    static let base = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 }, "cartTapped" } }
      screen "item" { state = { id = 0 }, actions = { "buyTapped" } }
      screen "login" { actions = { "cancelled" } }
      """

    static func loadError(
      _ source: String, limits: LuaVM.Limits = LuaVM.Limits(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ScriptError {
      try #require(throws: ScriptError.self, sourceLocation: sourceLocation) {
        try DynamicRules(source: source, name: "shop.lua", limits: limits)
      }
    }

    @Test func aSyntaxErrorSaysFileAndLine() throws {
      let error = try Self.loadError(Self.base + "\n" + """
        on("feed.itemTapped", function(nav, p)
          nav:push("item", { id = p.id )
        end)
        """)
      #expect(error.kind == .syntax)
      #expect(error.message == "shop.lua:6: '}' expected near ')'")
      #expect(error.rule == nil)
    }

    @Test func aRuntimeErrorWhileLoadingSaysFileAndLineWithATraceback() throws {
      let error = try Self.loadError(Self.base + "\n" + """
        local titles = nil
        screen "cart" { title = titles.cart }
        """)
      #expect(error.kind == .runtime)
      #expect(error.message == "shop.lua:6: attempt to index a nil value (local 'titles')")
      #expect(error.traceback?.hasPrefix("stack traceback:") == true)
      #expect(error.traceback?.contains("shop.lua:6:") == true)
    }

    @Test func anErrorRaisedByTheScriptKeepsItsMessage() throws {
      let error = try Self.loadError(Self.base + "\n" + #"error("missing configuration")"#)
      #expect(error.kind == .runtime)
      #expect(error.message == "shop.lua:5: missing configuration")
    }

    @Test func aScriptThatNeverFinishesLoadingRunsOutOfBudget() throws {
      let error = try Self.loadError(
        Self.base + "\nwhile true do end", limits: LuaVM.Limits.counted(instructions: 100_000))
      #expect(error.kind == .budgetExceeded)
      #expect(error.message == "shop.lua:5: script stopped (instruction budget of 100000 exceeded)")
    }

    @Test func aScriptNeedsATab() throws {
      let error = try Self.loadError(#"screen "feed" {}"#)
      #expect(error.kind == .declaration)
      #expect(error.message == #"shop.lua: the script declares no tab (add e.g. tab "home" { root = "feed" })"#)
    }

    @Test func aTabsRootMustBeADeclaredScreenSayingWhere() throws {
      let error = try Self.loadError(Self.base + "\n" + #"tab "profile" { root = "acount" }"# + "\n" + #"screen "account" {}"#)
      #expect(error.kind == .declaration)
      #expect(
        error.message == "shop.lua:5: tab 'profile': its root 'acount' is not a declared screen — did you mean 'account'?")
    }

    @Test func aRuleMustNameADeclaredScreenSayingWhere() throws {
      let error = try Self.loadError(Self.base + "\n" + #"on("fed.itemTapped", function(nav) end)"#)
      #expect(error.kind == .declaration)
      #expect(error.message == "shop.lua:5: rule 'fed.itemTapped': 'fed' is not a declared screen — did you mean 'feed'?")
    }

    @Test func aRuleMustNameAnActionItsScreenDeclaresSayingWhere() throws {
      let error = try Self.loadError(Self.base + "\n" + #"on("feed.itemTaped", function(nav) end)"#)
      #expect(error.kind == .declaration)
      #expect(error.message == """
        shop.lua:5: rule 'feed.itemTaped': screen 'feed' does not declare the action 'itemTaped' \
        (actions: cartTapped, itemTapped) — did you mean 'itemTapped'?
        """)
    }

    @Test func aWildcardRuleMustNameAnActionSomeScreenDeclares() throws {
      let error = try Self.loadError(Self.base + "\n" + #"on("*.canceled", function(nav) end)"#)
      #expect(error.kind == .declaration)
      #expect(
        error.message == "shop.lua:5: rule '*.canceled': no screen declares the action 'canceled' — did you mean 'cancelled'?")
    }

    @Test func aNameFarFromEveryCandidateGetsNoSuggestion() throws {
      let error = try Self.loadError(Self.base + "\n" + #"on("checkout.paid", function(nav) end)"#)
      #expect(error.message == "shop.lua:5: rule 'checkout.paid': 'checkout' is not a declared screen")
    }

    @Test func aTabScreenOrRuleDeclaredTwiceSaysWhere() throws {
      let cases = [
        #"tab "home" { root = "item" }"#: "shop.lua:5: tab 'home' is declared twice",
        #"screen "item" {}"#: "shop.lua:5: screen 'item' is declared twice",
        #"on("feed.cartTapped", function() end) on("feed.cartTapped", function() end)"#:
          "shop.lua:5: rule 'feed.cartTapped' is declared twice",
      ]
      for (line, message) in cases {
        let error = try Self.loadError(Self.base + "\n" + line)
        #expect(error.message == message)
      }
    }

    @Test func aDeepLinkPatternMustParseSayingWhere() throws {
      let cases = [
        "item/:id": "shop.lua:5: invalid deep-link pattern 'item/:id': expected scheme://segments, e.g. shop://item/:id",
        "shop://item/:": "shop.lua:5: invalid deep-link pattern 'shop://item/:': a parameter needs a name after ':'",
        "shop://a/:id/:id": "shop.lua:5: invalid deep-link pattern 'shop://a/:id/:id': the parameter ':id' appears twice",
      ]
      for (pattern, message) in cases {
        let error = try Self.loadError(Self.base + "\n" + #"deeplink(""# + pattern + #"", function(nav, p) end)"#)
        #expect(error.kind == .declaration)
        #expect(error.message == message)
      }
    }

    @Test func theDefaultChunkNameIsRulesLua() throws {
      let error = try #require(throws: ScriptError.self) { try DynamicRules(source: "tab(") }
      #expect(error.message.hasPrefix("rules.lua:1:"))
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
      let path = "/nonexistent/tabflow/missing.lua"
      let error = try #require(throws: ScriptError.self) { try DynamicRules(contentsOfFile: path) }
      #expect(error.message.hasPrefix("cannot read \(path)"))
    }
  }
}
