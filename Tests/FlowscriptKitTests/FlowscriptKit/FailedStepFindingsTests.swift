import Logging
import TabFlowCore
import TabFlowExploration
import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// `check`'s failed steps (``FailedStepAnalysis``), which skip a discarded batch met before
/// without writing its message (asked where the step's failure holds it): a script whose guard
/// rejects five pushes, each for its own reason, from many states — every rejection reported,
/// each once.
@Suite struct FailedStepFindingsTests {
  static let script = """
    tab "home" { root = "feed" }
    tab "more" { root = "menu" }
    screen "feed" { actions = { "a1", "a2", "a3", "a4", "a5", "deeper" } }
    screen "menu" {}
    screen "item1" {}
    screen "item2" {}
    screen "item3" {}
    screen "item4" {}
    screen "item5" {}
    for i = 1, 5 do on("feed.a" .. i, function(nav) nav:push("item" .. i) end) end
    on("feed.deeper", function(nav) nav:push("feed") end)
    guard("items", function(change)
      if change.after.top:sub(1, 4) == "item" then return false, "no " .. change.after.top end
    end)
    """

  @Test func eachRejectionIsReportedOnce() async throws {
    let messages = try await Workspace.with { workspace in
      let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: try workspace.write("items.lua", Self.script))
      let coordinator = TabCoordinator(script: rules, logger: Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() })
      let checks = ScriptChecks(rules: rules, alphabet: ScriptAlphabet(declarations: rules.declarations))
      _ = checks.exploration(coordinator: coordinator, initialState: try rules.initialState(), depth: 4).run()
      return checks.findings.filter { $0.kind.name.hasPrefix("guard rejection") }.map(\.message)
    }
    #expect(messages.sorted() == (1...5).map { "rejected by guard 'items': no item\($0)" })
  }
}
