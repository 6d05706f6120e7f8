@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import TestSupport
import Testing

extension FlowscriptTests {
  /// `expect event`, `expect context` and `expect rejected`, in scenario files and in the REPL.
  @Suite("expect event, context and rejected")
  struct ExpectationTests {
    static let passing = [
      "set loggedIn true\nfeed.itemTapped {id=3}\nitem.buyTapped\nexpect event purchased",
      "set loggedIn true\nfeed.itemTapped {id=3}\nitem.buyTapped\nexpect tab profile\nexpect event purchased",
      "expect context loggedIn nil\nset loggedIn true\nexpect context loggedIn true",
      "feed.itemTapped {id=3}\nitem.reviewTapped\nback\nexpect rejected \"unsaved review\"\nexpect top review",
      "feed.itemTapped {id=3}\nitem.reviewTapped\nback\nexpect rejected",
      "feed.itemTapped {id=3}\nitem.reviewTapped\nback\nexpect error \"discard\"\nexpect rejected \"unsaved review\"",
    ]

    @Test(arguments: passing)
    func anExpectationThatHoldsPasses(_ text: String) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", text + "\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.stdoutLines == ["PASS \(flow)", "1 passed, 0 failed"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
      }
    }

    static let failing: [(text: String, line: Int, expected: String, actual: String)] = [
      ("feed.itemTapped {id=3}\nexpect event purchased", 2, "event purchased", "no event from the previous line"),
      (
        "set loggedIn true\nfeed.itemTapped {id=3}\nitem.buyTapped\nexpect event purchased {id=3}", 4,
        "event purchased {id=3}", "events purchased from the previous line"
      ),
      // The event belongs to the line before, not to any line of the file.
      (
        "set loggedIn true\nfeed.itemTapped {id=3}\nitem.buyTapped\ntab home\nexpect event purchased", 5,
        "event purchased", "no event from the previous line"
      ),
      ("set loggedIn true\nexpect context loggedIn false", 2, "context loggedIn false", "context loggedIn true"),
      ("back\nexpect rejected", 2, "rejected by a guard", "error: cannot go back: tab 'home' is already at root 'feed'"),
      (
        "feed.itemTapped {id=3}\nitem.reviewTapped\nback\nexpect rejected \"auth\"", 4, "rejected by guard 'auth'",
        "rejected by guard 'unsaved review'"
      ),
    ]

    @Test(arguments: 0..<failing.count)
    func anExpectationThatDoesNotHoldFailsTheFile(_ index: Int) async throws {
      let scenario = Self.failing[index]
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", scenario.text + "\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 1)
        #expect(
          result.stderrLines == [
            "\(flow):\(scenario.line): expected \(scenario.expected)", "\(flow):\(scenario.line): actual   \(scenario.actual)",
          ])
      }
    }

    @Test func theReplChecksThemToo() async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          set loggedIn true
          expect context loggedIn true
          feed.itemTapped {id=3}
          item.buyTapped
          expect event purchased
          expect event paid
          expect evnt paid

          """)
      #expect(result.exitCode == 0)
      #expect(
        result.stderrLines == [
          "expectation failed: expected event paid, got events purchased from the previous line",
          "error: unknown expectation 'evnt' (expect tab, stack, app, top, error, depth, url, pending, resume, event, context, rejected)"
            + " — did you mean 'event'?",
        ])
    }

    @Test func badExpectationsSayHowToWriteThem() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "expect context loggedIn\nexpect event\nexpect rejected a b\n")
      #expect(
        result.stderrLines == [
          "error: usage: expect context <key> <value>, e.g. expect context loggedIn true (nil: not set)",
          "error: usage: expect event <name> [{field=value}], e.g. expect event purchased",
          #"error: usage: expect rejected or expect rejected "guard name" (a name with spaces in double quotes)"#,
        ])
    }
  }
}
