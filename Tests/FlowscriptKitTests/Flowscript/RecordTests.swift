@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript repl RULES.lua --record FILE`: the session written as a scenario file that
  /// `flowscript run` passes, and never over a file without `--force`.
  @Suite("repl --record")
  struct RecordTests {
    static let session = """
      feed.itemTapped {id=3}
      state
      item.buyTapped
      login.loggedIn
      set loggedIn true
      item.reviewTapped
      back
      back
      expect rejected
      confirm
      nosuch
      expect error
      expect tab search
      # a comment
      back
      back
      tab profile
      undo

      """

    @Test func theRecordingIsAScenarioThatPasses() async throws {
      try await Workspace.with { workspace in
        let file = workspace.path("session.flow")
        let repl = try await FlowscriptCLI.run(["repl", FlowscriptCLI.demoScript, "--record", file], stdin: Self.session)
        #expect(repl.exitCode == 0)
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        let lines = recorded.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# Recorded with flowscript repl demo.lua --record") == true)
        #expect(
          Array(lines.dropFirst()) == [
            "feed.itemTapped {id=3}",
            "expect stack home: feed > item",
            "expect top item {id=3, qty=1}",
            "item.buyTapped",
            "expect stack home: feed > item > sheet:login",
            #"expect top login {reason="buy"}"#,
            "login.loggedIn",
            "expect stack home: feed > item",
            "expect top item {id=3, qty=1}",
            "expect event loggedIn",
            "set loggedIn true",
            "expect context loggedIn true",
            "item.reviewTapped",
            "expect stack home: feed > item > review",
            "expect top review {stars=5}",
            "back",
            #"expect rejected "unsaved review""#,
            "back",
            "expect rejected",
            "confirm",
            "expect stack home: feed > item",
            "expect top item {id=3, qty=1}",
            "# did not parse: nosuch",
            "# expect error (not replayed: the line before did not parse)",
            "# expect tab search (did not hold)",
            "# a comment",
            "back",
            "expect stack home: feed",
            "expect top feed",
            "back",
            #"expect error "cannot go back: tab 'home' is already at root 'feed'""#,
            "tab profile",
            "expect stack profile: account",
            "expect top account",
            "undo",
            "expect stack home: feed",
            "expect top feed",
          ])
        let run = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, file])
        #expect(run.stdoutLines == ["PASS \(file)", "1 passed, 0 failed"])
        #expect(run.exitCode == 0)
      }
    }

    @Test func anExistingFileIsKeptWithoutForce() async throws {
      try await Workspace.with { workspace in
        let file = try workspace.write("session.flow", "mine\n")
        let refused = try await FlowscriptCLI.run(["repl", FlowscriptCLI.demoScript, "--record", file], stdin: "back\n")
        #expect(refused.exitCode == 2)
        #expect(refused.stderrLines == ["\(file): exists; pass --force to overwrite it"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine\n")

        let forced = try await FlowscriptCLI.run(
          ["repl", FlowscriptCLI.demoScript, "--record", file, "--force"], stdin: "tab search\n")
        #expect(forced.exitCode == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("tab search\nexpect stack search: search\n"))
      }
    }

    @Test func theScriptIsNeverTheRecording() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("flow.lua", #"tab "home" { root = "feed" }"# + "\nscreen \"feed\" {}\n")
        let result = try await FlowscriptCLI.run(["repl", script, "--record", script, "--force"], stdin: "back\n")
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("is the script being driven"))
        #expect(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("tab \"home\""))
      }
    }
  }
}
