@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript run … --coverage` counts the lines of every function the script defines, run or
  /// not: the table says how many executable lines ran and lists those that did not, the lcov tracefile has a
  /// `DA` per executable line, and counting charges nothing (a budget fails the same with it).
  @Suite("run: line coverage")
  struct LineCoverageTests {
    /// `a.go` takes the `else` branch (lines 11-12 never run); `a.open` never runs; `b.back` loops.
    static let script = """
      app "T" {}
      tab "home" { root = "a", title = "A" }
      screen "a" { title = "A", actions = { "go", "open", "spin" } }
      screen "b" { title = "B", actions = { "back" } }
      local function helper(nav)
        nav:push("b")
      end
      on("a.go", function(nav)
        local n = 1
        if n > 5 then
          nav:push("a")
          nav:push("b")
        else
          helper(nav)
        end
      end)
      on("a.open", function(nav) nav:push("b") end)
      on("b.back", function(nav)
        for i = 1, 3 do
          local x = i
        end
        nav:pop()
      end)
      on("a.spin", function(nav)
        while true do end
      end)

      """
    static let passing = "a.go\nexpect top b\nb.back\nexpect top a\na.go\n"
    /// What the lines line says it counts.
    static let counts = " — the lines of every function the script defines, run or not; its top level runs at load and is not counted"
    static let isLcovInstalled = FlowscriptCLI.tool("lcov") != nil

    @Test func tableCountsTheLinesThatRanAndListsTheOthers() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let result = try await FlowscriptCLI.run(["run", rules, pass, "--coverage"])
        #expect(result.exitCode == 0)
        // Executable: 6-7 (helper), 9-12, 14, 16 (a.go), 17 (a.open), 19-20, 22-23 (b.back),
        // 25 (a.spin); the untaken branch (11, 12) never ran, nor did a.open and a.spin: every
        // function counts, run or not.
        #expect(result.stdoutLines.contains("lines: 10 of 14 executable lines ran (71%)\(Self.counts)"))
        #expect(result.stdoutLines.contains("  not run: 11-12, 17, 25"))
      }
    }

    @Test func linesAddUpOverScenarioFiles() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let open = try workspace.write("open.flow", "a.open\nexpect top b\n")
        let result = try await FlowscriptCLI.run(["run", rules, pass, open, "--coverage"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines.contains("lines: 11 of 14 executable lines ran (78%)\(Self.counts)"))
        #expect(result.stdoutLines.contains("  not run: 11-12, 25"))
      }
    }

    @Test(.enabled(if: isLcovInstalled, "lcov is not installed (scripts/setup installs it)"))
    func lcovHasARecordPerExecutableLine() async throws {
      try await Workspace.with { workspace in
        let run = try await FlowscriptCLI.lcovRun(script: Self.script, scenario: Self.passing, in: workspace)
        #expect(run.result.exitCode == 0)
        let tracefile = run.tracefile
        // Lines 9-12 ran twice (a.go ran twice), the loop's line once per test of its condition.
        for record in ["DA:9,2", "DA:10,2", "DA:11,0", "DA:12,0", "DA:14,2", "DA:17,0", "DA:19,4", "DA:23,1", "DA:25,0", "LF:14", "LH:10"] {
          #expect(tracefile.contains("\n\(record)\n"), "\(record)")
        }
        #expect(!tracefile.contains("\nDA:13,"))  // `else` holds no code
        #expect(!tracefile.contains("\nDA:26,"))  // `end)` of a function that never ran
        #expect(tracefile.hasSuffix("LF:14\nLH:10\nend_of_record\n"))
        #expect(run.summary.exitCode == 0)
        #expect(run.summary.stdout.contains("lines......: 71.4% (10 of 14 lines)"))
      }
    }

    /// A rule that never ends stops at the budget with the same message, coverage or not; a rule
    /// well inside a small budget stays inside it with coverage on.
    @Test func coverageLeavesTheBudgetAlone() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let spin = try workspace.write("spin.flow", "a.spin\n")
        let plain = try await FlowscriptCLI.run(["run", rules, spin, "--budget", "5000"])
        let covered = try await FlowscriptCLI.run(["run", rules, spin, "--budget", "5000", "--coverage"])
        #expect(plain.exitCode == 1)
        #expect(covered.exitCode == 1)
        #expect(plain.stderr.contains("instruction budget of 5000 exceeded"))
        #expect(covered.stderr == plain.stderr)
        // Only a.spin's loop ran; the closing lines of the functions that never ran are not counted.
        #expect(covered.stdoutLines.contains("lines: 1 of 11 executable lines ran (9%)\(Self.counts)"))
        let pass = try workspace.write("pass.flow", Self.passing)
        let small = try await FlowscriptCLI.run(["run", rules, pass, "--budget", "5000", "--coverage"])
        #expect(small.exitCode == 0)
      }
    }
  }
}
