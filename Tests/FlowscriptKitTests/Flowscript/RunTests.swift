@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript run RULES.lua FLOW...`: each expect form passing and failing, failed lines,
  /// what a failure prints, the closing count, and files independent of each other.
  @Suite("run: scenario files")
  struct RunTests {
    /// A scenario file run against the demo flow.
    struct Scenario: CustomTestStringConvertible, Sendable {
      let name: String
      let text: String
      /// For a failing scenario: the line that fails, and what it expected and found.
      var failure: (line: Int, expected: String, actual: String)?

      var testDescription: String { name }

      init(_ name: String, _ text: String) {
        self.name = name
        self.text = text + "\n"
      }

      init(_ name: String, _ text: String, line: Int, expected: String, actual: String) {
        self.init(name, text)
        failure = (line, expected, actual)
      }
    }

    static let passing = [
      Scenario("expect tab", "expect tab home\ntab profile\nexpect tab profile"),
      Scenario("expect stack with the tab", "feed.itemTapped {id=3}\nexpect stack home: feed > item"),
      Scenario("expect stack without the tab (the selected one)", "feed.itemTapped {id=3}\nexpect stack feed > item"),
      Scenario(
        "expect stack of another tab",
        "feed.itemTapped {id=3}\ntab search\nexpect stack home: feed > item\nexpect stack search"),
      Scenario("expect stack with a sheet", "feed.cartTapped\nexpect stack home: feed > sheet:cart"),
      Scenario(
        "expect stack with a push inside a sheet",
        "set loggedIn true\nfeed.cartTapped\ncart.checkoutTapped\nexpect stack feed > sheet:cart > checkout"),
      Scenario("expect app with a cover over the tabs", "feed.promoTapped\nexpect app cover:promo\nexpect stack home: feed"),
      Scenario("expect top with a subset of the state", "feed.itemTapped {id=3}\nexpect top item {id=3}"),
      Scenario("expect top with the whole state", "feed.itemTapped {id=3}\nexpect top item {qty=1, id=3}"),
      Scenario("expect top without a payload", "expect top feed\nfeed.itemTapped {id=3}\nexpect top item"),
      Scenario("expect error", "back\nexpect error"),
      Scenario("expect error with text", "back\nexpect error \"already at root\""),
      Scenario("expect error after a comment", "back\n# the root has nowhere to go back to\n\nexpect error"),
      Scenario(
        "expect error for a guard, the state unchanged",
        "feed.itemTapped {id=3}\nitem.reviewTapped\nback\nexpect error \"discard the review?\"\nexpect stack home: feed > item > review"),
      Scenario("expect depth", "expect depth 1\nfeed.itemTapped {id=3}\nitem.relatedTapped {id=4}\nexpect depth 3"),
    ]

    @Test(arguments: passing)
    func anExpectationThatHoldsPasses(_ scenario: Scenario) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", scenario.text)
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines == ["PASS \(flow)", "1 passed, 0 failed"])
        #expect(result.stderr.isEmpty)
      }
    }

    static let failing = [
      Scenario("expect tab", "expect tab profile", line: 1, expected: "tab profile", actual: "tab home"),
      Scenario(
        "expect stack with the tab", "feed.itemTapped {id=3}\nexpect stack home: feed",
        line: 2, expected: "home: feed", actual: "home: feed > item"),
      Scenario(
        "expect stack without the tab", "expect stack feed > item", line: 1, expected: "home: feed > item", actual: "home: feed"),
      Scenario(
        "expect stack of another tab", "tab search\nsearch.resultTapped {id=4}\nexpect stack home: feed > item",
        line: 3, expected: "home: feed > item", actual: "home: feed"),
      Scenario(
        "expect stack: a push is not a sheet", "feed.cartTapped\nexpect stack feed > cart",
        line: 2, expected: "home: feed > cart", actual: "home: feed > sheet:cart"),
      Scenario(
        "expect app: a sheet is not a cover", "feed.promoTapped\nexpect app sheet:promo",
        line: 2, expected: "app sheet:promo", actual: "app cover:promo"),
      Scenario(
        "expect stack of an unknown tab", "expect stack nowhere: feed",
        line: 1, expected: "a tab 'nowhere'", actual: "tabs home, search, profile"),
      Scenario(
        "expect top with another value", "feed.itemTapped {id=3}\nexpect top item {id=4}",
        line: 2, expected: "top item {id=4}", actual: "top item(id=3, qty=1)"),
      Scenario(
        "expect top with a field the state lacks", "feed.itemTapped {id=3}\nexpect top item {color=\"red\"}",
        line: 2, expected: "top item {color=\"red\"}", actual: "top item(id=3, qty=1)"),
      Scenario("expect top of another screen", "expect top item", line: 1, expected: "top item", actual: "top feed"),
      Scenario(
        "expect error after a line that succeeded", "feed.itemTapped {id=3}\nexpect error",
        line: 2, expected: "an error", actual: "the previous line succeeded"),
      Scenario(
        "expect error on the first line", "expect error", line: 1, expected: "an error", actual: "the previous line succeeded"),
      Scenario(
        "expect error with other text", "back\nexpect error \"login required\"",
        line: 2, expected: "an error containing \"login required\"",
        actual: "error: cannot go back: tab 'home' is already at root 'feed'"),
      Scenario(
        "expect depth", "feed.itemTapped {id=3}\nexpect depth 3",
        line: 2, expected: "depth 3", actual: "depth 2 (feed > item(id=3, qty=1))"),
    ]

    @Test(arguments: failing)
    func anExpectationThatDoesNotHoldFailsTheFileNamingLineExpectedAndActual(_ scenario: Scenario) async throws {
      let failure = try #require(scenario.failure)
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", scenario.text)
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 1)
        #expect(result.stdoutLines == ["FAIL \(flow)", "0 passed, 1 failed"])
        #expect(
          result.stderrLines == [
            "\(flow):\(failure.line): expected \(failure.expected)",
            "\(flow):\(failure.line): actual   \(failure.actual)",
          ])
      }
    }

    @Test func aFileStopsAtItsFirstFailure() async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", "expect tab search\nexpect tab profile\nback\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 1)
        #expect(result.stderrLines == ["\(flow):1: expected tab search", "\(flow):1: actual   tab home"])
      }
    }

    static let failedLines = [
      Scenario(
        "a line that fails, then another line", "back\nexpect tab home",
        line: 1, expected: "", actual: "cannot go back: tab 'home' is already at root 'feed'"),
      Scenario(
        "a failing last line", "feed.itemTapped {id=3}\ntab profile\nfeed.itemTapped {id=4}",
        line: 3, expected: "", actual: "no 'feed' screen in the selected tab 'profile' (account)"),
      Scenario(
        "an unknown action", "feed.itemTaped {id=3}\nexpect depth 1",
        line: 1, expected: "",
        actual: "screen 'feed' has no action 'itemTaped' (actions: cartTapped, itemTapped, promoTapped) — did you mean 'itemTapped'?"),
      Scenario(
        "a guard rejection", "feed.itemTapped {id=3}\nitem.reviewTapped\nback\nexpect stack feed > item",
        line: 3, expected: "", actual: "discard the review?"),
    ]

    @Test(arguments: failedLines)
    func aLineThatFailsWithoutExpectErrorAfterItFailsTheFile(_ scenario: Scenario) async throws {
      let failure = try #require(scenario.failure)
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", scenario.text)
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 1)
        #expect(result.stdoutLines == ["FAIL \(flow)", "0 passed, 1 failed"])
        try #require(result.stderrLines.count == 1)
        #expect(result.stderrLines[0].hasPrefix("\(flow):\(failure.line): error: "))
        #expect(result.stderrLines[0].contains(failure.actual))
        #expect(result.stderrLines[0].hasSuffix("(no `expect error` follows)"))
      }
    }

    @Test func aLineThatDoesNotParseFailsTheFileNamingFileAndLine() async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", "# a typo in a keyword\nexepct tab home\nexpect error\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 1)
        #expect(result.stderrLines == [
          "\(flow):2: unknown command 'exepct' — did you mean 'expect'?"
        ])
      }
    }

    @Test func anActionLineWhosePayloadIsNotDataIsAFailedLine() async throws {
      // The same two lines the REPL accepts: a payload that is not data fails the line, and
      // `expect error` may follow it, with the error's text.
      try await Workspace.with { workspace in
        let flow = try workspace.write("scenario.flow", """
          feed.itemTapped {id=os.exit(3)}
          expect error "'os' is not data"
          feed.itemTapped {id=
          expect error
          feed.nosuch
          expect error "has no action 'nosuch'"
          tab nowhere
          expect error "unknown tab 'nowhere'"
          expect depth 1
          """)
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdoutLines == ["PASS \(flow)", "1 passed, 0 failed"])
        // Without `expect error`, the failed line fails the file.
        let unexpected = try workspace.write("unexpected.flow", "feed.itemTapped {id=os.exit(3)}\n")
        let failing = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, unexpected])
        #expect(failing.exitCode == 1)
        #expect(failing.stderrLines == [
          "\(unexpected):1: error: payload column 5: 'os' is not data: payloads may hold only nil, booleans, numbers, "
            + "strings and tables (no `expect error` follows)"
        ])
      }
    }

    @Test func windowsLineEndingsWork() async throws {
      try await Workspace.with { workspace in
        let good = try workspace.write("good.flow", "# CRLF\r\nfeed.itemTapped {id=3}\r\nexpect top item {id=3}\r\n")
        let bad = try workspace.write("bad.flow", "feed.itemTapped {id=3}\r\n\r\nexpect depth 1\r\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, good, bad])
        #expect(result.exitCode == 1)
        #expect(result.stdoutLines == ["PASS \(good)", "FAIL \(bad)", "1 passed, 1 failed"])
        #expect(
          result.stderrLines == ["\(bad):3: expected depth 1", "\(bad):3: actual   depth 2 (feed > item(id=3, qty=1))"])
      }
    }

    @Test func eachFileStartsFromTheInitialState() async throws {
      try await Workspace.with { workspace in
        let first = try workspace.write(
          "first.flow", "set loggedIn true\nfeed.itemTapped {id=3}\nitem.buyTapped\nexpect tab profile\n")
        // Passes only if neither the navigation nor the context of the first file carried over.
        let second = try workspace.write(
          "second.flow",
          """
          expect tab home
          expect stack home: feed
          expect stack profile: account
          feed.cartTapped
          cart.checkoutTapped
          expect stack home: feed > sheet:cart > sheet:login

          """)
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, first, second, first])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines == ["PASS \(first)", "PASS \(second)", "PASS \(first)", "3 passed, 0 failed"])
        #expect(result.stderr.isEmpty)
      }
    }

    @Test func aFailingFileDoesNotStopTheOthers() async throws {
      try await Workspace.with { workspace in
        let good = try workspace.write("good.flow", "feed.itemTapped {id=3}\nexpect depth 2\n")
        let bad = try workspace.write("bad.flow", "feed.itemTapped {id=3}\nexpect depth 5\n")
        // (A missing file is a usage error before any runs: InputFileTests.)
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, good, bad, good])
        #expect(result.exitCode == 1)
        #expect(result.stdoutLines == ["PASS \(good)", "FAIL \(bad)", "PASS \(good)", "2 passed, 1 failed"])
        #expect(
          result.stderrLines == [
            "\(bad):2: expected depth 5",
            "\(bad):2: actual   depth 2 (feed > item(id=3, qty=1))",
          ])
      }
    }

    @Test func inACombinedLogEachFailureFollowsItsFile() async throws {
      try await Workspace.with { workspace in
        let good = try workspace.write("good.flow", "expect depth 1\n")
        let bad = try workspace.write("bad.flow", "expect depth 5\n")
        // As in CI: `flowscript run … 2>&1 | tee log`.
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, bad, good, bad], mergingErrors: true)
        #expect(result.exitCode == 1)
        #expect(
          result.stdoutLines == [
            "FAIL \(bad)", "\(bad):1: expected depth 5", "\(bad):1: actual   depth 1 (feed)",
            "PASS \(good)",
            "FAIL \(bad)", "\(bad):1: expected depth 5", "\(bad):1: actual   depth 1 (feed)",
            "1 passed, 2 failed",
          ])
      }
    }

    @Test func theScenarioFilesOfTheDemoPass() async throws {
      let directory = FlowscriptCLI.packageRoot.appendingPathComponent("scripts/flows")
      let flows = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".flow") }.sorted()
        .map { directory.appendingPathComponent($0).path }
      try #require(!flows.isEmpty)
      let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript] + flows)
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines == flows.map { "PASS \($0)" } + ["\(flows.count) passed, 0 failed"])
      #expect(result.stderr.isEmpty)
    }
  }
}
