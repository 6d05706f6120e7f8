@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript check RULES.lua [--explore DEPTH]`: the demo passes; planted bugs are found
  /// with the shortest line sequence that reproduces them, and that sequence, run through
  /// `flowscript send`, fails the same way.
  @Suite("check")
  struct CheckTests {
    @Test func theDemoPasses() async throws {
      let result = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript])
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines.first?.hasPrefix("demo.lua: explored ") == true)
      #expect(result.stdoutLines.first?.contains(" to depth 5 in ") == true)
      // The summary ends with the rate: "… in 40 ms (5000 states/s)".
      let summary = try #require(result.stdoutLines.first)
      #expect(summary.range(of: #" ms \(\d+ states/s\)$"#, options: .regularExpression) != nil, "\(summary)")
      // A guard's question is the guard doing its job: reported as a note, not a problem.
      #expect(result.stdout.contains(
        "guard question (note): rejected by guard 'unsaved review': discard the review? (the guard asks: confirm re-sends the change)"))
      #expect(result.stdoutLines.last == "check passed")
      #expect(result.stderr.isEmpty)
    }

    @Test func theReportIsTheSameForAnyNumberOfJobs() async throws {
      // States are explored several at a time, each in a VM of its own, and merged on one thread
      // while the others run on; the report is read in order, so it is the same — including
      // where the state limit stops it. More jobs than processors are capped (CheckJobsTests).
      for (extra, exitCode) in [(["--explore", "5"], 0), (["--explore", "6", "--max-states", "1000"], 1)] {
        var reports: [[String]] = []
        for jobs in ["1", "2", "3", "8"] {
          let result = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript, "--jobs", jobs] + extra)
          #expect(result.exitCode == Int32(exitCode))
          // The first line ends with the time it took; the rest is the report.
          let summary = try #require(result.stdoutLines.first)
          let counts = try #require(summary.range(of: " in ")).lowerBound
          reports.append([String(summary[..<counts])] + result.stdoutLines.dropFirst())
        }
        for (index, report) in reports.enumerated().dropFirst() {
          #expect(report == reports[0], "\(extra), run \(index)")
        }
      }
    }

    @Test func exploreZeroOnlyValidates() async throws {
      let result = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript, "--explore", "0"])
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines == [
        "demo.lua: loaded and validated; nothing explored (--explore 0)", "static checks only: rules not run",
      ])
      #expect(!result.stdout.contains("unreached"), "nothing was explored, so nothing can be called unreachable")
    }

    /// A negative depth or a state cap below one is a usage error naming the option, for every
    /// exploring command (check and graph clamped them silently).
    @Test(arguments: [
      (["check", "--explore=-1"], "--explore must be 0 or more, got -1"),
      (["check", "--max-states", "0"], "--max-states must be 1 or more, got 0"),
      (["graph", "--explore=-2"], "--explore must be 0 or more, got -2"),
      (["diff", "--explore=-1"], "--explore must be 0 or more, got -1"),
      (["map", "--explore=-1"], "--explore must be 0 or more, got -1"),
      (["verify", "--previous", "x.flowpkg", "--previous-depth=-1"], "--previous-depth must be 0 or more, got -1"),
    ])
    func badBoundsAreUsageErrors(arguments: [String], message: String) async throws {
      let demo = FlowscriptCLI.demoScript
      var line = [arguments[0], demo]
      if arguments[0] == "diff" { line.append(demo) }
      if arguments[0] == "verify" { line += ["--public-key", "no.pub"] }
      let result = try await FlowscriptCLI.run(line + arguments.dropFirst())
      #expect(result.exitCode == 2)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anUnreachableScreenIsReported() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "orphan.lua",
          """
          tab "home" { root = "list" }
          screen "list" { actions = { "open" } }
          screen "detail" { actions = { "close" } }
          screen "orphan" { }
          on("list.open", function(nav) nav:presentSheet("detail") end)
          on("detail.close", function(nav) nav:dismiss() end)
          """)
        let result = try await FlowscriptCLI.run(["check", script])
        #expect(result.exitCode == 1)
        // The first two lines: the counts and time, and the chance of a fingerprint collision.
        #expect(
          Array(result.stdoutLines.dropFirst(2)) == [
            "unreached: screen 'orphan' is declared but no explored sequence shows it",
            "check failed: 1 problem(s)",
          ])
      }
    }

    @Test func screensBeyondAShallowDepthAreNotesNotProblems() async throws {
      let result = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript, "--explore", "2"])
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines.contains("not reached within depth 2 (note): screen 'checkout'; explore deeper to check it"))
      #expect(result.stdoutLines.last == "check passed")
    }

    @Test func aCoverWithNoWayBackIsReported() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "trap.lua",
          """
          tab "home" { root = "list" }
          screen "list" { actions = { "promo" } }
          screen "promo" { actions = { "like" } }
          on("list.promo", function(nav) nav:presentCover("promo") end)
          on("promo.like", function(nav) end)
          """)
        let result = try await FlowscriptCLI.run(["check", script])
        #expect(result.exitCode == 1)
        let lines = Array(result.stdoutLines.dropFirst(2))
        try #require(lines.count == 3, "\(lines)")
        #expect(lines[0] == "no way back: 'promo' is a cover whose actions never lead back")
        #expect(ShellWords.split(lines[1]) == ["reproduce:", "flowscript", "send", script, "list.promo"])
        #expect(lines[2] == "check failed: 1 problem(s)")
      }
    }
  }
}
