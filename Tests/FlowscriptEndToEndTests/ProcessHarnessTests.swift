import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The process helper the other tests rely on: it must fail a test whose process hangs or
  /// crashes, and must not deadlock on large output.
  @Suite("Test harness")
  struct ProcessHarnessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aProcessThatHangsIsKilledAndFailsTheTest() async throws {
      var result: ProcessResult?
      try await withKnownIssue("the helper records the time-out") {
        result = try await FlowscriptCLI.run(executable: Self.shell, ["-c", "exec sleep 3600"], timeout: .milliseconds(300))
      } matching: { issue in
        issue.description.contains("did not finish within")
      }
      // Killed at the time limit, not waited for: a process that ran to its end would have
      // exited with 0 (an assertion on the outcome, not on how long a busy machine took).
      #expect(result?.exitCode == nil)
    }

    @Test func aProcessThatCrashesFailsTheTest() async throws {
      try await withKnownIssue("the helper records the signal") {
        let result = try await FlowscriptCLI.run(executable: Self.shell, ["-c", "kill -SEGV $$"])
        #expect(result.exitCode == nil)
      } matching: { issue in
        issue.description.contains("died of signal")
      }
    }

    @Test func largeOutputOnBothStreamsDoesNotDeadlock() async throws {
      // 1 MiB on each stream, well past a pipe's buffer, and stdin read to its end.
      let script = "cat >/dev/null; head -c 1048576 /dev/zero | tr '\\0' o; head -c 1048576 /dev/zero | tr '\\0' e >&2; exit 3"
      let result = try await FlowscriptCLI.run(
        executable: Self.shell, ["-c", script], stdin: String(repeating: "line\n", count: 20_000))
      #expect(result.exitCode == 3)
      #expect(result.stdout.count == 1 << 20 && result.stdout.allSatisfy { $0 == "o" })
      #expect(result.stderr.count == 1 << 20 && result.stderr.allSatisfy { $0 == "e" })
    }
  }
}
