@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension FlowscriptTests {
  /// `flowscript run … --junit FILE` and `--coverage`: the JUnit XML parses with a testcase per
  /// file and a failure naming the failing line; the coverage table counts what ran; the lcov
  /// tracefile is accepted by `lcov --summary`; `--min-coverage` sets the exit code.
  @Suite("run: JUnit and coverage reports")
  struct RunReportTests {
    /// Four rules (one wildcard, `a.open` never run by ``passing``) and two guards (`never`
    /// never refuses).
    static let script = """
      app "T" {}
      tab "home" { root = "a", title = "A" }
      screen "a" { title = "A", actions = { "go", "open", "closeTapped" } }
      screen "b" { title = "B", actions = { "closeTapped", "blocked" } }
      screen "c" { title = "C", actions = { "closeTapped" } }
      on("a.go", function(nav) nav:push("b") end)
      on("b.blocked", function(nav) nav:push("c") end)
      on("*.closeTapped", function(nav) nav:pop() end)
      on("a.open", function(nav) nav:push("c") end)
      guard("no c", function(change)
        if change.after.top == "c" then return false, "no c" end
      end)
      guard("never", function(change) end)

      """
    static let passing = "a.go\nb.blocked\nexpect rejected\nb.closeTapped\nexpect top a\n"
    /// Fails at line 2 (`top b`), and its name needs escaping in XML.
    static let failing = "a.go\nexpect top a\n"

    static let isLcovInstalled = FlowscriptCLI.tool("lcov") != nil

    @Test func junitHasATestcasePerFileAndTheFailure() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let fail = try workspace.write("a&<\"b\">.flow", Self.failing)
        let report = workspace.path("report.xml")
        try workspace.write("report.xml", "an old report")  // replaced, no --force needed
        let result = try await FlowscriptCLI.run(["run", rules, pass, fail, "--junit", report])
        #expect(result.exitCode == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        let failureLines = ["\(fail):2: expected top a", "\(fail):2: actual   top b"]
        #expect(result.stderr.contains(failureLines.joined(separator: "\n")))
        #if canImport(FoundationXML) || os(macOS)
          let document = try XMLDocument(xmlString: xml, options: [])
          let suites = try document.nodes(forXPath: "/testsuite")
          #expect(suites.count == 1)
          let cases = try document.nodes(forXPath: "/testsuite/testcase")
          #expect(cases.count == 2)
          let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
          #expect(names == [pass, fail])
          for testcase in cases {
            let time = (testcase as? XMLElement)?.attribute(forName: "time")?.stringValue.flatMap(Double.init)
            #expect(time != nil)
          }
          let failures = try document.nodes(forXPath: "/testsuite/testcase/failure")
          #expect(failures.count == 1)
          let message = (failures.first as? XMLElement)?.attribute(forName: "message")?.stringValue
          #expect(message == failureLines.joined(separator: "\n"))
          let suite = suites.first as? XMLElement
          #expect(suite?.attribute(forName: "tests")?.stringValue == "2")
          #expect(suite?.attribute(forName: "failures")?.stringValue == "1")
        #else
          #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite "))
          #expect(xml.components(separatedBy: "<testcase ").count == 3)
          #expect(xml.components(separatedBy: "<failure ").count == 2)
          #expect(xml.contains("a&amp;&lt;&quot;b&quot;&gt;.flow:2: expected top a&#10;"))
        #endif
      }
    }

    @Test func junitNeverReplacesTheScript() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let result = try await FlowscriptCLI.run(["run", rules, pass, "--junit", rules])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("is the rule script"))
        #expect(try String(contentsOfFile: rules, encoding: .utf8) == Self.script)
      }
    }

    @Test func coverageTableCountsRulesAndGuards() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let result = try await FlowscriptCLI.run(["run", rules, pass, "--coverage"])
        #expect(result.exitCode == 0)
        #expect(
          result.stdoutLines == [
            "PASS \(pass)",
            "1 passed, 0 failed",
            "coverage: rules 3/4 (75%), guards 1/2 (50%), deep links 0/0 (100%), links 0/0 (100%)",
            "lines: 6 of 7 executable lines ran (85%) — the lines of every function the script defines, run or not; its top level runs at load and is not counted",
            "  not run: 9",
            "guards (allowed / rejected / redirected):",
            "  guard 'no c': 2 / 1 / 0",
            "  guard 'never': 2 / 0 / 0",
            "rules never run:",
            "  a.open  \(rules):9",
            "guards that never refused:",
            "  guard 'never'  \(rules):13",
          ])
      }
    }

    @Test func coverageOfTheDemoCountsARedirect() async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("orders.flow", "tab profile\naccount.ordersTapped\nexpect top login\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow, "--coverage"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines.contains("  guard 'login required for orders': 1 / 0 / 1"))
      }
    }

    /// An `on_context` rule is a rule: it counts when a `set` changes its key, not when the value
    /// stays, and one that never ran is listed with its line.
    @Test func coverageCountsContextRules() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write(
          "ctx.lua",
          """
          app "T" {}
          tab "home" { root = "a" }
          screen "a" { actions = { "go" } }
          screen "b" {}
          on("a.go", function(nav) nav:push("b") end)
          on_context("loggedIn", function(nav, value)
            if not value then nav:popToRoot() end
          end)
          on_context("tier", function(nav) end)
          context "tier" { "gold", "silver" }

          """)
        let flow = try workspace.write(
          "expire.flow", "set loggedIn true\na.go\nset loggedIn true\nset loggedIn false\nexpect top a\n")
        let result = try await FlowscriptCLI.run(["run", rules, flow, "--coverage"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines.contains(
          "coverage: rules 2/3 (66%), guards 0/0 (100%), deep links 0/0 (100%), links 0/0 (100%)"))
        #expect(result.stdoutLines.contains("  on_context tier  \(rules):9"))
        #expect(!result.stdoutLines.contains { $0.hasPrefix("  on_context loggedIn") })
      }
    }
    @Test(.enabled(if: isLcovInstalled, "lcov is not installed (scripts/setup installs it)"))
    func lcovTracefileIsAccepted() async throws {
      try await Workspace.with { workspace in
        let run = try await FlowscriptCLI.lcovRun(script: Self.script, scenario: Self.passing, in: workspace)
        #expect(run.result.exitCode == 0)
        let tracefile = run.tracefile
        #expect(tracefile.contains("SF:\(run.rules)\n"))
        #expect(tracefile.contains("FN:9,rule a.open\n"))
        #expect(tracefile.contains("FNDA:0,rule a.open\n"))
        #expect(tracefile.contains("FNF:6\nFNH:4\n"))
        #expect(tracefile.hasSuffix("end_of_record\n"))
        #expect(run.summary.exitCode == 0)
        #expect(run.summary.stdout.contains("functions..: 66.7% (4 of 6 functions)"))
      }
    }

    @Test func lcovNeedsACoverageFile() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let result = try await FlowscriptCLI.run(["run", rules, pass, "--coverage-format", "lcov"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--coverage-file"))
      }
    }

    @Test(arguments: [("80", Int32(1)), ("75", Int32(0)), ("0", Int32(0)), ("100", Int32(1))])
    func minCoverageSetsTheExitCode(_ minimum: String, _ exitCode: Int32) async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let result = try await FlowscriptCLI.run(["run", rules, pass, "--min-coverage", minimum])
        #expect(result.exitCode == exitCode)
        #expect(result.stderr.contains("below --min-coverage") == (exitCode == 1))
      }
    }

    @Test func minCoverageOutOfRangeIsAUsageError() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("t.lua", Self.script)
        let pass = try workspace.write("pass.flow", Self.passing)
        let result = try await FlowscriptCLI.run(["run", rules, pass, "--min-coverage", "101"])
        #expect(result.exitCode == 2)
      }
    }
  }
}
