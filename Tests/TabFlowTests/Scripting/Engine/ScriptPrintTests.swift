import Logging
import RuntimeTestSupport
import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

extension ScriptedRulesTests {
  /// `print` in a rule, guard or deep link reaches the app: with what printed it and where.
  @Suite("print")
  @MainActor
  struct ScriptPrintTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 } } }
      screen "item" { state = { id = 0 } }
      on("feed.itemTapped", function(nav, payload)
        print("opening", payload.id)
        nav:push("item", { id = payload.id })
      end)
      guard("audit", function(change) print("checked " .. change.source) end)
      """

    @Test func whatAScriptPrintsWhileLoadingReachesEachHandlerFirst() throws {
      let rules = try ScriptedRules<DynamicScreen, DynamicAction>(
        source: "print('loading', 1)\n" + Self.script, name: "shop.lua")
      var first: [ScriptPrint] = []
      var second: [ScriptPrint] = []
      rules.printHandler = { first.append($0) }
      rules.printHandler = { second.append($0) }
      let expected = ScriptPrint(message: "loading\t1", source: nil, file: "shop.lua", line: 1)
      #expect(first == [expected])
      #expect(second == [expected])
    }

    @Test func printsWhileLoadingAreHeldUpToALimit() throws {
      let rules = try ScriptedRules<DynamicScreen, DynamicAction>(
        source: "for i = 1, \(LoadPrints.limit + 5) do print(i) end\n" + Self.script)
      var printed: [ScriptPrint] = []
      rules.printHandler = { printed.append($0) }
      #expect(printed.count == LoadPrints.limit + 1)
      #expect(printed.last?.message == "(5 more lines printed while loading were not kept)")
    }

    /// Bounded in bytes too: 1,000 lines of 50 KB printed at load were all held (50 MB) and
    /// written to every handler. At most 64 KiB are: the line crossing the bound is cut there
    /// with a marker, and the rest are counted.
    @Test(arguments: [(50_000, 1_000), (10, 20_000), (70_000, 1), (3, 400)])
    func printsWhileLoadingAreHeldUpTo64KiB(length: Int, count: Int) throws {
      let rules = try ScriptedRules<DynamicScreen, DynamicAction>(
        source: "for i = 1, \(count) do print(string.rep('\\u{E9}', \(length / 2))) end\n" + Self.script,
        // Up to 50 MB of text is built: the instruction budget bounds the load, a time
        // deadline would only make the test depend on the machine's speed.
        limits: LuaVM.Limits(deadline: nil))
      var printed: [ScriptPrint] = []
      rules.printHandler = { printed.append($0) }
      let text = printed.filter { !$0.message.hasPrefix("(") }
      let bytes = text.reduce(0) { $0 + $1.message.utf8.count + 1 }
      #expect(bytes <= LoadPrints.byteLimit + LoadPrints.cutMarker.utf8.count)
      #expect(text.allSatisfy { $0.message.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" } }, "cut between characters")
      let total = count * (length / 2 * 2 + 1)
      if total <= LoadPrints.byteLimit, count <= LoadPrints.limit {
        #expect(printed.count == count)
        #expect(!printed.contains { $0.message.hasSuffix(LoadPrints.cutMarker) })
      } else {
        #expect(text.contains { $0.message.hasSuffix(LoadPrints.cutMarker) } || count > LoadPrints.limit)
        #expect(printed.last?.message.hasSuffix("more lines printed while loading were not kept)") == true || count == 1)
      }
    }

    @Test func aRuleThatPrintsReachesTheHandlerWithItsRuleAndLine() throws {
      let flow = try ScriptedFlow(Self.script)
      var printed: [ScriptPrint] = []
      flow.rules.printHandler = { printed.append($0) }
      try flow.send("itemTapped", ["id": 3])
      #expect(flow.path == "feed > item")
      #expect(printed == [
        ScriptPrint(message: "opening\t3", source: "feed.itemTapped", file: "shop.lua", line: 5),
        ScriptPrint(message: "checked rule feed.itemTapped", source: "guard 'audit'", file: "shop.lua", line: 8),
      ])
      #expect(printed.first?.description == "print feed.itemTapped (shop.lua:5): opening\t3")
    }

    @Test func theHandlerIsKeptAcrossAReload() throws {
      let flow = try ScriptedFlow(Self.script)
      var printed: [String] = []
      flow.rules.printHandler = { printed.append($0.description) }
      _ = try flow.rules.reload(source: "\n" + Self.script, keeping: flow.state)
      try flow.send("itemTapped", ["id": 3])
      #expect(printed.first == "print feed.itemTapped (shop.lua:6): opening\t3")
    }

    @Test func aCoordinatorLogsPrintsToItsLoggerAtDebugLevel() throws {
      let rules = try DynamicRules(source: Self.script, name: "shop.lua")
      let sink = TabCoordinatorTests.CapturingLogHandler.Sink()
      let logger = TabCoordinatorTests.CapturingLogHandler.logger(level: .debug, sink: sink)
      let store = Store(initialState: try rules.initialState()) {
        TabCoordinator(script: rules, logger: logger)
          .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
      }
      let id = try #require(store.state.selectedStack.ids.last)
      store.send(.router(.routeAction(id: id, action: DynamicAction("itemTapped", payload: ["id": 4]))))
      let prints = sink.all.filter { $0.message.hasPrefix("print ") }
      #expect(prints.map(\.level) == [.debug, .debug])
      #expect(prints.first?.message == "print feed.itemTapped (shop.lua:5): opening\t4")
    }

    @Test func anAppsOwnHandlerIsNotReplacedByTheCoordinator() throws {
      let rules = try DynamicRules(source: Self.script, name: "shop.lua")
      var printed: [String] = []
      rules.printHandler = { printed.append($0.message) }
      let store = Store(initialState: try rules.initialState()) {
        TabCoordinator(script: rules, logger: TabCoordinatorTests.App.silentLogger)
          .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
      }
      let id = try #require(store.state.selectedStack.ids.last)
      store.send(.router(.routeAction(id: id, action: DynamicAction("itemTapped", payload: ["id": 4]))))
      #expect(printed == ["opening\t4", "checked rule feed.itemTapped"])
    }

    /// A remembered rule would not print again: a rule that prints is never remembered.
    @Test func aRememberingRuleThatPrintsPrintsEveryTime() throws {
      let flow = try ScriptedFlow(Self.script)
      flow.rules.remembersRuleAnswers = true
      var printed = 0
      flow.rules.printHandler = { if $0.source == "feed.itemTapped" { printed += 1 } }
      for _ in 1...3 {
        _ = try flow.batch("itemTapped", ["id": 3])
      }
      #expect(printed == 3)
    }
  }
}
