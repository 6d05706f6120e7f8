@testable import FlowscriptKit
import Foundation
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

typealias DynamicRules = ScriptedRules<DynamicScreen, DynamicAction>

/// `context "tier" { … }` and `invariant("name", fn)`: how they are declared and refused, what the
/// explorer sets context keys to (declared or only read), and where invariants are evaluated.
@Suite struct InvariantAndContextTests {
  static let base = """
    tab "home" { root = "start" }
    screen "start" { actions = { "open" } }
    screen "secret" { actions = { "deeper" } }
    screen "vault" {}
    """

  static func load(_ source: String) throws -> DynamicRules {
    try DynamicRules(source: source, name: "shop.lua")
  }

  static func loadError(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ScriptError {
    try #require(throws: ScriptError.self, sourceLocation: sourceLocation) { try DynamicRules(source: source, name: "shop.lua") }
  }

  // MARK: - context declarations

  @Test func contextDeclarationsKeepTheirValuesInOrderAndAKeyAloneIsAFlag() throws {
    let rules = try Self.load(Self.base + "\n" + """
      context "tier" { "gold", "silver", "bronze" }
      context "vip"
      context "level" { 3, 2.5, false }
      """)
    let keys = rules.declarations.contextKeys
    #expect(keys.map(\.key) == ["tier", "vip", "level"])
    #expect(keys.map(\.values) == [
      [.string("gold"), .string("silver"), .string("bronze")],
      [.bool(true), .bool(false)],
      [.int(3), .double(2.5), .bool(false)],
    ])
    #expect(keys.map(\.line) == [5, 6, 7])
    // What the explorers set: the declared keys, in declaration order, none undeclared.
    let samples = ContextSamples(declarations: rules.declarations, read: ["tier", "other"])
    #expect(samples.names == ["tier", "vip", "level", "other"])
    #expect(samples.undeclared == ["other"])
    #expect(samples.keys.map(\.isFlag) == [false, true, false, true])
  }

  /// `diff`'s samples: a key either script declares keeps the declared values of both, also when
  /// the script that does not declare it is seen to read it; a key neither declares is a flag.
  @Test func aKeyOneOfTwoScriptsDeclaresKeepsItsValuesWhenTheOtherReadsIt() throws {
    let old = try Self.load(Self.base + "\n" + #"context "tier" { "gold", "silver" }"#)
    let new = try Self.load(Self.base + "\n" + #"context "level" { 1, 2 }"#)
    let declarations = [old.declarations, new.declarations]
    let samples = ContextSamples(declarations: declarations, read: [])
    var rounds = 0
    let explored = ContextSamples.exploring(from: samples, declarations: declarations) { samples in
      rounds += 1
      return (samples, ["tier", "level", "vip"])
    }
    #expect(explored.names == ["tier", "level", "vip"])
    #expect(explored.keys.map(\.values) == [[.string("gold"), .string("silver")], [.int(1), .int(2)], [.bool(true), .bool(false)]])
    #expect(explored.undeclared == ["vip"])
    #expect(rounds == 2)
  }

  @Test(arguments: [
    ("context \"tier\" { \"gold\" }\ncontext \"tier\"", "shop.lua:6: context key 'tier' is declared twice"),
    (#"context "tier" "gold""#,
     #"shop.lua:5: context 'tier' needs a list of sample values, e.g. context "tier" { "gold", "silver" }"#),
    (#"context "tier" {}"#,
     #"shop.lua:5: context 'tier' needs a list of sample values, e.g. context "tier" { "gold", "silver" }"#),
    (#"context "tier" { "gold", function() end }"#,
     "shop.lua:5: context 'tier': value 2 is a function; sample values are strings, numbers or booleans"),
    (#"context "tier" { { "gold" } }"#,
     "shop.lua:5: context 'tier': value 1 is a table; sample values are strings, numbers or booleans"),
    (#"context "tier" { "gold", extra = "silver" }"#,
     "shop.lua:5: context 'tier': sample values are a list (found the key extra)"),
    ("local tier = context \"tier\"\ntier { \"gold\" }\ntier { \"silver\" }", "shop.lua:7: context 'tier': its values are already declared"),
    ("context \"tier\" { \"gold\" } { \"silver\" }", "shop.lua:5: context 'tier': its values are already declared"),
    ("context \"tier\" { " + (1...65).map { "\"v\($0)\"" }.joined(separator: ", ") + " }", "shop.lua:5: context 'tier': 65 sample values; at most 64 (each explored state tries every one)"),
    ("context(42)", "shop.lua:5: context key must be a non-empty string, got number"),
  ])
  func aContextDeclarationThatCannotBeExploredIsRefusedSayingWhere(_ line: String, _ message: String) throws {
    let error = try Self.loadError(Self.base + "\n" + line)
    #expect(error.message == message)
  }

  /// A declaration made by a rule would be lost: it is an error of the rule, with its line.
  @Test func aContextDeclaredInsideARuleIsARuleError() async throws {
    let script = Self.base + "\n" + """
      on("start.open", function(nav)
        context "late"
      end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("shop.lua", script)))
      let outcome = session.execute(try FlowLineParser.parse("start.open"))
      guard case let .failed(message) = outcome else {
        Issue.record("start.open did not fail: \(outcome)")
        return
      }
      #expect(session.lastFailureKind == .ruleError)
      #expect(message.hasPrefix("shop.lua:6: "), "\(message)")
      #expect(message.contains("context keys must be declared while the script loads, not inside rule 'start.open'"), "\(message)")
      #expect(session.state.selectedStack.top.screen.name == "start")
    }
  }

  // MARK: - the explorer sets the keys rules read

  static func explore(_ script: String, depth: Int = 3) async throws -> CheckReport {
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("shop.lua", script)))
      var explorer = StateExplorer(session: session, depth: depth, maxStates: 10_000, quiet: true)
      explorer.jobs = 1
      return explorer.run()
    }
  }

  static let deeper = #"on("secret.deeper", function(nav) nav:push("vault") end)"#

  /// However a rule or guard reads the key, the explorer sees the read and sets it.
  @Test(arguments: [
    ("nav.context[\"vip\"]", #"on("start.open", function(nav) if nav.context["vip"] then nav:push("secret") end end)"#, ["vip"]),
    ("a local copy", """
      on("start.open", function(nav)
        local ctx = nav.context
        if ctx.vip then nav:push("secret") end
      end)
      """, ["vip"]),
    ("a guard", """
      on("start.open", function(nav) nav:push("secret") end)
      guard("members only", function(change)
        if change.after.top == "secret" and not change.context.member then return false, "members only" end
      end)
      """, ["member"]),
    ("a declared value", """
      context "tier" { "silver", "gold" }
      on("start.open", function(nav) if nav.context.tier == "gold" then nav:push("secret") end end)
      """, []),
  ])
  func theExplorerReachesAScreenBehindAContextKey(_ how: String, _ rules: String, _ undeclared: [String]) async throws {
    let report = try await Self.explore(Self.base + "\n" + rules + "\n" + Self.deeper)
    #expect(report.unreachedScreens.isEmpty, "\(how)")
    #expect(report.isClean, "\(how): \(report.findings.map(\.message))")
    #expect(report.context.undeclared == undeclared, "\(how)")
  }

  /// Without the declaration, `tier == "gold"` is explored only as a flag (true, false): the
  /// screen behind it is not reached, and — the exploration being complete — that is a problem.
  @Test func anUndeclaredKeyComparedWithAStringIsOnlyExploredAsAFlag() async throws {
    let rules = #"on("start.open", function(nav) if nav.context.tier == "gold" then nav:push("secret") end end)"#
    let report = try await Self.explore(Self.base + "\n" + rules + "\n" + Self.deeper)
    #expect(report.context.undeclared == ["tier"])
    #expect(report.context.keys.first?.values == [.bool(true), .bool(false)])
    #expect(report.complete)
    #expect(report.unreachedScreens == ["secret", "vault"])
    #expect(report.unreachedProblems == 2)
    #expect(!report.isClean)
    // Declaring it with "gold" among its values reaches both.
    let declared = try await Self.explore("context \"tier\" { \"gold\" }\n" + Self.base + "\n" + rules + "\n" + Self.deeper)
    #expect(declared.unreachedScreens.isEmpty)
    #expect(declared.isClean)
  }

  /// A read that bypasses the context table's `__index` (`rawget`, `pairs`) is not seen: the key
  /// is never set, the screen behind it stays unreached (the check says so). Declaring the key
  /// reaches it.
  @Test(arguments: [
    #"if rawget(nav.context, "vip") then nav:push("secret") end"#,
    #"for k, v in pairs(nav.context) do if k == "vip" and v then nav:push("secret") end end"#,
  ])
  func aReadTheWatchCannotSeeNeedsADeclaration(_ body: String) async throws {
    let rules = "on(\"start.open\", function(nav) " + body + " end)\n" + Self.deeper
    let unseen = try await Self.explore(Self.base + "\n" + rules)
    #expect(unseen.context.keys.isEmpty)
    #expect(unseen.unreachedScreens == ["secret", "vault"])
    #expect(!unseen.isClean)
    let declared = try await Self.explore("context \"vip\"\n" + Self.base + "\n" + rules)
    #expect(declared.context.names == ["vip"])
    #expect(declared.unreachedScreens.isEmpty)
    #expect(declared.isClean, "\(declared.findings.map(\.message))")
  }

  // MARK: - invariants

  static let invariantFlow = Self.base + "\n" + """
    context "vip"
    on("start.open", function(nav) nav:push("secret") end)
    on("secret.deeper", function(nav) nav:push("vault") end)
    invariant("vault needs vip", function(s)
      if s.top == "vault" and not s.context.vip then return false, "vault at depth " .. s.depth end
      return true
    end)
    invariant("start stays at the root", function(s)
      return s.stack[1].screen == "start" and not (s:contains("vault") and s.depth < 3)
    end)
    """

  /// A session of `script` and the states after each of `lines`.
  static func states(_ script: String, _ lines: [String]) async throws -> (DynamicRules, [FlowSession.State]) {
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("shop.lua", script)))
      var states = [session.state]
      for line in lines {
        let outcome = session.execute(try FlowLineParser.parse(line))
        if case let .failed(message) = outcome { Issue.record("\(line): \(message)") }
        states.append(session.state)
      }
      return (session.rules, states)
    }
  }

  @Test func anInvariantThatHoldsGivesNoViolationAndOneThatDoesNotGivesItsReason() async throws {
    let (rules, states) = try await Self.states(Self.invariantFlow, ["start.open", "secret.deeper", "set vip true"])
    #expect(rules.declarations.invariants == ["vault needs vip", "start stays at the root"])
    #expect(rules.declarations.invariantLines == [8, 12])
    #expect(rules.invariantViolations(in: states[0]) == [])
    #expect(rules.invariantViolations(in: states[1]) == [])
    let violations = rules.invariantViolations(in: states[2])
    #expect(violations.count == 1)
    #expect(violations.first?.name == "vault needs vip")
    #expect(violations.first?.reason == "vault at depth 3")
    #expect(violations.first?.isError == false)
    #expect(violations.first?.location == "shop.lua:8")
    #expect(violations.first?.description == "invariant 'vault needs vip' (shop.lua:8) does not hold: vault at depth 3")
    // Once the context says vip, it holds.
    #expect(rules.invariantViolations(in: states[3]) == [])
  }

  @Test(arguments: [
    ("returns nothing", "return", false, "it returned false or nil"),
    ("returns false alone", "return false", false, "it returned false or nil"),
    ("returns a number as reason", "return false, 42", false, "42"),
    ("raises", #"error("boom")"#, true, "shop.lua:6: boom"),
    ("indexes nil", "return s.stack[9].screen", true, "shop.lua:6: attempt to index a nil value"),
  ])
  func anInvariantsAnswerOrErrorIsItsViolation(_ how: String, _ body: String, _ isError: Bool, _ reason: String) async throws {
    let script = Self.base + "\n" + "invariant(\"x\", function(s)\n  " + body + "\nend)"
    let (rules, states) = try await Self.states(script, [])
    let violations = rules.invariantViolations(in: states[0])
    #expect(violations.count == 1, "\(how)")
    let violation = try #require(violations.first)
    #expect(violation.name == "x")
    #expect(violation.isError == isError, "\(how): \(violation)")
    #expect(violation.reason.hasPrefix(reason), "\(how): \(violation.reason)")
    #expect(violation.location == "shop.lua:5")
    #expect(violation.description.hasPrefix(isError ? "invariant 'x' (shop.lua:5) failed: " : "invariant 'x' (shop.lua:5) does not hold: "))
  }

  /// Invariants' answers are remembered by what they read: over a seeded walk through states
  /// that differ in every part an invariant can read — top, depth, stack, route state, context,
  /// current tab, another tab — the remembering rules answer as rules that never ran before.
  @Test func rememberedInvariantAnswersEqualFreshOnes() async throws {
    let script = """
      tab "one" { root = "a" }
      tab "two" { root = "c" }
      context "vip"
      screen "a" { state = { n = 0 }, actions = { "push", "sheet", "next" } }
      screen "b" { state = { n = 0 }, actions = { "push", "sheet", "next" } }
      screen "c" { state = { n = 0 }, actions = { "push", "sheet", "next" } }
      on("*.push", function(nav) nav:push("b", { n = nav.depth }) end)
      on("*.sheet", function(nav) nav:presentSheet("c", { n = 7 }) end)
      on("*.next", function(nav) nav:tab("two"):push("a", { n = nav.depth + 1 }) end)
      invariant("top", function(s) return s.top ~= "b", "b on top" end)
      invariant("depth", function(s) return s.depth < 3, "depth " .. s.depth end)
      invariant("stack", function(s)
        local n = 0
        for _, route in ipairs(s.stack) do if route.screen == "c" then n = n + 1 end end
        return n < 2, n .. " c"
      end)
      invariant("route state", function(s) local n = s.stack[#s.stack].state.n return n < 2, "n = " .. n end)
      invariant("context", function(s) return not (s.context.vip and s.top == "c"), "vip on c" end)
      invariant("tab", function(s) return s.currentTab == "one", "on " .. s.currentTab end)
      invariant("contains", function(s) return not s:contains("b"), "b in the stack" end)
      invariant("other tab", function(s) return s:tab("two").depth < 2, "two at depth " .. s:tab("two").depth end)
      """
    try await Workspace.with { workspace in
      let path = try workspace.write("walk.lua", script)
      let session = try FlowSession(origin: .file(path))
      session.isExploring = true
      defer { session.isExploring = false }
      let rules = session.rules
      var choices = SeededChoices(seed: 17)
      var kinds = Set<String>()
      for step in 0..<150 {
        let top = session.state.selectedStack.top.screen.name
        let line = choices.pick(["tab one", "tab two", "back", "set vip true", "set vip false", "\(top).push", "\(top).sheet", "\(top).next"])
        _ = session.execute(try FlowLineParser.parse(line))
        let state = session.state
        let remembered = rules.invariantViolations(in: state)
        let fresh = try DynamicRules(contentsOfFile: path).invariantViolations(in: state)
        #expect(remembered == fresh, "step \(step) (\(line)): \(StateJSON.render(state))")
        kinds.formUnion(remembered.map(\.name))
        // Back to the root now and then, so the walk revisits states.
        if choices.next(6) == 0 { session.load(try rules.initialState()) }
      }
      // The walk broke every invariant at some point.
      #expect(kinds.count == 8, "\(kinds.sorted())")
    }
  }

  /// An invariant only reads: navigating or setting a global is an error, reported as its violation.
  @Test(arguments: [
    (#"s:push("vault") return true"#, "shop.lua:6: this nav is read-only"),
    ("seen = true return true", "shop.lua:6: attempt to assign global 'seen' inside invariant 'pure'"),
    (#"s.top = "vault" return true"#, "shop.lua:6: nav is read-only (tried to set 'top')"),
  ])
  func anInvariantCannotNavigateOrAssign(_ body: String, _ mentioned: String) async throws {
    let script = Self.base + "\n" + "invariant(\"pure\", function(s)\n  " + body + "\nend)"
    let (rules, states) = try await Self.states(script, [])
    let violations = rules.invariantViolations(in: states[0])
    #expect(violations.map(\.isError) == [true], "\(violations)")
    #expect(violations.first?.reason.hasPrefix(mentioned) == true, "\(violations)")
    // The state is unchanged: nothing was queued.
    #expect(states[0].selectedStack.top.screen.name == "start")
  }

  @Test func anInvariantIsDeclaredOnceWithAFunction() throws {
    #expect(try Self.loadError(Self.base + "\n" + #"invariant("x", true)"#).message
      == "shop.lua:5: invariant 'x' needs a function(s) that returns true when it holds")
    #expect(try Self.loadError(Self.base + "\n" + "invariant(\"x\", function() return true end)\ninvariant(\"x\", function() return true end)").message
      == "shop.lua:6: invariant 'x' is declared twice")
  }

  /// `check` evaluates every invariant in every explored state and reports each at the fewest
  /// lines that break it (once), as a problem.
  @Test func checkReportsAnInvariantAtTheShortestLines() async throws {
    let report = try await Self.explore(Self.invariantFlow, depth: 3)
    let invariants = report.findings.filter { $0.failureKind == .invariant }
    #expect(invariants.count == 1, "\(report.findings.map(\.message))")
    let finding = try #require(invariants.first)
    #expect(finding.lines == ["start.open", "secret.deeper"])
    #expect(finding.message == "invariant 'vault needs vip' (shop.lua:8) does not hold: vault at depth 3")
    #expect(report.problems.map(\.failureKind) == [.invariant])
    #expect(!report.isClean)
    // With vip set first, the vault is fine: the shortest violating lines never set it.
    #expect(!finding.lines.contains { $0.hasPrefix("set ") })
  }

  /// An invariant broken in the initial state is reported with no lines at all.
  @Test func anInvariantBrokenFromTheStartIsReportedWithNoLines() async throws {
    let script = Self.base + "\n" + #"invariant("never start", function(s) return s.top ~= "start", "on start" end)"#
    let report = try await Self.explore(script, depth: 1)
    let finding = try #require(report.findings.first { $0.failureKind == .invariant })
    #expect(finding.lines == [])
    #expect(finding.message == "invariant 'never start' (shop.lua:5) does not hold: on start")
  }
}
