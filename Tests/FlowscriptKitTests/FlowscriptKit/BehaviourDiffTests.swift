@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import TestSupport
import Testing

/// `flowscript diff OLD NEW` in-process: `BehaviourDiff` on two sessions, its `DiffReport` read as
/// values. Each planted change is found exactly once, at the shortest lines that show it; a
/// refactor is found to change nothing.
@Suite struct BehaviourDiffTests {
  /// Two tabs, six screens, a guard, an event, a context flag and a rule that errors.
  static let base = """
    tab "home" { root = "feed" }
    tab "more" { root = "menu" }
    screen "feed" { actions = { itemTapped = { id = 1 }, "cartTapped" } }
    screen "item" { state = { id = 0 }, actions = { "buyTapped", "backTapped" } }
    screen "cart" { actions = { "checkoutTapped", "closeTapped" } }
    screen "checkout" { actions = { "paid" } }
    screen "menu" { actions = { "helpTapped", "reportTapped" } }
    screen "help" {}
    context "loggedIn"

    on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
    on("feed.cartTapped", function(nav) nav:presentSheet("cart", {}, { navigation = true }) end)
    on("item.buyTapped", function(nav) nav:emit("bought") end)
    on("item.backTapped", function(nav) nav:pop() end)
    on("cart.checkoutTapped", function(nav) nav:push("checkout") end)
    on("cart.closeTapped", function(nav) nav:dismiss() end)
    on("checkout.paid", function(nav) nav:dismissAll() nav:emit("paid") end)
    on("menu.helpTapped", function(nav) nav:push("help") end)
    on("menu.reportTapped", function(nav) error("a") end)

    guard("login for checkout", function(change)
      if change.after.top == "checkout" and not change.context.loggedIn then
        return false, "login required"
      end
    end)

    """

  /// `text` with `target` replaced by `replacement`; `target` must occur exactly once.
  static func replacing(
    _ target: String, with replacement: String, in text: String = base, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let parts = text.components(separatedBy: target)
    try #require(parts.count == 2, "'\(target)' occurs \(parts.count - 1) times", sourceLocation: sourceLocation)
    return parts.joined(separator: replacement)
  }

  /// A diff of two sessions, on one worker.
  static func diff(_ old: FlowSession, _ new: FlowSession, depth: Int, jobs: Int = 1) -> BehaviourDiff.Result {
    var diff = BehaviourDiff(old: old, new: new, depth: depth, maxPairs: 10_000)
    diff.jobs = jobs
    return diff.run()
  }

  /// The report of `old` against `new`, written to old.lua and new.lua, explored `depth` lines deep.
  static func review(_ old: String, _ new: String, depth: Int, in workspace: Workspace) throws -> DiffReport {
    let oldSession = try FlowSession(origin: .file(try workspace.write("old.lua", old)))
    let newSession = try FlowSession(origin: .file(try workspace.write("new.lua", new)))
    let (oldInitial, newInitial) = (oldSession.state, newSession.state)
    let result = diff(oldSession, newSession, depth: depth)
    // The sessions are handed back as they were.
    #expect(oldSession.state == oldInitial)
    #expect(newSession.state == newInitial)
    #expect(!oldSession.isExploring && !newSession.isExploring)
    return DiffReport(
      result, oldName: "old.lua", newName: "new.lua", oldSend: "flowscript send old.lua", newSend: "flowscript send new.lua")
  }

  /// One planted change: the new script, and the change the report must show (the input, the
  /// screen it is sent from, the shortest lines including it, and what each side does).
  struct Planted: CustomTestStringConvertible, Sendable {
    let name: String
    let new: @Sendable () throws -> String
    let screen: String
    let lines: [String]
    let old: String
    let changed: String
    var depth = 3

    var testDescription: String { name }
  }

