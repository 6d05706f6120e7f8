import CLuaSandbox
import Foundation
import Testing

@testable import TabFlowLua

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

extension Scripting {
  @Suite("LuaVM: line coverage")
  struct LuaVMLineCoverageTests {
    static let source = """
      function pick(n)
        if n > 5 then
          return "big"
        else
          return "small"
        end
      end
      function spin(n)
        local total = 0
        for i = 1, n do
          total = total + i
        end
        return total
      end
      function viaCoroutine()
        local co = coroutine.wrap(function()
          coroutine.yield(pick(9))
        end)
        return co()
      end
      """

    @Test("hits and the executable lines of the functions that ran")
    func countsLines() throws {
      let vm = try LuaVM(limits: .test, coroutines: true)
      let script = try vm.load(Self.source, name: "cov.lua")
      vm.startLineCoverage(chunk: "cov.lua", lineCount: 20)
      #expect(try vm.call("pick", in: script, [1]) == ["small"])
      #expect(try vm.call("pick", in: script, [2]) == ["small"])
      let counted = vm.lineCoverage()
      #expect(counted.hits == [2: 2, 5: 2])
      #expect(counted.executable.isSuperset(of: [2, 3, 5]))
      #expect(!counted.executable.contains(10))  // spin never ran
      // A coroutine made after coverage started is counted too.
      #expect(try vm.call("viaCoroutine", in: script) == ["big"])
      let again = vm.lineCoverage()
      #expect(again.hits[17] == 1)
      #expect(again.hits[3] == 1)
      vm.stopLineCoverage()
      _ = try vm.call("pick", in: script, [1])
      #expect(vm.lineCoverage().hits[5] == 2)
    }

    @Test("line events charge nothing: the budget left is the same with coverage on")
    func chargesNothing() throws {
      func instructionsLeft(covering: Bool) throws -> Int64 {
        let vm = try LuaVM(limits: .test)
        let script = try vm.load(Self.source, name: "cov.lua")
        // Both start the hook's period at the same point (turning coverage on re-arms it).
        vm.startLineCoverage(chunk: "cov.lua", lineCount: 20)
        if !covering { vm.stopLineCoverage() }
        _ = try vm.call("spin", in: script, [1000])
        return vm.context.pointee.instructionsLeft
      }
      let plain = try instructionsLeft(covering: false)
      let covered = try instructionsLeft(covering: true)
      #expect(plain < LuaVM.Limits.test.instructionsPerCall)
      #expect(covered == plain)
    }

    @Test("coverage off: the hook has no line mask")
    func offByDefault() throws {
      let vm = try LuaVM(limits: .test)
      #expect(lua_gethookmask(vm.state) == LUA_MASKCOUNT)
      vm.startLineCoverage(chunk: "x.lua", lineCount: 3)
      #expect(lua_gethookmask(vm.state) == LUA_MASKCOUNT | LUA_MASKLINE)
      vm.stopLineCoverage()
      #expect(lua_gethookmask(vm.state) == LUA_MASKCOUNT)
      #expect(vm.context.pointee.lineMask == 0)
    }
  }
}
