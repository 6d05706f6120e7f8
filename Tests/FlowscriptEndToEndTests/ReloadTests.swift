import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `reload` (and `repl --watch`): the edited script's rules apply, navigation survives, and a
  /// broken edit keeps the old rules and says why.
  ///
  /// flowscript buffers stdout when piped but writes stderr at once, so each test first sends an
  /// unknown line (`sync`) and waits for its error before it edits the script: by then every
  /// earlier line has run.
  @Suite("reload")
  struct ReloadTests {
    static let original = """
      tab "home" { root = "list" }
      screen "list" { actions = { "open" } }
      screen "detail" { state = { n = 0 }, actions = { "next" } }
      screen "other" { }
      on("list.open", function(nav) nav:push("detail", { n = 1 }) end)
      """

    static let edited = """
      tab "home" { root = "list" }
      screen "list" { actions = { "open" } }
      screen "detail" { state = { n = 0 }, actions = { "next" } }
      screen "other" { }
      on("list.open", function(nav) nav:push("detail", { n = 2 }) end)
      on("detail.next", function(nav) nav:presentSheet("other") end)
      """

    /// Opens a REPL on `flow.lua`, runs `before`, waits until it has run, calls `edit`, then sends `after`.
    static func session(
      _ workspace: Workspace, arguments: [String] = [], before: String, edit: () throws -> Void, after: String
    ) async throws -> ProcessResult {
      let script = try workspace.write("flow.lua", original)
      let repl = try FlowscriptCLI.start(["repl", script] + arguments)
      repl.write(before + "sync\n")
      let synced = await repl.waitForStderr(containing: "'sync'")
      #expect(synced, "flowscript ran the lines before the edit")
      try edit()
      repl.write(after)
      return await repl.finish()
    }

    static let syncError =
      "error: 'sync' is not a command or an action; write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)"

    @Test func reloadAppliesTheNewRulesAndKeepsNavigation() async throws {
      try await Workspace.with { workspace in
        let result = try await Self.session(
          workspace, before: "list.open\n",
          edit: { try workspace.write("flow.lua", Self.edited) },
          after: "reload\nexpect stack home: list > detail\nexpect top detail {n=1}\nback\nlist.open\ndetail.next\n")
        #expect(result.exitCode == 0)
        #expect(
          result.stdoutLines == [
            "home: list > detail(n=1) — pushed detail",
            "reloaded flow.lua: 2 rules; navigation kept (undo history cleared)",
            "home: list — popped detail",
            "home: list > detail(n=2) — pushed detail",
            "home: list > detail(n=2) > sheet:other — presented sheet other",
          ])
        #expect(result.stderrLines == [Self.syncError], "the expectations after reload held")
      }
    }

    /// Edits that cannot load, and what the error names.
    enum BrokenEdit: String, CaseIterable, CustomTestStringConvertible {
      case syntaxError, errorWhileLoading, deletedFile

      var testDescription: String { rawValue }

      func apply(in workspace: Workspace) throws {
        switch self {
        case .syntaxError:
          try workspace.write("flow.lua", "tab \"home\" { root = \"list\" }\nscreen \"list\" {\non(\n")
        case .errorWhileLoading:
          try workspace.write("flow.lua", ReloadTests.edited + "\nerror(\"not today\")\n")
        case .deletedFile:
          try FileManager.default.removeItem(atPath: workspace.path("flow.lua"))
        }
      }

      var reason: String {
        switch self {
        case .syntaxError: "flow.lua:4:"
        case .errorWhileLoading: "not today"
        case .deletedFile: "flow.lua"
        }
      }
    }

    @Test(arguments: BrokenEdit.allCases)
    func aBrokenEditKeepsTheOldRulesAndSaysWhy(_ edit: BrokenEdit) async throws {
      try await Workspace.with { workspace in
        let result = try await Self.session(
          workspace, before: "list.open\nstate\n",
          edit: { try edit.apply(in: workspace) },
          after: "reload\nstate\nback\nlist.open\nexpect top detail {n=1}\ndetail.next\n")
        #expect(result.exitCode == 0)
        let errors = result.stderrLines.filter { $0 != Self.syncError }
        try #require(errors.count == 1, "one line says why the reload failed: \(errors)")
        #expect(errors[0].hasPrefix("error: reload failed, the old rules stay active: "))
        #expect(errors[0].contains(edit.reason))
        #expect(result.stateLines.count == 2)
        #expect(Set(result.stateLines).count == 1, "navigation is unchanged by the failed reload")
        #expect(
          result.stdoutLines.filter { !$0.hasPrefix("{") } == [
            "home: list > detail(n=1) — pushed detail",
            "home: list — popped detail",
            // The old rule: n = 1; and no rule for detail.next yet.
            "home: list > detail(n=1) — pushed detail",
            "(no change)",
          ])
      }
    }

    @Test func watchReloadsWhenTheFileChanges() async throws {
      try await Workspace.with { workspace in
        let result = try await Self.session(
          workspace, arguments: ["--watch"], before: "list.open\n",
          edit: {
            let script = try workspace.write("flow.lua", Self.edited)
            // A modification time surely unlike the first one, however coarse the file system's clock.
            try FileManager.default.setAttributes(
              [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: script)
          },
          after: "expect top detail {n=1}\ndetail.next\n")
        #expect(result.exitCode == 0)
        #expect(
          result.stdoutLines == [
            "home: list > detail(n=1) — pushed detail",
            "reloaded flow.lua: 2 rules; navigation kept (undo history cleared)",
            "home: list > detail(n=1) > sheet:other — presented sheet other",
          ])
        #expect(result.stderrLines == [Self.syncError])
      }
    }

    @Test func theBundledDemoCannotBeReloadedAndSaysHowToEditIt() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "feed.itemTapped {id=3}\nreload\nexpect depth 2\n")
      #expect(result.exitCode == 0)
      #expect(
        result.stdoutLines == [
          "home: feed > item(id=3, qty=1) — pushed item",
          "the bundled demo is built in; run flowscript repl scripts/demo.lua to edit and reload it",
        ])
      #expect(result.stderr.isEmpty)
    }

    @Test func watchNeedsAScriptFile() async throws {
      let result = try await FlowscriptCLI.run(["--watch"])
      #expect(result.exitCode == 2)
      #expect(result.stderrLines == ["--watch needs a script file"])
    }
  }
}
