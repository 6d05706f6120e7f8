@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// What a rule author sees while writing a flow: `send` tells what happened on the way, `print`
  /// shows tabs, results are coloured on a terminal only, and every exploring command explores to
  /// the same default depth and state count.
  @Suite("writing a flow")
  struct WritingFlowTests {
    let demo = FlowscriptCLI.demoScript

    /// `send` says what each line did besides changing the state — a guard's redirect, a
    /// reselect, an event, a line that changed nothing — before the final tree; with `--json`
    /// on stderr, so stdout is the JSON alone.
    @Test func sendSaysWhatHappenedOnTheWay() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", demo, "tab profile", "account.ordersTapped", "login.loggedIn", "tab home", "tab home"])
      #expect(result.exitCode == 0, "\(result.stderr)")
      let lines = result.stdoutLines
      #expect(lines.contains("line 2: redirected by guard 'login required for orders': login required"), "\(result.stdout)")
      #expect(lines.contains { $0.hasPrefix("line 3: event loggedIn") }, "\(result.stdout)")
      #expect(lines.contains { $0.hasPrefix("line 5: ") && $0.contains("reselectedAtRoot(home)") }, "\(result.stdout)")
      // The notes come first, then the final state.
      let firstTree = try #require(lines.firstIndex(of: "home *"))
      #expect(lines[..<firstTree].allSatisfy { $0.hasPrefix("line ") })
      #expect(!lines[firstTree...].contains { $0.hasPrefix("line ") })

      let json = try await FlowscriptCLI.run(["send", demo, "tab profile", "account.ordersTapped", "--json"])
      #expect(json.exitCode == 0)
      #expect(json.stdoutLines.count == 1)
      _ = try FlowscriptCLI.jsonObject(json.stdout)
      #expect(json.stderr.contains("line 2: redirected by guard 'login required for orders': login required"), "\(json.stderr)")
    }

    /// A line that changes nothing says so.
    @Test func sendSaysWhenALineChangedNothing() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("quiet.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "noop", "open" } }
          screen "item" {}
          on("feed.open", function(nav) nav:push("item") end)

          """)
        let result = try await FlowscriptCLI.run(["send", script, "feed.noop", "feed.open"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first == "line 1: unchanged", "\(result.stdout)")
        #expect(!result.stdout.contains("line 2:"))
      }
    }

    /// `print` separates its arguments with tabs: they are shown as tabs (a terminal moves to the
    /// next stop; nothing else can move the cursor), while a line break stays escaped.
    @Test func printShowsTabs() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("p.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "say" } }
          on("feed.say", function(nav) print("a", "b\\tc", "d\\ne\\27[2J") end)

          """)
        for arguments in [["send", script, "feed.say"], ["repl", script]] {
          let result = try await FlowscriptCLI.run(arguments, stdin: "feed.say\n")
          #expect(result.exitCode == 0, "\(result.stderr)")
          #expect(result.stdoutLines.contains("print feed.say (p.lua:3): a\tb\tc\td\\ne\\u{1B}[2J"), "\(result.stdout)")
        }
      }
    }

    /// One default depth and one default state count for every exploring command, shown in its help.
    @Test func everyExploringCommandHasTheSameDefaults() async throws {
      for command in ["check", "diff", "map", "graph"] {
        let help = try await FlowscriptCLI.run([command, "--help"])
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
          .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
        #expect(text.contains("--explore <explore> How many lines deep to explore"), "\(command): \(help.stdout)")
        #expect(text.range(of: #"--explore <explore> [^-]*\(default: 5\)"#, options: .regularExpression) != nil, "\(command): \(text)")
        #expect(text.range(of: #"--max-states <max-states> [^-]*\(default: 200000\)"#, options: .regularExpression) != nil, "\(command): \(text)")
      }
      for command in ["pack", "verify"] {
        let help = try await FlowscriptCLI.run([command, "--help"])
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
          .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
        #expect(text.contains("--previous-depth <previous-depth> How many lines deep --previous explores. (default: 5)"), "\(command): \(text)")
      }
    }

    /// `graph` draws what exploring to the default depth found, as `check` explores it: the
    /// same number of states (a state cut is the same option).
    @Test func graphTakesMaxStates() async throws {
      let cut = try await FlowscriptCLI.run(["graph", demo, "--max-states", "1", "--format", "json"])
      let full = try await FlowscriptCLI.run(["graph", demo, "--format", "json"])
      #expect(cut.exitCode == 0 && full.exitCode == 0)
      #expect(cut.stdout.count < full.stdout.count)
      let zero = try await FlowscriptCLI.run(["graph", demo, "--max-states", "0"])
      #expect(zero.exitCode == 2)
      #expect(zero.stderr.contains("--max-states must be 1 or more, got 0"))
    }
  }
}
