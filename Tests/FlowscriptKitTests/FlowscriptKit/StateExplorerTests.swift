@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import TestSupport
import Testing

/// `flowscript check --explore N` in-process: `StateExplorer` on a session, its report read as values.
@Suite struct StateExplorerTests {
  /// An explorer on one worker (the report is the same for any number; one keeps the test light).
  static func explorer(_ session: FlowSession, depth: Int) -> StateExplorer {
    var explorer = StateExplorer(session: session, depth: depth, maxStates: 10_000, quiet: true)
    explorer.jobs = 1
    return explorer
  }

  @Test func theDemoIsCleanToDepthTwo() throws {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    let initial = session.state
    let report = Self.explorer(session, depth: 2).run()

    #expect(report.isClean)
    #expect(report.problems.isEmpty)
    #expect(report.states > 1)
    #expect(report.transitions >= report.states - 1)
    #expect(report.depthReached == 2)
    #expect(!report.truncated)
    #expect(report.chunk == "demo.lua")
    #expect(report.sendCommand == "flowscript send demo.lua")
    // The checkout guard redirects to the login sheet (and resumes the tap after login): two
    // lines deep nothing is rejected: the one finding is the note on what lies deeper.
    #expect(report.findings.map(\.kind.name) == ["not reached within depth 2 (note)"])
    // Two lines deep, the flow reaches all but checkout (behind the guard): not complete, so
    // that is no problem.
    #expect(!report.complete)
    #expect(report.unreachedScreens == ["checkout"])
    #expect(report.unreachedProblems == 0)
    // The session is handed back as it was.
    #expect(session.state == initial)
  }

  @Test func exploringDeeperReachesMoreStates() throws {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    let one = Self.explorer(session, depth: 1).run()
    let three = Self.explorer(session, depth: 3).run()
    #expect(one.states > 1)
    #expect(three.states > one.states)
    #expect(three.depthReached == 3)
    #expect(three.isClean)
    #expect(three.unreachedScreens.isEmpty)
    #expect(three.findings.allSatisfy { $0.kind.isNote })
    // A guard's question is a note, not a problem, and comes with the lines that reach it.
    let note = try #require(three.findings.first { $0.failureKind == .guardQuestion })
    #expect(note.message == "rejected by guard 'unsaved review': discard the review?" + FlowSession.askSuffix)
    #expect(note.lines == ["feed.itemTapped {id=1}", "item.reviewTapped", "tab home"])
  }

  @Test func exploreZeroOnlyValidates() throws {
    let session = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    let report = Self.explorer(session, depth: 0).run()
    #expect(report.states == 1)
    #expect(report.transitions == 0)
    #expect(report.unreachedScreens.isEmpty)
    #expect(report.isClean)
  }

