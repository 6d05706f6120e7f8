@testable import FlowscriptKit
import Foundation
import Logging
import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// `check --explore` (``StateExplorer``: the engine with `check`'s numbering, packed levels and
/// threads) against the library's exploration of Lua rules as an app's test runs it
/// (``ScriptChecks/exploration(coordinator:initialState:depth:maxStates:)``, one thread, the
/// engine's own fingerprints): the same findings (kind, message, reproduction lines, in order),
/// states and transitions, on the demo, the frozen benchmark demo and scripts made to trip each
/// kind of finding — and the same for `--jobs` 1, 2 and 3 (a step's failure is told where it
/// ran: a guard's error is counted by the rules of the thread that stepped).
@Suite struct ScriptExplorationDifferentialTests {
  /// A finding as `check` prints it: its label, its message, its lines.
  struct Row: Equatable, CustomStringConvertible {
    let label: String
    let message: String
    let lines: [String]
    var description: String { "\(label): \(message) [\(lines.joined(separator: " | "))]" }
  }

  /// What an exploration found and how far it went.
  struct Outcome: Equatable {
    var rows: [Row]
    var states: Int
    var transitions: Int
  }

  static let quiet = Logger(label: "tabflow.navigation") { _ in SwiftLogNoOpLogHandler() }

  /// `check --explore depth --jobs jobs` on the script at `path`.
  static func check(_ path: String, depth: Int, customization: Bool = false, jobs: Int = 1) throws -> Outcome {
    let session = try FlowSession(origin: .file(path))
    var explorer = StateExplorer(
      session: session, depth: depth, maxStates: 100_000, quiet: true, customization: customization)
    explorer.jobs = jobs
    let report = explorer.run()
    let rows = report.findings.map { Row(label: $0.kind.name, message: $0.message, lines: $0.lines) }
    return Outcome(rows: rows, states: report.states, transitions: report.transitions)
  }

