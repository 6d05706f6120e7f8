import Foundation
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
