@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// Limits are range-checked as usage errors; text from a script reaches the terminal escaped;
  /// `--verbose` shows a rule error's Lua traceback.
  @Suite("Limits and output")
  struct LimitsAndOutputTests {
    @Test(arguments: [
      (["--memory", "8796093022208"], "--memory must be between 1 and 65536 MiB, got 8796093022208"),
      (["--memory", "0"], "--memory must be between 1 and 65536 MiB, got 0"),
      (["--budget", "10"], "--budget must be between 1000 and 10000000000 instructions, got 10"),
      (["--budget=-5"], "--budget must be between 1000 and 10000000000 instructions, got -5"),
    ])
    func anOutOfRangeLimitIsAUsageError(options: [String], message: String) async throws {
      for command in [["send", FlowscriptCLI.demoScript, "back"], ["repl", FlowscriptCLI.demoScript],
                      ["check", FlowscriptCLI.demoScript]] {
        let result = try await FlowscriptCLI.run(command + options)
        #expect(result.exitCode == 2, "\(command)")
        #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
      }
    }

    @Test func theREPLTakesAMemoryCap() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("hog.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "hog" } }
          on("feed.hog", function(nav) local t = {} for i = 1, 1e7 do t[i] = { i } end end)
          """)
        let result = try await FlowscriptCLI.run(["repl", script, "--memory", "4"], stdin: "feed.hog\nstate\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("memory limit of 4194304 bytes"), "\(result.stderr)")
      }
    }

    @Test func controlCharactersFromAScriptAreShownNotObeyed() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("loud.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "boom", "shout" } }
          on("feed.boom", function(nav) error("line one\\nline two \\27[31mred\\27[0m", 0) end)
          on("feed.shout", function(nav) nav:emit("\\27[2Jcleared") end)
          """)
        let result = try await FlowscriptCLI.run(["repl", script], stdin: "feed.boom\nfeed.shout\n")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderrLines == [#"error: loud.lua:3: feed.boom: line one\nline two \u{1B}[31mred\u{1B}[0m"#])
        #expect(result.stdoutLines.contains(#"  event \u{1B}[2Jcleared"#), "\(result.stdout)")
      }
    }

    @Test func verboseShowsTheTracebackOfARuleError() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("deep.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "boom" } }
          local function inner() error("deep trouble") end
          on("feed.boom", function(nav) inner() end)
          """)
        let quiet = try await FlowscriptCLI.run(["repl", script], stdin: "feed.boom\n")
        #expect(quiet.stderrLines == ["error: deep.lua:3: feed.boom: deep trouble"])
        let verbose = try await FlowscriptCLI.run(["repl", script, "--verbose"], stdin: "feed.boom\n")
        #expect(verbose.stderrLines.first == "error: deep.lua:3: feed.boom: deep trouble")
        #expect(verbose.stderrLines.contains("  stack traceback:"))
        #expect(verbose.stderrLines.contains { $0.contains("deep.lua:3: in ") })
        #expect(verbose.stderrLines.contains { $0.contains("deep.lua:4: in ") })
        #expect(!verbose.stderr.contains("tabflow.dsl"))
        // The engine calls rules from C; that frame is the engine's, not the author's.
        #expect(!verbose.stderr.contains("[C]: in ?"))
        #expect(verbose.stderrLines.last?.contains("deep.lua:4: in ") == true)
        let run = try await FlowscriptCLI.run(
          ["run", script, try workspace.write("boom.flow", "feed.boom\n"), "--verbose"])
        #expect(run.exitCode == 1)
        #expect(run.stderr.contains("  stack traceback:"))
      }
    }
  }
}
