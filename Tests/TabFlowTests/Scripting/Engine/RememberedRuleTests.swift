@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime
import TestSupport
import Testing

extension ScriptedRulesTests {
  /// Rules are pure, so when asked to (`remembersRuleAnswers`, as `flowscript check` does) a rule
  /// called again with the same arguments in a state that looks the same to it is not run: its
  /// answer is recalled, and is the answer it would give.
  @MainActor
  @Suite("Remembered rule answers")
  struct RememberedRuleTests {
    static let script = """
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { open = { id = 1 }, "cancelled", "both" } }
      screen "item" { state = { id = 0 }, actions = { "more", "close", "cancelled" } }
      screen "account" { actions = { "cancelled", "orders" } }
      screen "orders" { state = { n = 0 }, actions = { "cancelled" } }
      -- Rules that read every kind of view, their payload and (a wildcard) their event.
      on("feed.open", function(nav, p)
        if nav.context.big then nav:push("item", { id = p.id * 10 }) else nav:push("item", { id = p.id }) end
      end)
      on("item.more", function(nav)
        if nav.depth < 4 then nav:push("item", { id = nav.depth }) else nav:goBackToRoot() end
      end)
      on("item.close", function(nav)
        local stack = nav.stack
        if nav:contains("item") and stack[#stack].state.id > 2 then nav:pop() else nav:emit("kept " .. nav.top) end
      end)
      on("*.cancelled", function(nav)
        local e = nav.event
        if e.screen == "item" or e.screen == "orders" then nav:pop() else nav:emit("cancelled " .. e.screen .. " in " .. e.tab) end
      end)
      on("feed.both", function(nav)
        nav:tab("profile"):push("orders", { n = nav:tab("profile").depth })
        nav:emit(nav.currentTab)
      end)
      on("account.orders", function(nav) nav:push("orders", { n = nav:tab("home").depth }) end)
      """

    /// What a flow shows: every tab's screens, the selected tab, and the events so far.
    static func shown(_ flow: ScriptedFlow) -> String {
      let tabs = flow.state.tabs.map { tab in "\(tab.id): " + tab.stack.routes.map { "\($0.screen)" }.joined(separator: " > ") }
      return tabs.joined(separator: " | ") + " @\(flow.state.selectedTab) events: \(flow.events.map(\.name))"
    }

    @Test func aFlowRememberingRuleAnswersGoesExactlyWhereOneRunningThemGoes() throws {
      let running = try ScriptedFlow(Self.script)
      let remembering = try ScriptedFlow(Self.script)
      remembering.rules.remembersRuleAnswers = true
      var choices = SeededChoices(seed: 13)
      for step in 0..<400 {
        let choice = choices.next(9)
        let id = 1 + choices.next(3)
        for flow in [running, remembering] {
          switch choice {
          case 0: try? flow.send("open", ["id": .int(id)], from: "feed")
          case 1: try? flow.send("more", from: "item")
          case 2: try? flow.send("close", from: "item")
          case 3: try? flow.send("cancelled")
          case 4: try? flow.send("both", from: "feed", in: "home")
          case 5: try? flow.send("orders", from: "account", in: "profile")
          case 6: flow.store.send(.setContext("big", .bool(id == 1)))
          case 7: flow.store.send(.tabTapped(id == 1 ? "profile" : "home"))
          default: flow.store.send(.back)
          }
        }
        #expect(Self.shown(remembering) == Self.shown(running), "step \(step)")
      }
      #expect(running.failures.map(\.message) == remembering.failures.map(\.message))
    }

    @Test func aRuleThatPrintsIsRunEachTime() throws {
      let flow = try ScriptedFlow("""
        tab "home" { root = "feed" }
        screen "feed" { actions = { "open" } }
        screen "item" { actions = { "back" } }
        on("feed.open", function(nav) print("opening"); nav:push("item") end)
        on("item.back", function(nav) nav:pop() end)
        """)
      flow.rules.remembersRuleAnswers = true
      var printed: [String] = []
      flow.rules.script.vm.printHandler = { printed.append($0) }
      for _ in 1...3 {
        try flow.send("open")
        try flow.send("back")
      }
      #expect(printed == ["opening", "opening", "opening"])
      #expect(flow.path == "feed")
    }
  }
}
