import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("REPL fixes")
  struct ReplFixesTests {
    @Test func aMistypedSubcommandGetsADidYouMean() async throws {
      let result = try await FlowscriptCLI.run(["grpah", "x.lua"])
      #expect(result.exitCode == 2)
      #expect(
        result.stderrLines == [
          "Error: unknown command 'grpah' — did you mean 'graph'?",
          "Usage: flowscript <subcommand> (repl, run, check, diff, graph, map, send, keygen, pack, verify, types), or flowscript SCRIPT",
          "  See 'flowscript --help' for more information.",
        ])
      // A script that exists is the repl's, whatever its name.
      try await Workspace.with { workspace in
        let script = try workspace.write("rnu", "tab \"home\" { root = \"feed\" }\nscreen \"feed\" {}\n")
        let repl = try await FlowscriptCLI.run(["rnu"], stdin: "expect tab home\n", in: workspace.url)
        #expect(repl.exitCode == 0, "\(script)")
        #expect(repl.stderr.isEmpty)
      }
    }

    @Test(arguments: [[], ["help"], ["repl", "--help"], ["run", "--help"]])
    func helpFitsEightyColumns(_ arguments: [String]) async throws {
      let result = try await FlowscriptCLI.run(arguments, stdin: "help\n", environment: ["COLUMNS": "80"])
      #expect(result.exitCode == 0)
      // ArgumentParser's USAGE line is its own and not wrapped.
      let wide = result.stdoutLines.filter { $0.count > 80 && !$0.hasPrefix("USAGE:") }
      #expect(wide.isEmpty)
      if arguments.count < 2 {
        for kind in ["confirm", "cancelLink", "expect url", "expect pending", "expect event", "expect context",
                     "expect rejected", "expect error", "expect depth", "expect top", "expect stack", "expect tab",
                     "set loggedIn true", "url shop://item/3", "home:feed.loaded", "back", "tab profile"] {
          #expect(result.stdout.contains(kind), "help lists \(kind)")
        }
        // The table is not wrapped: each description stays on its line or the indented next one.
        #expect(result.stdout.contains("  expect pending none       the deep link a guard deferred (or a URL)\n"))
      }
    }

    @Test func rootHelpKeepsTheTableAtEightyColumns() async throws {
      let result = try await FlowscriptCLI.run(["--help"], environment: ["COLUMNS": "80"])
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines.filter { $0.count > 80 && !$0.hasPrefix("USAGE:") }.isEmpty)
      #expect(result.stdout.contains("  cancelLink                drop the deep link a guard deferred\n"))
      #expect(result.stdout.contains("  expect rejected \"auth\"    the previous line was rejected by guard auth\n"))
    }
  }
}
