import Testing

@testable import TabFlow
@testable import TabFlowLua

/// A rule, guard, deep-link handler or invariant that assigns variables the script held since it
/// loaded (`local n = 0` at the top, used by a rule) has every one of them put back and named —
/// whether the call returned, raised, or ran out of its budget or its memory — so the next, innocent
/// call sees the values the script loaded with and never fails for what another call did.
@MainActor
@Suite struct AssignedLocalsTests {
  static let script = """
    tab "home" { root = "feed" }
    screen "feed" { actions = { "fail", "many", "manyFail", "spin", "hog", "caught", "tap", "open", "guarded" } }
    screen "item" { state = { id = 0 } }
    screen "vault" {}
    local n, a, b = 0, 0, 0
    on("feed.fail", function(nav) n = n + 1; error("boom") end)
    on("feed.many", function(nav) n = n + 1; a = a + 1; b = b + 1 end)
    on("feed.manyFail", function(nav) n = n + 1; a = a + 1; b = b + 1; error("boom") end)
    on("feed.spin", function(nav) n = n + 1; a = a + 1; while true do end end)
    on("feed.hog", function(nav) n = n + 1; a = a + 1; local t = {}; for i = 1, 1e9 do t[i] = i end end)
    on("feed.caught", function(nav) pcall(function() n = n + 1; a = 5; error("x") end) end)
    on("feed.tap", function(nav) nav:push("item", { id = n * 100 + a * 10 + b }) end)
    on("feed.open", function(nav) nav:push("vault") end)
    on("feed.guarded", function(nav) nav:push("item", { id = 7 }) end)
    deeplink("shop://fail", function(nav) n = n + 1; b = 9; error("link boom") end)
    guard("vault door", function(change)
      if change.after.top == "vault" then a = a + 1; n = 4; error("guard boom") end
    end)
    invariant("counting", function(s)
      if s.top == "item" then n = n + 1; b = b + 2; error("invariant boom") end
      return true
    end)
    """

  static let limits = LuaVM.Limits.counted(instructions: 2_000_000, memoryBytes: 4 << 20)

  /// The innocent rule's answer: the pushed id is 0 while every variable has its load-time value.
  static func expectInnocentRuleSeesTheLoadTimeValues(_ flow: ScriptedFlow, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let batch = try flow.batch("tap")
    #expect(batch?.commands == [.push(DynamicScreen("item", state: ["id": 0]))], sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    ("fail", "shop.lua:6: boom (rule 'feed.fail' also assigned local 'n', held since the script loaded: it was put back"),
    ("manyFail", "shop.lua:8: boom (rule 'feed.manyFail' also assigned locals 'n', 'a' and 'b', held since the script loaded: they were put back"),
    ("spin", "script stopped (instruction budget of 2000000 exceeded) (rule 'feed.spin' also assigned locals 'n' and 'a'"),
    ("hog", "not enough memory (rule 'feed.hog' also assigned locals 'n' and 'a'"),
  ])
  func aRuleThatFailsHasEveryAssignmentPutBackAndNamed(action: String, message: String) throws {
    let flow = try ScriptedFlow(Self.script, limits: Self.limits)
    let error = try #require(throws: ScriptError.self) { try flow.batch(action) }
    #expect(error.message.contains(message), "\(error.message)")
    try Self.expectInnocentRuleSeesTheLoadTimeValues(flow)
    // The same call fails the same way the second time: nothing carried over.
    let again = try #require(throws: ScriptError.self) { try flow.batch(action) }
    #expect(again.message == error.message)
  }

  @Test func aRuleThatReturnsHasEveryAssignmentPutBackAndNamed() throws {
    let flow = try ScriptedFlow(Self.script, limits: Self.limits)
    let error = try #require(throws: ScriptError.self) { try flow.batch("many") }
    #expect(error.message == "shop.lua:7: attempt to assign locals 'n', 'a' and 'b' (held since the script loaded) inside rule 'feed.many' — keep state in screen state or context")
    try Self.expectInnocentRuleSeesTheLoadTimeValues(flow)
  }

  @Test func anAssignmentInsideACaughtErrorIsStillAnAssignment() throws {
    let flow = try ScriptedFlow(Self.script, limits: Self.limits)
    let error = try #require(throws: ScriptError.self) { try flow.batch("caught") }
    #expect(error.message.contains("attempt to assign locals 'n' and 'a' (held since the script loaded) inside rule 'feed.caught'"), "\(error.message)")
    try Self.expectInnocentRuleSeesTheLoadTimeValues(flow)
  }

  @Test func aDeepLinkHandlerThatFailsHasItsAssignmentsPutBack() throws {
    let flow = try ScriptedFlow(Self.script, limits: Self.limits)
    flow.store.send(.openURL("shop://fail"))
    let failure = try #require(flow.failures.first)
    #expect(failure.message.contains("link boom (deep link 'shop://fail' also assigned locals 'n' and 'b'"), "\(failure.message)")
    try Self.expectInnocentRuleSeesTheLoadTimeValues(flow)
  }

  @Test func aGuardThatFailsHasItsAssignmentsPutBack() throws {
    let flow = try ScriptedFlow(Self.script, limits: Self.limits)
    try flow.send("open")
    let failure = try #require(flow.failures.first)
    #expect(failure.message.contains("guard boom (guard 'vault door' also assigned locals 'n' and 'a'"), "\(failure.message)")
    #expect(flow.path == "feed")
    try Self.expectInnocentRuleSeesTheLoadTimeValues(flow)
  }

  @Test func anInvariantThatFailsHasItsAssignmentsPutBack() throws {
    let flow = try ScriptedFlow(Self.script, limits: Self.limits)
    try flow.send("guarded")
    #expect(flow.path == "feed > item")
    let violation = try #require(flow.rules.invariantViolations(in: flow.state).first)
    #expect(violation.description.contains("invariant boom (invariant 'counting' also assigned locals 'n' and 'b'"), "\(violation.description)")
    flow.perform([.pop()])
    try Self.expectInnocentRuleSeesTheLoadTimeValues(flow)
  }
}
