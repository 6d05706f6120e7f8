@testable import FlowscriptKit
import Foundation
import TabFlowScriptExploration
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript send RULES.lua LINE... [--json]`: the lines from the initial state, then the
  /// final state; the first failing line stops it with exit 1.
  @Suite("send")
  struct SendTests {
    let demo = FlowscriptCLI.demoScript

    @Test func printsTheFinalStateAsATree() async throws {
      let result = try await FlowscriptCLI.run(["send", demo, "feed.itemTapped {id=3}", "tab profile"])
      #expect(result.exitCode == 0)
      #expect(
        result.stdoutLines == [
          "home",
          "  feed  [root, navigation]",
          "    item(id=3, qty=1)  [push]",
          "search (leave: popToRoot)",
          #"  search(query="")  [root, navigation]"#,
          "profile * (reselect: none)",
          "  account  [root, navigation]",
        ])
      #expect(result.stderr.isEmpty)
    }

    @Test func printsTheREPLsWarningsOnStderr() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", demo, "feed.itemTapped {id=3}", "item.buyTapped", "feed.itemTapped {id=4}", "set vipLevel 3"])
      #expect(result.exitCode == 0)
      #expect(
        result.stderrLines == [
          "warning: feed is covered by sheet:login: a user cannot tap it (an effect finishing on it can send "
            + "feed.itemTapped; write home:feed.itemTapped to say so)",
          "warning: the script reads no context key 'vipLevel' (it reads loggedIn); set anyway",
        ])
    }

    @Test func printsTheFinalStateAsJSON() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", demo, "--json", "set loggedIn true", "url shop://orders?highlight=12", "tab home", "feed.cartTapped"])
      #expect(result.exitCode == 0)
      try #require(result.stdoutLines.count == 1)
      let state = try FlowscriptCLI.jsonObject(result.stdoutLines[0])
      #expect(state["selectedTab"] as? String == "home")
      #expect(state["context"] as? [String: Bool] == ["loggedIn": true])
      let tabs = try #require(state["tabs"] as? [[String: Any]])
      let routes = tabs.map { ($0["routes"] as? [[String: Any]] ?? []).map { $0["screen"] as? String ?? "?" } }
      #expect(routes == [["feed", "cart"], ["search"], ["account", "orders"]])
      let cart = try #require((tabs[0]["routes"] as? [[String: Any]])?.last)
      #expect(cart["style"] as? String == "sheet")
      #expect(cart["withNavigation"] as? Bool == true)
      #expect(cart["detents"] as? [String] == ["medium", "large"])
      let orders = try #require((tabs[2]["routes"] as? [[String: Any]])?.last)
      #expect(orders["state"] as? [String: Int] == ["highlight": 12])
    }

    @Test func withoutLinesItPrintsTheInitialState() async throws {
      let result = try await FlowscriptCLI.run(["send", demo, "--json"])
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines == [ReplTests.initialDemoState])
    }

    /// `send` follows the scenario rule exactly: comments between a failing line and its
    /// `expect error` are skipped, as in `run`.
    @Test func aCommentMayStandBetweenAFailureAndItsExpectError() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", demo, "back", "# the home tab is at its root", "expect error \"already at root\"", "--json"])
      #expect(result.exitCode == 0)
      #expect(result.stderr.isEmpty)
      #expect(result.stdoutLines == [ReplTests.initialDemoState])
    }

    @Test func aFailingLineStopsWithExit1AndTheStateSoFar() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", demo, "feed.itemTapped {id=3}", "tab profile", "feed.itemTapped {id=4}", "tab home", "--json"])
      #expect(result.exitCode == 1)
      #expect(result.stderrLines == ["line 3: error: no 'feed' screen in the selected tab 'profile' (account)"])
      try #require(result.stdoutLines.count == 1)
      let state = try FlowscriptCLI.jsonObject(result.stdoutLines[0])
      #expect(state["selectedTab"] as? String == "profile", "line 4 did not run")
    }

    @Test func aFailingLineFollowedByExpectErrorGoesOn() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", demo, "back", "expect error \"already at root\"", "feed.itemTapped {id=3}", "expect depth 2"])
      #expect(result.exitCode == 0)
      #expect(result.stderr.isEmpty)
      #expect(result.stdoutLines.contains("    item(id=3, qty=1)  [push]"))
    }

    @Test func aFailedExpectationStopsWithExit1() async throws {
      let result = try await FlowscriptCLI.run(["send", demo, "feed.itemTapped {id=3}", "expect error", "tab profile"])
      #expect(result.exitCode == 1)
      #expect(result.stderrLines == ["line 2: expected an error, got the previous line succeeded"])
      #expect(result.stdoutLines.first == "home *", "line 3 did not run")
    }

    @Test func aLineThatDoesNotParseIsAUsageError() async throws {
      let result = try await FlowscriptCLI.run(["send", demo, "tab profile", "exepct tab home"])
      #expect(result.exitCode == 2)
      #expect(result.stderrLines == [
        "line 2: unknown command 'exepct' — did you mean 'expect'?"
      ])
      #expect(result.stdout.isEmpty)
    }

    @Test func aPayloadThatIsNotDataIsAFailedLine() async throws {
      let result = try await FlowscriptCLI.run(["send", demo, "feed.itemTapped {id=", "expect error", "tab profile", "--json"])
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix(#"{"selectedTab":"profile""#))
    }
  }
}