  static let planted: [Planted] = [
    Planted(
      name: "push becomes presentSheet",
      new: { try replacing(#"nav:push("help")"#, with: #"nav:presentSheet("help")"#) },
      screen: "menu", lines: ["tab more", "menu.helpTapped"],
      old: "shows help (push), depth +1", changed: "shows help (sheet), depth +1"),
    Planted(
      name: "another target screen",
      new: { try replacing(#"nav:push("item", { id = p.id })"#, with: #"nav:push("help")"#) },
      screen: "feed", lines: ["feed.itemTapped {id=1}"],
      old: "shows item (push), depth +1", changed: "shows help (push), depth +1"),
    Planted(
      name: "a guard's reason",
      new: { try replacing(#""login required""#, with: #""please log in""#) },
      screen: "cart", lines: ["feed.cartTapped", "cart.checkoutTapped"],
      old: "rejected by guard 'login for checkout': login required",
      changed: "rejected by guard 'login for checkout': please log in"),
    Planted(
      name: "a guard added that rejects",
      new: {
        base + """
          guard("help closed", function(change)
            if change.after.top == "help" then return false, "help is closed" end
          end)
          """
      },
      screen: "menu", lines: ["tab more", "menu.helpTapped"],
      old: "shows help (push), depth +1", changed: "rejected by guard 'help closed': help is closed"),
    Planted(
      name: "an event renamed",
      new: { try replacing(#"nav:emit("bought")"#, with: #"nav:emit("purchased")"#) },
      screen: "item", lines: ["feed.itemTapped {id=1}", "item.buyTapped"],
      old: "changes nothing; emits bought", changed: "changes nothing; emits purchased"),
    Planted(
      name: "an event added",
      new: {
        try replacing(
          #"nav:presentSheet("cart", {}, { navigation = true })"#,
          with: #"nav:presentSheet("cart", {}, { navigation = true }) nav:emit("cartOpened")"#)
      },
      screen: "feed", lines: ["feed.cartTapped"],
      old: "shows cart (sheet), depth +1", changed: "shows cart (sheet), depth +1; emits cartOpened"),
    Planted(
      name: "a state field's value",
      new: { try replacing("{ id = p.id }", with: "{ id = p.id + 1 }") },
      screen: "feed", lines: ["feed.itemTapped {id=1}"],
      old: "shows item (push), depth +1", changed: "shows item (push), depth +1"),
    Planted(
      name: "a rule that now errors",
      new: { try replacing(#"nav:emit("bought")"#, with: #"error("x")"#) },
      screen: "item", lines: ["feed.itemTapped {id=1}", "item.buyTapped"],
      old: "changes nothing; emits bought", changed: "rule error"),
    Planted(
      name: "an action only the new script declares and handles",
      new: {
        try replacing(#"screen "help" {}"#, with: #"screen "help" { actions = { "doneTapped" } }"#)
          + #"on("help.doneTapped", function(nav) nav:pop() end)"# + "\n"
      },
      screen: "help", lines: ["tab more", "menu.helpTapped", "help.doneTapped"],
      old: "screen 'help' has no action 'doneTapped' (actions: none)", changed: "pops to menu, depth -1"),
    Planted(
      name: "an event's payload",
      new: { try replacing(#"nav:emit("paid")"#, with: #"nav:emit("paid", { total = 2 })"#) },
      screen: "checkout", lines: ["set loggedIn true", "feed.cartTapped", "cart.checkoutTapped", "checkout.paid"],
      old: "dismisses to feed, depth -2; emits paid", changed: "dismisses to feed, depth -2; emits paid {total=2}", depth: 4),
    Planted(
      name: "a sheet's detents",
      new: {
        try replacing(
          #"nav:presentSheet("cart", {}, { navigation = true })"#,
          with: #"nav:presentSheet("cart", {}, { navigation = true, detents = { "medium" } })"#)
      },
      screen: "feed", lines: ["feed.cartTapped"],
      old: "shows cart (sheet), depth +1", changed: "shows cart (sheet), depth +1"),
    Planted(
      name: "a tab's leave policy",
      new: { try replacing(#"tab "more" { root = "menu" }"#, with: #"tab "more" { root = "menu", leave = "popToRoot" }"#) },
      screen: "help", lines: ["tab more", "menu.helpTapped", "tab home"],
      old: "shows feed in tab home, depth -1", changed: "shows feed in tab home, depth -1"),
    Planted(
      name: "a branch on a context key only the new script reads",
      new: {
        try replacing(
          #"on("feed.cartTapped", function(nav) nav:presentSheet("cart", {}, { navigation = true }) end)"#,
          with: """
            on("feed.cartTapped", function(nav)
              if nav.context.vip then nav:push("item") else nav:presentSheet("cart", {}, { navigation = true }) end
            end)
            """)
      },
      screen: "feed", lines: ["set vip true", "feed.cartTapped"],
      old: "shows cart (sheet), depth +1", changed: "shows item (push), depth +1"),
    Planted(
      name: "an action removed",
      new: {
        let text = try replacing(#"actions = { "helpTapped", "reportTapped" }"#, with: #"actions = { "helpTapped" }"#)
        return try replacing(#"on("menu.reportTapped", function(nav) error("a") end)"#, with: "", in: text)
      },
      screen: "menu", lines: ["tab more", "menu.reportTapped"],
      old: "rule error", changed: "screen 'menu' has no action 'reportTapped' (actions: helpTapped)"),
  ]

  @Test(arguments: planted)
  func aPlantedChangeIsFoundOnceAtItsShortestLines(_ planted: Planted) async throws {
    try await Workspace.with { workspace in
      let report = try Self.review(Self.base, try planted.new(), depth: planted.depth, in: workspace)
      #expect(!report.isClean)
      #expect(report.result.initialDifference == nil)
      #expect(report.result.violations.isEmpty)
      #expect(!report.result.truncated)
      #expect(report.result.depthReached == planted.depth)
      #expect(report.groups.count == 1, "\(report.groups.map { ($0.first.lines + [$0.first.input], $0.old, $0.new) })")
      let group = try #require(report.groups.first)
      #expect(group.first.input == planted.lines.last)
      #expect(group.first.lines + [group.first.input] == planted.lines)
      #expect(group.first.screen == planted.screen)
      #expect(group.old == planted.old)
      #expect(group.new == planted.changed)
      // Every sequence that differs is one of the group's: the same input, on the same screen.
      #expect(report.result.differences.count == group.count)
      #expect(report.result.differences.allSatisfy { $0.input == group.first.input && $0.screen == planted.screen })
      // The shortest comes first.
      #expect(report.result.differences.allSatisfy { $0.lines.count >= group.first.lines.count })

      // The JSON says the same, with both reproductions.
      let json = try FlowscriptCLI.jsonObject(report.json())
      #expect(json["clean"] as? Bool == false)
      let differences = try #require(json["differences"] as? [[String: Any]])
      #expect(differences.count == 1)
      #expect(differences.first?["lines"] as? [String] == planted.lines)
      let reproduce = try #require(differences.first?["reproduce"] as? [String: String])
      let words = planted.lines.map(\.shellWord).joined(separator: " ")
      #expect(reproduce["old"] == "flowscript send old.lua " + words)
      #expect(reproduce["new"] == "flowscript send new.lua " + words)
    }
  }

  /// A link only the new script declares: its URL is sent from every screen, and each screen's
  /// outcome is a change of its own (the input differs by the screen it is sent from).
  @Test func aLinkAddedIsOneGroupPerScreenItIsSentFrom() async throws {
    try await Workspace.with { workspace in
      let new = Self.base + #"link("app://item/:id", "item", { tab = "home" })"# + "\n"
      let report = try Self.review(Self.base, new, depth: 2, in: workspace)
      #expect(!report.isClean)
      #expect(report.groups.allSatisfy { $0.first.input == "url app://item/1" })
      #expect(report.groups.allSatisfy { $0.old == "no deep link matches 'app://item/1' (no patterns are declared)" })
      // One group per screen, each screen once.
      let screens = report.groups.map(\.first.screen)
      #expect(Set(screens).count == screens.count)
      #expect(Set(screens).isSuperset(of: ["feed", "menu", "item", "cart"]))
      let first = try #require(report.groups.first)
      #expect(first.first.lines == [])
      #expect(first.first.screen == "feed")
      #expect(first.new == "shows item (push), depth +1")
      #expect(report.groups.first { $0.first.screen == "menu" }?.new == "shows item (push) in tab home, depth +1")
      #expect(report.result.differences.count == report.groups.map(\.count).reduce(0, +))
    }
  }

  /// The report does not depend on how many sessions of each script explore at once.
  @Test func theReportIsTheSameForAnyNumberOfJobs() async throws {
    try await Workspace.with { workspace in
      let demo = try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8)
      let rule = #"nav:app():presentCover("promo")"#
      try #require(demo.components(separatedBy: rule).count == 2)
      let old = try workspace.write("old.lua", demo)
      let new = try workspace.write("new.lua", demo.replacingOccurrences(of: rule, with: #"nav:app():presentSheet("promo")"#))
      var reports: [[String]] = []
      for jobs in [1, 2] {
        let result = Self.diff(try FlowSession(origin: .file(old)), try FlowSession(origin: .file(new)), depth: 4, jobs: jobs)
        let report = DiffReport(result, oldName: "old", newName: "new", oldSend: "old", newSend: "new")
        #expect(!report.isClean)
        #expect(report.groups.count == 1)
        #expect(report.groups.first.map { $0.first.lines + [$0.first.input] } == ["feed.promoTapped"])
        reports.append(
          ["\(result.pairs) \(result.transitions) \(result.depthReached)"]
            + result.differences.map { ($0.lines + [$0.input]).joined(separator: " | ") })
      }
      #expect(reports[0] == reports[1])
      // Enough pairs that the second job had a share of them.
      #expect(Int(reports[0][0].split(separator: " ")[0])! > ScriptWorkers.parallelThreshold)
    }
  }

  /// The reproduction lines, sent to each script's session, do what the report says.
  @Test func theReproductionReplaysTheDifference() async throws {
    try await Workspace.with { workspace in
      let new = try Self.replacing("{ id = p.id }", with: "{ id = p.id + 1 }")
      let report = try Self.review(Self.base, new, depth: 2, in: workspace)
      let group = try #require(report.groups.first)
      var states: [String] = []
      for name in ["old.lua", "new.lua"] {
        let session = try FlowSession(origin: .file(workspace.path(name)))
        for line in group.first.lines + [group.first.input] {
          _ = session.execute(try FlowLineParser.parse(line))
        }
        states.append(StateJSON.render(session.state))
      }
      #expect(states[0].contains(#""screen":"item","state":{"id":1}"#))
      #expect(states[1].contains(#""screen":"item","state":{"id":2}"#))
    }
  }

  /// A script against itself: nothing differs, and the whole space is explored.
  @Test func aScriptAgainstItselfIsClean() async throws {
    try await Workspace.with { workspace in
      let report = try Self.review(Self.base, Self.base, depth: 4, in: workspace)
      #expect(report.isClean)
      #expect(report.result.differences.isEmpty)
      #expect(report.groups.isEmpty)
      #expect(report.result.pairs > 5)
      #expect(report.result.transitions > report.result.pairs)
      #expect(report.result.context.names == ["loggedIn"])
      let json = try FlowscriptCLI.jsonObject(report.json())
      #expect(json["clean"] as? Bool == true)
      #expect((json["differences"] as? [Any])?.isEmpty == true)
    }
  }

  static let refactors: [(name: String, new: @Sendable () throws -> String)] = [
    ("renamed locals", {
      var text = try replacing(
        #"function(nav, p) nav:push("item", { id = p.id }) end"#, with: #"function(n, payload) n:push("item", { id = payload.id }) end"#)
      text = try replacing(
        #"function(nav) nav:dismissAll() nav:emit("paid") end"#, with: #"function(navigation) navigation:dismissAll() navigation:emit("paid") end"#,
        in: text)
      return try replacing(
        "function(change)\n  if change.after.top == \"checkout\" and not change.context.loggedIn then",
        with: "function(c)\n  if c.after.top == \"checkout\" and not c.context.loggedIn then", in: text)
    }),
    ("reordered rules", {
      let lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let rules = lines.filter { $0.hasPrefix("on(") }
      let others = lines.filter { !$0.hasPrefix("on(") }
      return (others + rules.reversed()).joined(separator: "\n")
    }),
    ("a helper extracted", {
      let text = try replacing(
        #"on("menu.helpTapped", function(nav) nav:push("help") end)"#, with: #"on("menu.helpTapped", function(nav) show(nav, "help") end)"#)
      return try replacing(
        #"context "loggedIn""#, with: "context \"loggedIn\"\nlocal function show(nav, screen) nav:push(screen) end", in: text)
    }),
    ("an if rewritten with and/or", {
      try replacing(
        """
          if change.after.top == "checkout" and not change.context.loggedIn then
            return false, "login required"
          end
        """,
        with: """
            local blocked = change.after.top == "checkout" and not change.context.loggedIn
            return not blocked, blocked and "login required" or nil
          """)
    }),
    ("a rule error's message", { try replacing(#"error("a")"#, with: #"error("b: a longer message")"#) }),
  ]

  @Test(arguments: refactors.indices)
  func aRefactorChangesNothing(_ index: Int) async throws {
    let (name, makeNew) = Self.refactors[index]
    try await Workspace.with { workspace in
      let new = try makeNew()
      #expect(new != Self.base, "\(name)")
      let report = try Self.review(Self.base, new, depth: 4, in: workspace)
      #expect(report.isClean, "\(name): \(report.groups.map { ($0.first.lines + [$0.first.input], $0.old, $0.new) })")
      #expect(report.result.differences.isEmpty, "\(name)")
      #expect(report.result.initialDifference == nil, "\(name)")
      #expect(report.result.depthReached == 4, "\(name)")
      #expect(report.result.pairs > 5, "\(name)")
    }
  }

  /// Another tab: the initial states differ, and nothing else is compared.
  @Test func initialStatesThatDifferAreReportedAlone() async throws {
    try await Workspace.with { workspace in
      let new = try Self.replacing(#"tab "more" { root = "menu" }"#, with: "tab \"more\" { root = \"menu\" }\ntab \"extra\" { root = \"help\" }")
      let report = try Self.review(Self.base, new, depth: 3, in: workspace)
      #expect(!report.isClean)
      let initial = try #require(report.result.initialDifference)
      #expect(initial.hasPrefix("the initial states differ:\n  old: home: "))
      #expect(report.result.differences.isEmpty)
      #expect(report.groups.isEmpty)
      #expect(report.result.pairs == 0)
      let json = try FlowscriptCLI.jsonObject(report.json())
      #expect(json["initialDifference"] as? String == initial)
      #expect(json["clean"] as? Bool == false)
    }
  }

  static let helpInvariant = """
    invariant("help is never shown", function(s)
      if s.top == "help" then return false, "help on " .. s.currentTab end
      return true
    end)

    """

  /// An invariant only the new script breaks: a violation of the new side, at the fewest lines.
  @Test func theNewScriptBreakingAnInvariantIsNotClean() async throws {
    try await Workspace.with { workspace in
      let report = try Self.review(Self.base, Self.base + Self.helpInvariant, depth: 3, in: workspace)
      #expect(report.result.differences.isEmpty)
      #expect(!report.isClean)
      #expect(report.result.violations.count == 1)
      let violation = try #require(report.result.violations.first)
      #expect(violation.side == .new)
      #expect(violation.lines == ["tab more", "menu.helpTapped"])
      #expect(violation.violation.name == "help is never shown")
      #expect(violation.violation.reason == "help on more")
      #expect(!violation.violation.isError)
      let json = try FlowscriptCLI.jsonObject(report.json())
      let violations = try #require(json["violations"] as? [[String: Any]])
      #expect(violations.first?["side"] as? String == "new")
      #expect(violations.first?["lines"] as? [String] == ["tab more", "menu.helpTapped"])
    }
  }

  /// The old script breaking its invariant (fixed since) is a note: the review is clean.
  @Test func onlyTheOldScriptBreakingAnInvariantIsClean() async throws {
    try await Workspace.with { workspace in
      let report = try Self.review(Self.base + Self.helpInvariant, Self.base, depth: 3, in: workspace)
      #expect(report.isClean)
      #expect(report.result.differences.isEmpty)
      #expect(report.result.violations.map(\.side) == [.old])
      #expect(report.result.violations.first?.lines == ["tab more", "menu.helpTapped"])
    }
  }

  // MARK: - Differential check against a line-by-line oracle

  /// A generated flow: two tabs, four screens, every screen's two actions each doing one thing.
  struct GeneratedFlow {
    static let screens = ["a", "b", "c", "d"]
    /// What `screen.action` does: push, present a sheet, pop, dismiss or emit, and where.
    var effects: [String: (verb: String, target: String)] = [:]

    init(_ choices: inout SeededChoices) {
      for screen in Self.screens {
        for action in ["go", "alt"] {
          effects["\(screen).\(action)"] = (
            choices.pick(["push", "presentSheet", "pop", "dismiss", "emit"]), choices.pick(Self.screens)
          )
        }
      }
    }

    var script: String {
      var lines = [#"tab "one" { root = "a" }"#, #"tab "two" { root = "c" }"#]
      for screen in Self.screens { lines.append("screen \"\(screen)\" { actions = { \"go\", \"alt\" } }") }
      for key in effects.keys.sorted() {
        let (verb, target) = effects[key]!
        let body = switch verb {
        case "pop", "dismiss": "nav:\(verb)()"
        case "emit": "nav:emit(\"\(target)\")"
        default: "nav:\(verb)(\"\(target)\")"
        }
        lines.append("on(\"\(key)\", function(nav) \(body) end)")
      }
      return lines.joined(separator: "\n") + "\n"
    }
  }

  /// What the last of `lines` did in `session`, sent from `initial`, as a user sees it: the state
  /// after it, the events it emitted, and its failure (a rule error or invalid command by kind:
  /// its message names the script's file and lines; any other by its message).
  static func observe(_ lines: [String], in session: FlowSession, from initial: FlowSession.State) throws -> [String] {
    session.load(initial)
    var outcome = ""
    for line in lines {
      let result = session.execute(try FlowLineParser.parse(line))
      outcome = "ran"
      if case let .failed(message) = result {
        switch session.lastFailureKind {
        case .ruleError?, .invalidCommand?, .redirectLoop?: outcome = "failed \(session.lastFailureKind!)"
        default: outcome = "failed: " + message
        }
      }
    }
    return [outcome, StateJSON.render(session.state), session.lastEvents.map(\.description).joined(separator: ",")]
  }

  /// The first sequence of at most `depth` lines (taps, back, the top screen's actions), breadth
  /// first, whose last line does something else in the two sessions; `nil` when none does.
  static func oracle(_ old: FlowSession, _ new: FlowSession, depth: Int) throws -> [String]? {
    let (oldInitial, newInitial) = (old.state, new.state)
    defer {
      old.load(oldInitial)
      new.load(newInitial)
    }
    var frontier: [[String]] = [[]]
    for _ in 0..<depth {
      var next: [[String]] = []
      for prefix in frontier {
        _ = try observe(prefix, in: old, from: oldInitial)
        let state = old.state
        let top = state.selectedStack.top.screen.name
        let inputs = state.tabIDs.map { "tab \($0.rawValue)" } + ["back"]
          + (old.rules.declarations.screen(named: top)?.actionList ?? []).map { "\(top).\($0)" }
        for input in inputs {
          let lines = prefix + [input]
          if try observe(lines, in: old, from: oldInitial) != observe(lines, in: new, from: newInitial) { return lines }
          next.append(lines)
        }
      }
      frontier = next
    }
    return nil
  }

  /// 30 seeded variants — one rule's target changed, or left as it was — each diffed two lines
  /// deep: `diff` finds a difference exactly when replaying every sequence of up to two lines on
  /// both scripts does, and its shortest reproduction is as short as the oracle's and differs too.
  @Test func theDiffAgreesWithALineByLineOracle() async throws {
    var tally = (same: 0, differ: 0)
    try await Workspace.with { workspace in
      for seed in 0..<30 {
        var choices = SeededChoices(seed: UInt64(seed))
        let flow = GeneratedFlow(&choices)
        var variant = flow
        let key = choices.pick(flow.effects.keys.sorted())
        let effect = flow.effects[key]!
        // Half of the variants keep the rule; the others give it another target (a pop or dismiss
        // becomes a push there).
        if choices.next(2) == 1 {
          let verb = ["pop", "dismiss"].contains(effect.verb) ? "push" : effect.verb
          variant.effects[key] = (verb, choices.pick(GeneratedFlow.screens.filter { $0 != effect.target }))
        }
        let old = try FlowSession(origin: .file(try workspace.write("old\(seed).lua", flow.script)))
        let new = try FlowSession(origin: .file(try workspace.write("new\(seed).lua", variant.script)))
        let (oldInitial, newInitial) = (old.state, new.state)
        let expected = try Self.oracle(old, new, depth: 2)
        let result = Self.diff(old, new, depth: 2)
        let report = DiffReport(result, oldName: "old", newName: "new", oldSend: "old", newSend: "new")
        #expect(report.isClean == (expected == nil), "seed \(seed): oracle \(expected ?? []), diff \(report.groups.map(\.first.input))")
        // Every sequence that differs is in exactly one change; one rule edited is one change.
        #expect(report.changes.map(\.count).reduce(0, +) == result.differences.count, "seed \(seed)")
        #expect(report.changeOfDifference.count == result.differences.count, "seed \(seed)")
        #expect(report.changes.count == (expected == nil ? 0 : 1), "seed \(seed): \(report.changes.map(\.cause.text))")
        if let expected, let first = report.groups.first {
          tally.differ += 1
          let lines = first.first.lines + [first.first.input]
          #expect(lines.count == expected.count, "seed \(seed)")
          // The diff's reproduction, replayed on both scripts, ends differently.
          #expect(
            try Self.observe(lines, in: old, from: oldInitial) != Self.observe(lines, in: new, from: newInitial),
            "seed \(seed): \(lines)")
        } else if expected == nil {
          tally.same += 1
        }
      }
    }
    // Both answers were exercised.
    #expect(tally.same >= 5, "\(tally)")
    #expect(tally.differ >= 5, "\(tally)")
  }
}
