import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `--watch` reloading while the REPL waits and waiting for a script that does not load; and,
  /// on a pseudo-terminal (util-linux `script`), Ctrl-C and context-aware completion. Each step
  /// waits for the output of the one before.
  @Suite("REPL: watch, Ctrl-C, completion")
  struct ReplTerminalTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "go" } }
      screen "item" {}
      on("feed.go", function(nav) nav:push("item") end)
      """

    @Test func watchReloadsAsSoonAsTheFileChanges() async throws {
      try await Workspace.with { workspace in
        let path = try workspace.write("flow.lua", Self.script)
        let repl = try FlowscriptCLI.start(["repl", path, "--watch"])
        repl.write("nosuch\n")
        #expect(await repl.waitForStderr(containing: "'nosuch'"))
        try workspace.write("flow.lua", Self.script + "tab \"second\" { root = \"item\" }\n")
        // No line is typed: the reload is announced by itself.
        #expect(await repl.waitForStdout(containing: "reloaded flow.lua"))
        repl.write("tab second\n")
        let result = await repl.finish()
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines.last == "selected second")
      }
    }

    @Test func watchWaitsForAScriptThatLoads() async throws {
      try await Workspace.with { workspace in
        let path = try workspace.write("flow.lua", "tab \"home\" { root = \n")
        let repl = try FlowscriptCLI.start(["repl", path, "--watch"])
        #expect(await repl.waitForStderr(containing: "waiting for \(path) to change"))
        try workspace.write("flow.lua", Self.script)
        repl.write("feed.go\n")
        let result = await repl.finish()
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines == ["home: feed > item — pushed item"])
      }
    }

    @Test func withoutWatchAScriptThatDoesNotLoadIsAnError() async throws {
      try await Workspace.with { workspace in
        let path = try workspace.write("flow.lua", "tab \"home\" { root = \n")
        let result = try await FlowscriptCLI.run(["repl", path])
        #expect(result.exitCode == 2)
        #expect(!result.stderr.contains("waiting"))
      }
    }

    /// flowscript on a pseudo-terminal, its keys written one step at a time.
    private static func terminal() throws -> RunningProcess {
      let (script, arguments) = try FlowscriptCLI.onTerminal()
      let home = FileManager.default.temporaryDirectory.path
      return try RunningProcess(executable: script, arguments: arguments, environment: ["HOME": home, "TERM": "xterm"])
    }

    @Test(
      .enabled(if: FlowscriptCLI.tool("script") != nil, "util-linux `script` is not installed: no terminal to test on"))
    func ctrlCCancelsTheLineBeingTyped() async throws {
      let repl = try Self.terminal()
      // Each key is written once the prompt it goes to is drawn: libedit sets the terminal up
      // anew for every line, and what is typed before that may be dropped.
      #expect(await repl.waitForStdout(containing: "home> "))
      repl.write("feed.itemTapped {id=3}")
      #expect(await repl.waitForStdout(containing: "{id=3}"))
      repl.write("\u{03}")
      #expect(await repl.waitForStdout(containing: "home> ", times: 2))
      repl.write("tree\r")
      #expect(await repl.waitForStdout(containing: "home> ", times: 3))
      repl.write("quit\r")
      let result = await repl.finish()
      #expect(result.exitCode == 0, "Ctrl-C did not end the REPL")
      #expect(result.stdout.contains("^C"))
      #expect(!result.stdout.contains("pushed item"), "the cancelled line did not run")
      #expect(result.stdout.contains("profile (reselect: none)"))
    }

    @Test(
      .enabled(if: FlowscriptCLI.tool("script") != nil, "util-linux `script` is not installed: no terminal to test on"))
    func aResizeWhileTypingKeepsTheLine() async throws {
      let repl = try Self.terminal()
      #expect(await repl.waitForStdout(containing: "home> "))
      repl.write("feed.itemTapped")
      #expect(await repl.waitForStdout(containing: "itemTapped"))
      // SIGWINCH: the REPL tells libedit the new size and goes on with the line.
      #expect(repl.signalChildren(SIGWINCH) == 1)
      repl.write(" {id=3}")
      #expect(await repl.waitForStdout(containing: "{id=3}"))
      repl.write("\r")
      #expect(await repl.waitForStdout(containing: "home> ", times: 2))
      repl.write("quit\r")
      let result = await repl.finish()
      #expect(result.exitCode == 0)
      #expect(!result.stdout.contains("^C"), "a resize is not a Ctrl-C")
      #expect(result.stdout.contains("pushed item"))
    }

    @Test(
      .enabled(if: FlowscriptCLI.tool("script") != nil, "util-linux `script` is not installed: no terminal to test on"))
    func completionKnowsWhatTheLineNeeds() async throws {
      let repl = try Self.terminal()
      var prompts = 1
      // Types `keys`, waits for `completed` on the line, then drops it with Ctrl-C.
      func complete(_ keys: String, _ completed: String) async {
        #expect(await repl.waitForStdout(containing: "home> ", times: prompts))
        repl.write(keys)
        #expect(await repl.waitForStdout(containing: completed), "\(keys) completes with \(completed)")
        repl.write("\u{03}")
        prompts += 1
      }
      // After url: the script's link patterns, not the show command.
      await complete("url sh\t", "op://")
      await complete("set lo\t", "ggedIn ")
      await complete("expect co\t", "ntext ")
      await complete("expect rejected \"uns\t", "aved review")
      #expect(await repl.waitForStdout(containing: "home> ", times: prompts))
      repl.write("quit\r")
      let result = await repl.finish()
      #expect(result.exitCode == 0)
      #expect(!result.stdout.contains("url show"))
    }
  }
}