  /// A rule error one line from the start is found, with that line to reproduce it.
  @Test func aRuleErrorOneStepAwayFailsTheCheck() async throws {
    let script = """
      tab "home" { root = "list" }
      screen "list" { actions = { "open", "fine" } }
      screen "detail" {}
      on("list.fine", function(nav) nav:push("detail") end)
      on("list.open", function(nav)
        local limits = nil
        nav:push("detail", { n = limits.max })
      end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("bug.lua", script)))
      let report = Self.explorer(session, depth: 1).run()

      #expect(!report.isClean)
      #expect(report.problems.count == 1)
      let finding = try #require(report.problems.first)
      #expect(finding.failureKind == .ruleError)
      #expect(finding.message == "bug.lua:7: list.open: attempt to index a nil value (local 'limits')")
      #expect(finding.lines == ["list.open"])
      // list.fine still explored: the error does not stop the exploration.
      #expect(report.states == 2)
      #expect(report.unreachedScreens.isEmpty)

      // The reproduction, sent to the session, fails the same way.
      let outcome = session.execute(try FlowLineParser.parse(finding.lines[0]))
      #expect(outcome == .failed(finding.message))
      #expect(session.lastFailureKind == .ruleError)
    }
  }

  /// `1` and `1.0` are one value to Swift's `==` but two to a script (`math.type`): the states a
  /// rule tells apart are explored apart, so a failure reached only from the float is found.
  @Test func statesThatDifferOnlyInAnIntegerAndAFloatAreTwoStates() async throws {
    let script = """
      tab "home" { root = "start" }
      screen "start" { actions = { "int", "float" } }
      screen "item" { state = { n = 0 }, actions = { "check" } }
      screen "done" {}
      on("start.int", function(nav) nav:push("item", { n = 1 }) end)
      on("start.float", function(nav) nav:push("item", { n = 1.0 }) end)
      on("item.check", function(nav)
        local n = nav.stack[#nav.stack].state.n
        if math.type(n) == "float" then error("a float reached item") end
        nav:push("done")
      end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("numbers.lua", script)))
      let report = Self.explorer(session, depth: 2).run()
      #expect(report.problems.map(\.failureKind) == [.ruleError])
      #expect(report.problems.first?.lines == ["start.float", "item.check"])
      // start, item(n=1), item(n=1.0), done: the two items are two states.
      #expect(report.states == 4)
    }
  }

  /// A declared sample is its action's schema: a field a rule reads beyond it is one no line can
  /// send — a typo like `p.idd` — and `check` says so, with the lines that reach the action.
  @Test func aRuleReadingAPayloadFieldItsSampleLacksFailsTheCheck() async throws {
    let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 }, promoTapped = {} } }
      screen "item" { state = { id = 0 }, actions = { shareTapped = { to = "x" } } }
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.idd or p.id }) end)
      on("feed.promoTapped", function(nav, p) nav:push("item") end)
      on("item.shareTapped", function(nav, p) if p.to == "x" then nav:pop() end end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("typo.lua", script)))
      let report = Self.explorer(session, depth: 3).run()
      #expect(report.problems.map(\.failureKind) == [.payloadField])
      let finding = try #require(report.problems.first)
      #expect(
        finding.message
          == "the rule for feed.itemTapped reads payload field 'idd', which the action's declared sample {id=1} does not have: no line can send it — did you mean 'id'?")
      #expect(finding.lines == ["feed.itemTapped {id=1}"])
    }
  }

  /// A trap: a sheet a guard puts back on every back (a redirect presenting it again), with no
  /// tab bar while it shows. A guard's question is not one: the user is asked and may confirm. A block is.
  @Test func aSheetNoBackCanLeaveIsATrapAndOnlyAQuestionIsAWayOut() async throws {
    let trap = """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { "open" } }
      screen "menu" {}
      screen "gate" { actions = { "pass" } }
      on("feed.open", function(nav) nav:presentSheet("gate") end)
      on("gate.pass", function(nav) nav:dismiss() end)
      guard("the gate", function(change)
        if change.before.top == "gate" and change.after.top ~= "gate" and change.source == "back" then
          return false, "stay", { redirect = function(nav) nav:dismiss() nav:presentSheet("gate") end }
        end
      end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("trap.lua", trap)))
      let report = Self.explorer(session, depth: 3).run()
      let traps = report.problems.filter { $0.failureKind == .trap }
      #expect(traps.count == 1)
      #expect(traps.first?.lines == ["feed.open"])
      #expect(traps.first?.message.hasPrefix("the user is stuck on gate:") == true)
    }
    // The same gate asking (no redirect): the host asks, the user may confirm: no trap.
    let asked = trap.replacingOccurrences(
      of: #"{ redirect = function(nav) nav:dismiss() nav:presentSheet("gate") end }"#, with: "{ ask = true }")
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("asked.lua", asked)))
      let report = Self.explorer(session, depth: 3).run()
      #expect(report.problems.filter { $0.failureKind == .trap }.isEmpty)
      #expect(report.findings.contains { $0.failureKind == .guardQuestion })
    }
    // The same gate blocking: nobody can confirm it, so the sheet only it keeps open is a trap.
    let blocked = trap.replacingOccurrences(
      of: #", { redirect = function(nav) nav:dismiss() nav:presentSheet("gate") end }"#, with: "")
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("blocked.lua", blocked)))
      let report = Self.explorer(session, depth: 3).run()
      let traps = report.problems.filter { $0.failureKind == .trap }
      #expect(traps.map(\.lines) == [["feed.open"]])
      #expect(!report.findings.contains { $0.failureKind == .blockReadsAsQuestion })
    }
  }

  /// A guard that blocks with a reason that reads as a question is noted: its question is never
  /// put to a user. The same guard asking is not noted.
  @Test func aBlockThatReadsAsAQuestionIsNoted() async throws {
    let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "open" } }
      screen "draft" { actions = { "closeTapped" } }
      on("feed.open", function(nav) nav:push("draft") end)
      on("draft.closeTapped", function(nav) nav:pop() end)
      guard("unsaved draft", function(change)
        if change.before.top == "draft" and change.after.top ~= "draft" then return false, "discard the draft? " end
      end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("draft.lua", script)))
      let report = Self.explorer(session, depth: 3).run()
      let notes = report.findings.filter { $0.failureKind == .blockReadsAsQuestion }
      #expect(notes.count == 1)
      #expect(notes.first?.lines.count == 2)
      #expect(notes.first?.lines.first == "feed.open")
      #expect(notes.first?.message.contains("{ ask = true }") == true)
      #expect(report.problems.allSatisfy { $0.failureKind != .blockReadsAsQuestion })
    }
    let asking = script.replacingOccurrences(of: #""discard the draft? " end"#, with: #""discard the draft? ", { ask = true } end"#)
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("asking.lua", asking)))
      let report = Self.explorer(session, depth: 3).run()
      #expect(!report.findings.contains { $0.failureKind == .blockReadsAsQuestion })
      #expect(report.findings.contains { $0.failureKind == .guardQuestion })
    }
  }

  /// Rules see the same payload and context exploring as in an app: no metatable, one they may
  /// set themselves — while the explorer still notes a payload field the sample lacks.
  @Test func rulesCannotSeeTheExplorersWatch() async throws {
    let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { tap = { id = 1 }, typo = { id = 1 } } }
      screen "item" { state = { id = 0 } }
      on("feed.tap", function(nav, p)
        if getmetatable(p) ~= nil or getmetatable(nav.context) ~= nil then error("a metatable shows") end
        local withDefaults = setmetatable(p, { __index = { id = 9 } })
        if getmetatable(withDefaults) == nil then error("the rule's own metatable is gone") end
        -- A script cannot pass its own metatable off as the watch.
        if getmetatable(setmetatable({}, { __tabflow_watch = true })) == nil then error("a forged mark hides a metatable") end
        nav:push("item", { id = withDefaults.id })
      end)
      on("feed.typo", function(nav, p) nav:push("item", { id = p.idd or 2 }) end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("watch.lua", script)))
      let report = Self.explorer(session, depth: 2).run()
      #expect(!report.findings.contains { $0.failureKind == .ruleError }, "\(report.findings)")
      #expect(report.findings.filter { $0.failureKind == .payloadField }.map(\.lines) == [["feed.typo {id=1}"]])
      #expect(report.unreachedScreens.isEmpty)
    }
  }

  /// An action declared for a screen that no rule handles can never navigate: a problem, named.
  @Test func aDeclaredActionNoRuleHandlesIsAProblem() async throws {
    let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "open", "refresh" } }
      screen "item" { actions = { "closeTapped" } }
      on("feed.open", function(nav) nav:push("item") end)
      on("*.closeTapped", function(nav) nav:pop() end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("unhandled.lua", script)))
      let report = Self.explorer(session, depth: 1).run()
      #expect(report.problems.map(\.failureKind) == [.unhandledAction])
      #expect(report.problems.first?.message.hasPrefix("screen 'feed' declares action 'refresh', but no rule handles it") == true)
    }
  }

  /// A state at a tab's root is no trap, however it was reached (here by context changes after
  /// which no back or tab tap changes anything), at any depth.
  @Test(arguments: [3, 4])
  func aStateAtARootIsNeverATrap(depth: Int) async throws {
    let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { go = {} } }
      screen "item" {}
      on("feed.go", function(nav) if nav.context.loggedIn then nav:push("item") end end)
      """
    try await Workspace.with { workspace in
      let session = try FlowSession(origin: .file(try workspace.write("flag.lua", script)))
      let report = Self.explorer(session, depth: depth).run()
      #expect(report.problems.filter { $0.failureKind == .trap }.isEmpty, "\(report.problems.map(\.message))")
    }
  }

  /// Coverage numbers lines as Lua does: `\r\n` and `\n\r` are one break, a form feed none.
  @Test func scriptLinesAreNumberedAsLuaNumbersThem() {
    #expect(ScenarioCoverage.luaLines(of: "a\r\nb\n\rc\rd\ne\u{0C}f") == ["a", "b", "c", "d", "e\u{0C}f"])
    #expect(ScenarioCoverage.luaLines(of: "x\n") == ["x", ""])
  }
}
