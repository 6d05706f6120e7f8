@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `check --simulate RUNS --depth D [--seed S]`: seeded random walks, deeper than exhaustive
  /// exploration goes, each problem with lines `send` replays; the same report for the same seed
  /// whatever `--jobs`.
  @Suite("check --simulate")
  struct CheckSimulateTests {
    /// A chain of twelve screens whose last action raises: beyond `--explore`'s default depth.
    static let deepBug = """
      tab "home" { root = "s1" }
      for i = 1, 12 do
        screen("s" .. i) { actions = { "next" } }
      end
      for i = 1, 11 do
        on("s" .. i .. ".next", function(nav) nav:push("s" .. (i + 1)) end)
      end
      on("s12.next", function(nav) error("the twelfth screen breaks") end)
      """

    @Test func walksFindABugExhaustiveExplorationDoesNotReach() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("deep.lua", Self.deepBug)
        let exhaustive = try await FlowscriptCLI.run(["check", script])
        #expect(exhaustive.exitCode == 0, "\(exhaustive.stdout)")
        let walks = try await FlowscriptCLI.run(["check", script, "--simulate", "40", "--depth", "30"])
        #expect(walks.exitCode == 1, "\(walks.stdout)\(walks.stderr)")
        #expect(walks.stdoutLines.first?.contains("deep.lua: 40 random walks of up to 30 lines (seed 0), ") == true,
                "\(walks.stdout)")
        #expect(walks.stdout.contains("rule error: "), "\(walks.stdout)")
        #expect(walks.stdout.contains("the twelfth screen breaks"), "\(walks.stdout)")
        #expect(walks.stdoutLines.last == "check failed: 1 problem(s) in 40 walks")
        // The reproduction replays: `send` with its lines fails with the same error.
        let reproduce = try #require(walks.stdoutLines.first { $0.hasPrefix("  reproduce: flowscript send ") })
        let lines = ShellWords.split(String(reproduce.dropFirst("  reproduce: flowscript send ".count)))
        #expect(lines.first == script)
        #expect(lines.contains("s11.next"), "\(lines)")
        let sent = try await FlowscriptCLI.run(["send", script] + lines.dropFirst())
        #expect(sent.exitCode == 1)
        #expect((sent.stdout + sent.stderr).contains("the twelfth screen breaks"), "\(sent.stdout)\(sent.stderr)")
      }
    }

    @Test func theReportIsTheSameForTheSameSeedWhateverTheJobs() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("deep.lua", Self.deepBug)
        let arguments = ["check", script, "--simulate", "80", "--depth", "20", "--seed", "7"]
        let one = try await FlowscriptCLI.run(arguments + ["--jobs", "1"])
        let two = try await FlowscriptCLI.run(arguments + ["--jobs", "2"])
        #expect(one.exitCode == two.exitCode)
        // The first line ends with the time taken.
        #expect(Array(one.stdoutLines.dropFirst()) == Array(two.stdoutLines.dropFirst()))
        #expect(one.stdoutLines.first?.contains("(seed 7)") == true)
        let again = try await FlowscriptCLI.run(arguments + ["--jobs", "1"])
        #expect(Array(again.stdoutLines.dropFirst()) == Array(one.stdoutLines.dropFirst()))
      }
    }

    @Test func aCleanScriptSaysItIsNotExhaustive() async throws {
      let result = try await FlowscriptCLI.run(
        ["check", FlowscriptCLI.demoScript, "--simulate", "20", "--depth", "20", "--jobs", "1"])
      #expect(result.stdoutLines.first?.contains("20 random walks of up to 20 lines (seed 0)") == true, "\(result.stdout)")
      #expect(result.stdoutLines.contains { $0.hasPrefix("coverage: ") && $0.contains(" screens shown, ") })
      if result.exitCode == 0 {
        #expect(result.stdoutLines.last == "no problem in 20 walks (not exhaustive)")
      } else {
        #expect(result.stdoutLines.last?.hasPrefix("check failed: ") == true, "\(result.stdout)")
      }
    }

    /// A first state that breaks an invariant is reported, as `check` reports it, and no walk goes on.
    @Test func aFirstStateBreakingAnInvariantIsAProblem() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("first.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "open" } }
          on("feed.open", function(nav) end)
          invariant("never the feed", function(s) return s.stack[1].screen ~= "feed" end)
          """)
        let result = try await FlowscriptCLI.run(["check", script, "--simulate", "3", "--depth", "4"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("invariant violated: invariant 'never the feed'"), "\(result.stdout)")
        #expect(result.stdoutLines.first?.contains(", 0 lines in ") == true, "\(result.stdout)")
        #expect(result.stdoutLines.last == "check failed: 1 problem(s) in 3 walks")
      }
    }

    @Test(arguments: [
      (["--simulate", "0"], "--simulate must be 1 or more, got 0"),
      (["--depth", "9"], "--depth is for --simulate; exhaustive exploration's depth is --explore"),
      (["--seed", "3"], "--seed is for --simulate"),
      (["--simulate", "5", "--depth", "0"], "--depth must be 1 or more, got 0"),
      (["--simulate", "5"], "--simulate needs --depth D: how many lines each walk takes at most"),
    ])
    func misusedOptionsAreUsageErrors(arguments: [String], message: String) async throws {
      let result = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript] + arguments)
      #expect(result.exitCode == 2)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
  }
}
