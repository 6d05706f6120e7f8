@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The REPL through a pipe (`printf '...' | flowscript`): every command, the change summary,
  /// emitted events, and plain output — no prompts, no colours.
  @Suite("REPL through a pipe")
  struct ReplTests {
    /// The initial state of the demo flow, as `state` prints it (the `state` format, keys in order).
    static let initialDemoState =
      #"{"selectedTab":"home","tabs":[{"id":"home","routes":[{"style":"root","screen":"feed","state":{}}]},"#
      + #"{"id":"search","routes":[{"style":"root","screen":"search","state":{"query":""}}]},"#
      + #"{"id":"profile","routes":[{"style":"root","screen":"account","state":{}}]}],"context":{},"url":"shop://home"}"#

    @Test func bareFlowscriptDrivesTheBundledDemo() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "feed.itemTapped {id=3}\n")
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines == ["home: feed > item(id=3, qty=1) — pushed item"])
      #expect(result.stderr.isEmpty)
    }

    @Test func replRunsTheScriptItIsGiven() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "notes.lua",
          """
          tab "notes" { root = "list" }
          screen "list" { actions = { "add" } }
          screen "editor" { state = { draft = "" } }
          on("list.add", function(nav) nav:presentCover("editor", { draft = "hello" }) end)
          """)
        let result = try await FlowscriptCLI.run(["repl", script], stdin: "list.add\n")
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines == [#"notes: list > cover:editor(draft="hello") — presented cover editor"#])
        #expect(result.stderr.isEmpty)
      }
    }

    @Test func stateIsTheDesignJSON() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "state\nfeed.itemTapped {id=3}\nitem.buyTapped\nset loggedIn false\nstate\n")
      #expect(result.exitCode == 0)
      try #require(result.stateLines.count == 2)
      #expect(result.stateLines[0] == Self.initialDemoState)

      let state = try FlowscriptCLI.jsonObject(result.stateLines[1])
      #expect(Set(state.keys) == ["selectedTab", "tabs", "context"])
      #expect(state["selectedTab"] as? String == "home")
      #expect((state["context"] as? [String: Any])?["loggedIn"] as? Bool == false)
      let tabs = try #require(state["tabs"] as? [[String: Any]])
      #expect(tabs.map { $0["id"] as? String } == ["home", "search", "profile"])
      let routes = try #require(tabs.first?["routes"] as? [[String: Any]])
      #expect(routes.map { $0["style"] as? String } == ["root", "push", "sheet"])
      #expect(routes.map { $0["screen"] as? String } == ["feed", "item", "login"])
      #expect(routes.allSatisfy { $0["state"] is [String: Any] })
      #expect(routes[1]["state"] as? [String: Int] == ["id": 3, "qty": 1])
      #expect(routes[2]["state"] as? [String: String] == ["reason": "buy"])
      #expect(routes[2]["withNavigation"] as? Bool == true)
      #expect(routes[2]["detents"] as? [String] == ["large"])
    }

    @Test func treeListsEveryTabWithTheSelectedOneStarred() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "feed.itemTapped {id=3}\nitem.shareTapped\ntab profile\nset loggedIn true\ntree\n")
      #expect(result.exitCode == 0)
      #expect(
        Array(result.stdoutLines.suffix(9)) == [
          "home",
          "  feed  [root, navigation]",
          "    item(id=3, qty=1)  [push]",
          "      share  [sheet, medium]",
          "search (leave: popToRoot)",
          #"  search(query="")  [root, navigation]"#,
          "profile * (reselect: none)",
          "  account  [root, navigation]",
          "context {loggedIn=true}",
        ])
    }

    @Test func showDrawsTheScreenWithTitleBackAffordanceAndTabBar() async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          show
          feed.itemTapped {id=3}
          show
          item.buyTapped
          show
          login.cancelled
          tab search
          show
          tab home
          feed.promoTapped
          show

          """)
      #expect(result.exitCode == 0)
      #expect(result.stderr.isEmpty)
      // Each `show` draws one box from ┌ to ┘.
      let screens = result.stdout.split(separator: "┌", omittingEmptySubsequences: false).dropFirst()
        .map { String($0.prefix { $0 != "┘" }) }
      try #require(screens.count == 5)
      let (root, pushed, sheet, otherTab, cover) = (screens[0], screens[1], screens[2], screens[3], screens[4])

      #expect(root.contains("│               Feed"), "the title, and no back affordance at the root")
      #expect(!root.contains("‹"))
      #expect(root.contains("[Home]  Search   Profile"), "the selected tab is marked")
      #expect(root.contains("[itemTapped]"), "the top screen's actions")

      #expect(pushed.contains("‹ Feed        Item"), "back to the screen below, then the title")
      #expect(pushed.contains("  id = 3") && pushed.contains("  qty = 1"))

      #expect(sheet.contains("▒ Item behind; sheet (large) ▒"))
      #expect(sheet.contains("✕             Log in"), "a presented layer closes instead of going back")
      #expect(sheet.contains("[Home]  Search   Profile"), "a sheet leaves the tab bar visible")

      #expect(otherTab.contains(" Home  [Search]  Profile"))
      #expect(otherTab.contains("Search"))

      #expect(cover.contains("cover"))
      #expect(cover.contains("✕             Promo"))
      #expect(!cover.contains("Home"), "a full-screen cover hides the tab bar")
    }

    @Test func anActionPrintsWhatChangedAndTheEventsItEmitted() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "set loggedIn true\nfeed.itemTapped {id=3}\nitem.buyTapped\ntab profile\n")
      #expect(result.exitCode == 0)
      #expect(
        result.stdoutLines == [
          "context {loggedIn=true}",
          "home: feed > item(id=3, qty=1) — pushed item",
          "profile: account > orders(highlight=3) — pushed orders",
          "selected profile",
          "  event purchased",
          // profile's reselect policy is "none": tapping it again changes no stack, and says so.
          "  reselected(profile)",
        ])
      #expect(result.stderr.isEmpty)
    }

    @Test func anActionWhoseRuleQueuesNothingSaysNothingChanged() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "quiet.lua",
          """
          tab "home" { root = "feed" }
          screen "feed" { actions = { "refresh" } }
          on("feed.refresh", function(nav) end)
          """)
        let result = try await FlowscriptCLI.run(["repl", script], stdin: "feed.refresh\n")
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines.last == "(no change)")
        #expect(result.stderr.isEmpty)
      }
    }

    @Test func urlAlonePrintsTheLinkOfTheCurrentScreen() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "url\nfeed.itemTapped {id=3}\nurl\ntab search\nurl\n")
      #expect(result.stdoutLines.contains("shop://home"))
      #expect(result.stdoutLines.contains("shop://item/3"))
      #expect(result.stdoutLines.last == "(no url: no link declares search)")
      #expect(result.stderr.isEmpty)
    }

    @Test func theStateShowsThePendingLinkAndTheURL() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "url shop://orders/7\nstate\ntree\nset loggedIn true\nstate\n")
      let states = result.stdoutLines.filter { $0.hasPrefix("{") }
      try #require(states.count == 2)
      #expect(states[0].hasSuffix(#""context":{},"pendingLink":"shop://orders/7"}"#))
      #expect(result.stdoutLines.contains("pending link shop://orders/7"))
      #expect(states[1].hasSuffix(#""context":{"loggedIn":true},"url":"shop://orders/7"}"#))
      #expect(result.stdoutLines.contains("  opened pending link shop://orders/7"))
    }

    @Test func confirmReSendsTheRejectedChangePastItsGuard() async throws {
      let result = try await FlowscriptCLI.run(
        [], stdin: "confirm\nfeed.itemTapped {id=3}\nitem.reviewTapped\nback\nconfirm\nexpect top item {id=3}\ncancelLink\n")
      #expect(result.stderrLines == [
        "error: nothing to confirm: no guard rejected a change",
        "error: rejected by guard 'unsaved review': discard the review? (the guard asks: confirm re-sends the change)",
        "error: no pending link to cancel",
      ])
      #expect(result.stdoutLines.last == "home: feed > item(id=3, qty=1) — popped review")
    }

    @Test func undoGoesBackOneChangeAtATime() async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          feed.itemTapped {id=3}
          item.relatedTapped {id=4}
          undo
          expect top item {id=3}
          undo
          state
          undo

          """)
      #expect(result.exitCode == 0)
      #expect(
        result.stdoutLines == [
          "home: feed > item(id=3, qty=1) — pushed item",
          "home: feed > item(id=3, qty=1) > item(id=4, qty=1) — pushed item",
          "home: feed > item(id=3, qty=1) — popped item",
          "home: feed — popped item",
          Self.initialDemoState,
        ])
      #expect(result.stderrLines == ["error: nothing to undo"])
    }

    @Test func helpDescribesTheLineLanguage() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "help\n")
      #expect(result.exitCode == 0)
      let help = result.stdout
      for word in ["feed.itemTapped {id=3}", "tab profile", "back", "url shop://item/3", "set loggedIn true",
                   "expect tab", "expect stack", "expect top", "expect error", "expect depth",
                   "state", "tree", "show", "reload", "undo", "help", "quit"] {
        #expect(help.contains(word), "help mentions \(word)")
      }
    }

    @Test(arguments: ["quit", "exit"])
    func quitStopsReadingLines(_ command: String) async throws {
      let result = try await FlowscriptCLI.run([], stdin: "\(command)\nfeed.itemTapped {id=3}\nstate\n")
      #expect(result.exitCode == 0)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.isEmpty)
    }

    @Test func expectationsAreSilentWhenTheyHoldAndReportedWhenNot() async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          expect tab home
          expect stack home: feed
          expect tab profile
          back
          expect error "already at root"
          feed.itemTapped {id=3}

          """)
      // A failed expectation is reported and the session goes on; the REPL itself still exits 0.
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines == ["home: feed > item(id=3, qty=1) — pushed item"])
      #expect(
        result.stderrLines == [
          "expectation failed: expected tab profile, got tab home",
          "error: cannot go back: tab 'home' is already at root 'feed'",
        ])
    }

    @Test func inACombinedLogErrorsKeepTheirPlace() async throws {
      // As with `printf … | flowscript 2>&1`.
      let result = try await FlowscriptCLI.run(
        [], stdin: "feed.itemTapped {id=3}\nback\nback\nexpect depth 2\ntab profile\n", mergingErrors: true)
      #expect(result.exitCode == 0)
      #expect(
        result.stdoutLines == [
          "home: feed > item(id=3, qty=1) — pushed item",
          "home: feed — popped item",
          "error: cannot go back: tab 'home' is already at root 'feed'",
          "expectation failed: expected depth 2, got depth 1 (feed)",
          "selected profile",
        ])
    }

    @Test func expectErrorSeesALineThatDidNotParse() async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          feed.itemTapped {id=3}
          item.relatedTapped {id=
          expect error "payload column 5"
          back
          back
          nosuch
          expect error "already at root"

          """)
      #expect(result.exitCode == 0)
      #expect(
        result.stderrLines == [
          "error: payload column 5: expected a value, found the end",
          "error: cannot go back: tab 'home' is already at root 'feed'",
          "error: 'nosuch' is not a command or an action; write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)",
          // The line before was `nosuch`, not `back`.
          #"expectation failed: expected an error containing "already at root", got error: 'nosuch' is not a command or an action; "#
            + "write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)",
        ])
    }

    @Test func commentsAndBlankLinesDoNothing() async throws {
      let result = try await FlowscriptCLI.run([], stdin: "# a comment\n\n   \n\t# indented\nstate\n")
      #expect(result.exitCode == 0)
      #expect(result.stdoutLines == [Self.initialDemoState])
      #expect(result.stderr.isEmpty)
    }

    /// Every command and a few failures, read from a pipe: plain lines only.
    static let everything = """
      feed.itemTapped {id=3}
      item.buyTapped
      login.cancelled
      tab search
      back
      back
      url shop://item/7
      set loggedIn true
      expect tab profile
      nosuch.line
      state
      tree
      show
      reload
      undo
      help

      """

    @Test func pipedOutputHasNoPromptsBannerOrEscapeCodes() async throws {
      let result = try await FlowscriptCLI.run([], stdin: Self.everything)
      #expect(result.exitCode == 0)
      for text in [result.stdout, result.stderr] {
        #expect(!text.contains("\u{1B}"), "no ANSI escape codes")
        #expect(!text.contains("home> ") && !text.contains("search> "), "no prompts")
        #expect(!text.contains("Type help"), "no banner")
      }
      #expect(result.stdoutLines.first == "home: feed > item(id=3, qty=1) — pushed item")
    }

  }
}
