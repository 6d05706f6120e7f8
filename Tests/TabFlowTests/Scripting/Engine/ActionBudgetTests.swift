import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// One budget per action: the rule, every guard and a deep link's handler of one action share the
/// instruction budget and deadline of one call, so a line is bounded however many guards a
/// script declares; work the host does for a script (building `nav.stack`) counts too.
@MainActor
@Suite struct ActionBudgetTests {
  /// Counted limits only: these tests assert that the budget stopped a call, so no deadline may
  /// race it (on a loaded machine a 1 s deadline could fire first).
  static let limits = LuaVM.Limits.counted(instructions: 200_000, hookStride: 100)

  @Test func guardsShareTheActionsBudget() throws {
    // Each guard alone fits in the budget; together they do not.
    let guards = (1...10).map { n in
      """
      guard("busy \(n)", function(change) local x = 0; for i = 1, 30000 do x = x + i end end)
      """
    }.joined(separator: "\n")
    let flow = try ScriptedFlow(LabScript.go(#"nav:push("item")"#) + "\n" + guards, name: LabScript.name, limits: Self.limits)
    try flow.send("go")
    let failure = try #require(flow.failures.first)
    guard case let .rejected(name, reason) = failure.reason else {
      Issue.record("expected a rejection, got \(failure)")
      return
    }
    #expect(name.hasPrefix("busy "))
    #expect(name != "busy 1")
    #expect(reason.contains("instruction budget of 200000 exceeded"))
    #expect(flow.path == "feed")

    // The next action starts with a fresh budget: with fewer guards it goes through.
    let fewer = try ScriptedFlow(
      LabScript.go(#"nav:push("item")"#) + "\n" + guards.split(separator: "\n").prefix(2).joined(separator: "\n"),
      name: LabScript.name, limits: Self.limits)
    try fewer.send("go")
    try fewer.send("go", from: "item")
    #expect(fewer.failures.isEmpty)
    #expect(fewer.path == "feed > item > item")
  }

  @Test func theHostsWorkForAViewCountsAgainstTheBudget() throws {
    let flow = try ScriptedFlow(lab: "for i = 1, 1000 do local s = nav.stack end", limits: Self.limits)
    flow.perform((1...400).map { _ in .push(LabScript.item(1)) })
    try flow.send("go")
    let failure = try #require(flow.failures.first)
    #expect(failure.message.contains("(instruction budget of 200000 exceeded)"), "\(failure.message)")
    #expect(failure.message.hasPrefix("lab.lua:10:"), "\(failure.message)")
  }

  @Test func limitsOfTestsThatAssertWhichLimitStoppedACallHaveNoDeadline() {
    // A deadline racing the budget made `theHostsWorkForAViewCountsAgainstTheBudget` fail on a
    // loaded machine (the 1 s deadline fired first). Counted limits leave the budget alone to decide.
    let limits = [Self.limits, ScriptedRulesTests.ResourceLimitTests.budget, ScriptedRulesTests.ResourceLimitTests.memory]
    #expect(limits.allSatisfy { $0.deadline == nil })
    #expect(LuaVM.Limits.counted(instructions: 100_000).instructionsPerCall == 100_000)
  }

  @Test func aRuleFailureCarriesItsTraceback() throws {
    let flow = try ScriptedFlow(lab: "local function inner() error('boom') end\ninner()")
    try flow.send("go")
    let failure = try #require(flow.failures.first)
    guard case let .ruleFailed(rule) = failure.reason else {
      Issue.record("expected a rule failure, got \(failure)")
      return
    }
    #expect(rule.message == "lab.lua:10: *.go: boom")
    let traceback = try #require(rule.traceback)
    #expect(traceback.contains("lab.lua:10: in"))
    #expect(traceback.contains("lab.lua:11: in "))
    #expect(!traceback.contains("tabflow.dsl"))
  }

  @Test func guardRejectionsNameTheirGuard() throws {
    let flow = try ScriptedFlow(LabScript.go(#"nav:push("item")"#) + """

      guard("stock", function(change) return true end)
      guard(function(change) return false, "closed today" end)
      """, name: LabScript.name)
    try flow.send("go")
    let failure = try #require(flow.failures.first)
    #expect(failure.reason == .rejected(guard: "guard #2", reason: "closed today"))
    #expect(failure.description == "lab.lua:9: rule feed.go: rejected by guard #2: closed today")
  }
}
