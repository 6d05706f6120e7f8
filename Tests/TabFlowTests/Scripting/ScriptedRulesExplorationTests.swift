import TabFlow
import TabFlowExploration
import Testing

/// `TabFlowExploration` knows no rule type: Lua rules explore as Swift rules do.
@Suite("Exploring Lua rules with TabFlowExploration")
struct ScriptedRulesExplorationTests {
  @Test("A script's rules are explored through the same engine; a rule error is found at its shortest line")
  func scriptedRules() throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(
      source: """
        tab "home" { root = "feed" }
        tab "profile" { root = "account" }
        screen "feed" { actions = { "open", "broken" } }
        screen "item" { actions = { "close" } }
        screen "account" {}
        on("feed.open", function(nav) nav:push("item") end)
        on("item.close", function(nav) nav:pop() end)
        on("feed.broken", function(nav) error("boom") end)
        """)
    // The alphabet from the script's declarations: each declared action with its sample payload.
    let alphabet = ExplorationAlphabet<DynamicScreen, DynamicAction>(screenName: \.name) { screen in
      let declared = rules.declarations.screens.first { $0.name == screen.name }?.actions ?? []
      return declared.map { ($0.name, DynamicAction($0.name, payload: $0.sample)) }
    }
    let exploration = Exploration(
      coordinator: TabCoordinator(script: rules), initialState: try rules.initialState(), depth: 4,
      expectedScreens: ["feed", "item", "account"], alphabet: alphabet)
    let report = exploration.run()
    #expect(report.states == 4 && report.exhaustive, "\(report.text)")
    #expect(report.problems.count == 1, "\(report.text)")
    #expect(report.problems.first?.message.hasPrefix("rule error: ") == true)
    #expect(report.problems.first?.message.contains("boom") == true)
    #expect(report.problems.first?.reproduction.labels == ["feed: broken"])
    #expect(exploration.run().text == report.text)
  }
}
