import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("writing a flow")
  struct WritingFlowTests {
    let demo = FlowscriptCLI.demoScript

    /// On a terminal a pass is green and a failure red; piped, or with NO_COLOR, the same text
    /// without escape codes.
    @Test(.enabled(if: FlowscriptCLI.tool("script") != nil, "util-linux `script` is not installed: no terminal to test on"))
    func resultsAreColouredOnATerminalOnly() async throws {
      try await Workspace.with { workspace in
        let good = try workspace.write("good.flow", "expect tab home\n")
        let bad = try workspace.write("bad.flow", "expect tab search\n")
        let script = try #require(FlowscriptCLI.tool("script"))
        let binary = try FlowscriptCLI.binary().path
        let command = "exec '\(binary)' run '\(demo)' '\(good)' '\(bad)'"
        let terminal = try await FlowscriptCLI.run(executable: script, ["-qec", command, "/dev/null"])
        #expect(terminal.stdout.contains("\u{1B}[32mPASS \(good)\u{1B}[0m"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("\u{1B}[31mFAIL \(bad)\u{1B}[0m"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("\u{1B}[31m1 passed, 1 failed\u{1B}[0m"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("\u{1B}[31m\(bad):1: expected"), "\(terminal.stdout)")

        let noColor = try await FlowscriptCLI.run(executable: script, ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        #expect(noColor.stdout.contains("PASS \(good)"))
        #expect(!noColor.stdout.contains("\u{1B}["), "\(noColor.stdout)")

        // What send --json notes on stderr is no error: never red.
        let notes = "exec '\(binary)' send '\(demo)' 'tab profile' account.ordersTapped --json"
        let json = try await FlowscriptCLI.run(executable: script, ["-qec", notes, "/dev/null"])
        #expect(json.stdout.contains("line 2: redirected by guard"), "\(json.stdout)")
        #expect(!json.stdout.contains("\u{1B}["), "\(json.stdout)")

        let piped = try await FlowscriptCLI.run(["run", demo, good, bad])
        #expect(piped.stdout.contains("PASS \(good)"))
        #expect(!piped.stdout.contains("\u{1B}[") && !piped.stderr.contains("\u{1B}["))
      }
    }
  }
}
