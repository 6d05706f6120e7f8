@testable import TabFlowLua
import Testing

/// `ScriptError`: one line that says where (`file:line`), which rule, and why.
@Suite struct ScriptErrorTests {
  @Test func putsTheRuleAfterTheLocation() {
    let error = ScriptError(.runtime, "demo.lua:12: attempt to index a nil value", rule: "feed.itemTapped")
    #expect(error.description == "demo.lua:12: feed.itemTapped: attempt to index a nil value")
  }

  @Test func keepsTheFileAndLineExactlyAsGiven() {
    let error = ScriptError(
      .runtime, "rules/shop.lua:7: unknown screen 'iten' — did you mean 'item'?", rule: "deeplink shop://item/:id")
    #expect(
      error.description
        == "rules/shop.lua:7: deeplink shop://item/:id: unknown screen 'iten' — did you mean 'item'?")
  }

  @Test func dropsExtraSpaceAfterTheLocation() {
    let error = ScriptError(.runtime, "demo.lua:3:    boom", rule: "guard 1")
    #expect(error.description == "demo.lua:3: guard 1: boom")
    let tight = ScriptError(.runtime, "demo.lua:3:boom", rule: "guard 1")
    #expect(tight.description == "demo.lua:3: guard 1: boom")
  }

  @Test func thePlaceIsKeptAsValues() throws {
    let error = ScriptError(.runtime, "demo.lua:12: attempt to index a nil value", rule: "feed.itemTapped")
    #expect(error.file == "demo.lua")
    #expect(error.line == 12)
    #expect(error.reason == "attempt to index a nil value")
    let made = ScriptError(.declaration, reason: "tab 'x': its root 'y' is not a declared screen", file: "shop.lua", line: 4)
    #expect(made.message == "shop.lua:4: tab 'x': its root 'y' is not a declared screen")
    #expect(ScriptError(.declaration, reason: "reload rejected", file: "shop.lua").message == "shop.lua: reload rejected")
  }

  @Test func aRuleErrorFromTheEngineCarriesItsPlace() throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(source: """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "go" } }
      on("feed.go", function(nav)
        nav:push("itme")
      end)
      """, name: "shop.lua")
    let state = try rules.initialState()
    let route = try #require(state.routeContext(for: state.selectedStack.ids[0]))
    let error = try #require(throws: ScriptError.self) { try rules.batch(for: DynamicAction("go"), on: route, in: state) }
    #expect(error.file == "shop.lua")
    #expect(error.line == 4)
    #expect(error.rule == "feed.go")
    #expect(error.reason == "unknown screen 'itme'")
  }

  @Test func prefixesTheRuleWhenThereIsNoLocation() {
    let error = ScriptError(.invalidCommand, "a count must be a whole number, got 1.5", rule: "item.buyTapped")
    #expect(error.description == "item.buyTapped: a count must be a whole number, got 1.5")
  }

  @Test(arguments: [
    "demo.lua: no line number", "demo.lua:12 no second colon", "demo.lua:x1: not digits",
    "demo.lua::12: empty line", "no colon at all", "route 2: unknown style 'modal'",
  ])
  func treatsTextWithoutFileColonLineColonAsHavingNoLocation(message: String) {
    let error = ScriptError(.runtime, message, rule: "feed.itemTapped")
    #expect(error.description == "feed.itemTapped: " + message)
  }

  @Test func isJustTheMessageWithoutARule() {
    #expect(ScriptError(.syntax, "demo.lua:4: unexpected symbol near '}'").description
      == "demo.lua:4: unexpected symbol near '}'")
    #expect(ScriptError(.memory, "not enough memory").description == "not enough memory")
  }

  @Test func leavesTheTracebackOutOfTheLine() {
    let error = ScriptError(
      .runtime, "demo.lua:9: boom", rule: "feed.itemTapped",
      traceback: "stack traceback:\n\tdemo.lua:9: in function <demo.lua:8>")
    #expect(error.description == "demo.lua:9: feed.itemTapped: boom")
    #expect(error.traceback?.hasPrefix("stack traceback:") == true)
  }

  @Test func keepsKindRuleAndTracebackAndComparesByAllOfThem() {
    let error = ScriptError(.payload, "bad", rule: "r", traceback: "t")
    #expect(error.kind == .payload)
    #expect(error.message == "bad")
    #expect(error.rule == "r")
    #expect(error.traceback == "t")
    #expect(error == ScriptError(.payload, "bad", rule: "r", traceback: "t"))
    #expect(error != ScriptError(.runtime, "bad", rule: "r", traceback: "t"))
    #expect(error != ScriptError(.payload, "bad", rule: "s", traceback: "t"))
    #expect(error != ScriptError(.payload, "bad", rule: "r"))
    let plain = ScriptError(.declaration, "x")
    #expect(plain.rule == nil)
    #expect(plain.traceback == nil)
  }

  @Test func namesEveryKind() {
    let kinds: [ScriptError.Kind] = [
      .syntax, .runtime, .budgetExceeded, .memory, .declaration, .invalidCommand, .unknownName, .payload,
    ]
    #expect(kinds.map(\.rawValue) == [
      "syntax", "runtime", "budgetExceeded", "memory", "declaration", "invalidCommand", "unknownName", "payload",
    ])
  }
}