  /// The library's exploration of the script at `path`, with `check`'s context rounds.
  static func library(_ path: String, depth: Int, customization: Bool = false) throws -> Outcome {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: path)
    let coordinator = TabCoordinator(script: rules, logger: quiet)
    let initial = try rules.initialState()
    return ScriptChecks.explore(rules: rules, customization: customization) { _, checks in
      let report = checks.exploration(coordinator: coordinator, initialState: initial, depth: depth, maxStates: 100_000).run()
      let rows = checks.findings.map { Row(label: $0.kind.name, message: $0.message, lines: $0.reproduction.labels) }
      return Outcome(rows: rows, states: report.states, transitions: report.transitions)
    }
  }

  /// Both explorations of `script` (a path, or Lua source written to a file named `name`) at
  /// each of `depths`, `check`'s with each of `jobs`.
  static func compare(
    _ name: String, _ script: String, depths: [Int], customization: Bool = false, jobs: [Int] = [1, 2]
  ) async throws -> [Outcome] {
    var outcomes: [Outcome] = []
    try await Workspace.with { workspace in
      let path = script.hasSuffix(".lua") && !script.contains("\n") ? script : try workspace.write(name, script)
      for depth in depths {
        let expected = try library(path, depth: depth, customization: customization)
        for count in jobs {
          let found = try check(path, depth: depth, customization: customization, jobs: count)
          #expect(found.rows == expected.rows, "\(name) at depth \(depth), \(count) jobs")
          #expect(found.states == expected.states, "\(name) at depth \(depth), \(count) jobs")
          #expect(found.transitions == expected.transitions, "\(name) at depth \(depth), \(count) jobs")
        }
        outcomes.append(expected)
      }
    }
    return outcomes
  }

  /// The demo with guards that raise errors — on a screen, and on links once logged in (also
  /// while a deferred link is retried) — explored on 1, 2 and 3 threads: each error is told by
  /// the thread whose rules raised it, so every count gives the same report.
  @Test func guardErrorsAreTheSameOnAnyNumberOfThreads() async throws {
    let script = try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8) + """

      guard("broken share", function(change) if change.after.top == "share" then error("share is broken") end end)
      guard("broken links", function(change)
        if change.source:sub(1, 4) == "url " and change.context.loggedIn then error("links are broken") end
      end)
      """
    let outcomes = try await Self.compare("broken.lua", script, depths: [4], jobs: [1, 2, 3])
    let labels = Set(outcomes.flatMap { $0.rows.map(\.label) })
    #expect(labels.contains("guard error"), "\(labels.sorted())")
    #expect(outcomes.allSatisfy { $0.states > 500 })
  }

  @Test(arguments: [2, 3, 4, 5])
  func theDemo(depth: Int) async throws {
    let outcome = try await Self.compare("demo.lua", FlowscriptCLI.demoScript, depths: [depth], jobs: [1, 2, 3])
    #expect(outcome.first?.rows.isEmpty == false)
  }

  @Test func theDemoWithCustomization() async throws {
    _ = try await Self.compare("demo.lua", FlowscriptCLI.demoScript, depths: [3], customization: true)
  }

  @Test(arguments: [3, 4])
  func theFrozenBenchmarkDemo(depth: Int) async throws {
    let path = FlowscriptCLI.packageRoot.appendingPathComponent("Benchmarks/Frozen/demo-2026-11-28.lua").path
    _ = try await Self.compare("frozen.lua", path, depths: [depth])
  }

  /// Scripts that trip each kind of finding, and the kinds they trip in `check`.
  static let problems: [(name: String, script: String, kinds: Set<String>)] = [
    ("bug.lua", """
      tab "home" { root = "list" }
      screen "list" { actions = { "open", "fine", "up" } }
      screen "detail" {}
      on("list.fine", function(nav) nav:push("detail") end)
      on("list.up", function(nav) nav:pop() end)
      on("list.open", function(nav)
        local limits = nil
        nav:push("detail", { n = limits.max })
      end)
      """, ["rule error", "invalid command"]),
    ("typo.lua", """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 }, promoTapped = {}, refresh = {} } }
      screen "item" { state = { id = 0 }, actions = { shareTapped = { to = "x" } } }
      screen "orphan" {}
      screen "tagged" { state = { tags = { "a" } } }
      link("shop://tagged/:tags", "tagged", { tab = "home" })
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.idd or p.id }) end)
      on("feed.promoTapped", function(nav, p) nav:push("item") end)
      on("item.shareTapped", function(nav, p) if p.to == "x" then nav:pop() end end)
      """, ["payload field not in the sample", "unhandled action", "unreached", "link cannot be written"]),
    ("trap.lua", """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { "open", "promo" } }
      screen "menu" {}
      screen "gate" { actions = { "pass" } }
      screen "promo" { actions = { "like" } }
      on("feed.open", function(nav) nav:presentSheet("gate") end)
      on("feed.promo", function(nav) nav:presentCover("promo") end)
      on("promo.like", function(nav) end)
      on("gate.pass", function(nav) nav:dismiss() end)
      guard("the gate", function(change)
        if change.before.top == "gate" and change.after.top ~= "gate" and change.source == "back" then
          return false, "stay", { redirect = function(nav) nav:dismiss() nav:presentSheet("gate") end }
        end
      end)
      """, ["trap", "no way back"]),
    ("draft.lua", """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { "open", "ask" } }
      screen "menu" {}
      screen "draft" { actions = { "closeTapped" } }
      screen "note" {}
      on("feed.open", function(nav) nav:push("draft") end)
      on("feed.ask", function(nav) nav:presentSheet("note") end)
      on("draft.closeTapped", function(nav) nav:pop() end)
      guard("unsaved draft", function(change)
        if change.before.top == "draft" and change.after.top ~= "draft" then return false, "discard the draft? " end
      end)
      guard("a question", function(change)
        if change.before.top == "note" then return false, "leave the note?", { ask = true } end
      end)
      """, ["guard rejection (note)", "guard blocks with a question (note)", "guard question (note)", "trap"]),
    ("guards.lua", """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "open", "loop" } }
      screen "item" {}
      screen "spin" {}
      on("feed.open", function(nav) nav:push("item") end)
      on("feed.loop", function(nav) nav:push("spin") end)
      guard("broken", function(change) if change.after.top == "item" then error("boom") end end)
      guard("spinner", function(change)
        if change.after.top == "spin" then
          return false, "again", { redirect = function(nav) nav:push("spin") end }
        end
      end)
      """, ["guard error", "redirect loop"]),
    // A screen only beyond a state breaking an invariant is a note, not reached.
    ("vault.lua", InvariantAndContextTests.invariantFlow + "\nscreen \"beyond\" {}\n", ["invariant violated", "not reached"]),
    ("links.lua", """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "go" } }
      screen "item" { state = { id = 0 } }
      on("feed.go", function(nav) if nav.context.f0 or nav.context.f1 then nav:push("item", { id = 1 }) end end)
      link("shop://item/:id", "item", { tab = "home" })
      guard(function(change)
        if change.source:sub(1, 4) == "url " then return false, "x", { defer = true } end
      end)
      """, ["deferred link never opens", "link does not round-trip"]),
  ]

  @Test(arguments: 0..<7)
  func aScriptWithProblems(_ number: Int) async throws {
    let (name, script, kinds) = Self.problems[number]
    let outcomes = try await Self.compare(name, script, depths: [2, 3, 4])
    // The script trips what it was made to trip, in `check` (so the comparison covers it).
    let found = Set(outcomes.flatMap { $0.rows.map(\.label) }.map { $0.hasPrefix("not reached") ? "not reached" : $0 })
    #expect(kinds.isSubset(of: found), "\(name): \(found.sorted())")
  }

  /// A finding's reproduction replayed as actions (``Exploration/state(after:)``) and as lines
  /// sent to a session (`flowscript send`) ends in the same state.
  @Test func aReproductionReplaysAsActionsAndAsLines() throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: FlowscriptCLI.demoScript)
    let initial = try rules.initialState()
    let exploration = ScriptChecks.explore(rules: rules) { _, checks in
      let exploration = checks.exploration(
        coordinator: TabCoordinator(script: rules, logger: Self.quiet), initialState: initial, depth: 4)
      _ = exploration.run()
      return (exploration, checks.findings)
    }
    let findings = exploration.1.filter { !$0.reproduction.inputs.isEmpty }
    try #require(!findings.isEmpty)
    for finding in findings {
      let byActions = exploration.0.state(after: finding.reproduction)
      let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
      for line in finding.reproduction.labels { _ = session.execute(try FlowLineParser.parse(line)) }
      #expect(Self.shape(of: byActions) == Self.shape(of: session.state), "\(finding.reproduction.labels)")
    }
  }

  /// A state as the user sees it, route IDs aside.
  static func shape(of state: TabCoordinatorState<DynamicScreen>) -> String {
    let tabs = state.tabs.map { "\($0.id): " + $0.stack.routes.map { "\($0.style):\($0.screen.shownText)" }.joined(separator: " > ") }
    let app = state.appLayer.map { "\($0.style):\($0.screen.shownText)" }
    return "\(state.selectedTab) | \(tabs) | \(app) | \(state.context.sorted { $0.key < $1.key }) | \(state.pendingLink ?? "-")"
  }
}
