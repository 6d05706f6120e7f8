@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `check --jobs N` runs at most one worker (one Lua VM) per processor: `--jobs 100000` made
  /// 100,000 VMs (14.5 GB).
  @Suite("check --jobs")
  struct CheckJobsTests {
    static let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)

    @Test(arguments: [processors + 1, 4_096])
    func moreJobsThanProcessorsAreCapped(jobs: Int) async throws {
      let result = try await FlowscriptCLI.run(
        ["check", FlowscriptCLI.demoScript, "--explore", "3", "--jobs", String(jobs)])
      #expect(result.exitCode == 0)
      #expect(result.stderrLines == [
        "note: --jobs \(jobs) is more than the \(Self.processors) processors; exploring with \(Self.processors)",
      ])
      // The same report as with one job.
      let one = try await FlowscriptCLI.run(["check", FlowscriptCLI.demoScript, "--explore", "3", "--jobs", "1"])
      #expect(Array(result.stdoutLines.dropFirst()) == Array(one.stdoutLines.dropFirst()))
      #expect(result.stdoutLines.last == "check passed")
    }

    /// A rule that assigns several load-time locals (and one that then raises) leaves none of
    /// them changed, whichever worker ran it: one job and two report the same states and problems,
    /// and no innocent rule fails for it.
    @Test func rulesAssigningLoadTimeLocalsReportTheSameWithOneJobOrTwo() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("locals.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "bump", "fail", "open" } }
          screen "item" { state = { id = 0 }, actions = { "open", "bump" } }
          local a, b, c = 0, 0, 0
          on("*.bump", function(nav) a = a + 1; b = b + 1; c = c + 1 end)
          on("feed.fail", function(nav) a = a + 1; b = b + 1; error("boom") end)
          on("*.open", function(nav) nav:push("item", { id = a + b + c }) end)
          """)
        let one = try await FlowscriptCLI.run(["check", script, "--explore", "4", "--jobs", "1"])
        let two = try await FlowscriptCLI.run(["check", script, "--explore", "4", "--jobs", "2"])
        #expect(one.exitCode == 1 && two.exitCode == 1)
        #expect(Array(one.stdoutLines.dropFirst()) == Array(two.stdoutLines.dropFirst()))
        #expect(one.stdoutLines.first?.contains(" 5 states") == true, "\(one.stdout)")
        #expect(!one.stdout.contains("inside rule '*.open'"), "\(one.stdout)")
      }
    }

    @Test func asManyJobsAsProcessorsIsNoNote() async throws {
      let result = try await FlowscriptCLI.run(
        ["check", FlowscriptCLI.demoScript, "--explore", "2", "--jobs", String(Self.processors)])
      #expect(result.exitCode == 0)
      #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func theHelpSaysJobsAreCapped() async throws {
      let result = try await FlowscriptCLI.run(["check", "--help"])
      #expect(result.exitCode == 0)
      // ArgumentParser wraps the help: read it as one line.
      let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(help.contains("never more than the processors, \(Self.processors) here"), "\(result.stdout)")
    }
  }
}
