@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// Bad input never crashes and never loses state: each bad line gets one clear
  /// line on stderr, the state is what it was, and the REPL goes on to the next line.
  ///
  /// A missing script and a script with a syntax error are covered with their exact one-line
  /// errors in ExitCodeTests; broken reloads in ReloadTests.
  @Suite("Bad input")
  struct BadInputTests {
    struct BadLine: CustomTestStringConvertible, Sendable {
      let name: String
      let line: String
      /// The whole of stderr: one line.
      let error: String

      var testDescription: String { name }
    }

    static let badLines = [
      BadLine(
        name: "an unknown screen, with a suggestion", line: "iten.relatedTapped {id=4}",
        error: "error: unknown screen 'iten' — did you mean 'item'?"),
      BadLine(name: "an unknown screen, nothing like it", line: "basket.open", error: "error: unknown screen 'basket'"),
      BadLine(
        name: "an unknown action, with a suggestion", line: "item.relatedTaped {id=4}",
        error: "error: screen 'item' has no action 'relatedTaped' (actions: buyTapped, relatedTapped, reviewTapped, shareTapped) — did you mean 'relatedTapped'?"),
      BadLine(
        name: "a screen that is not in the stack", line: "cart.closeTapped",
        error: "error: no 'cart' screen in the selected tab 'home' (feed > item(id=3, qty=1))"),
      BadLine(
        name: "a malformed payload", line: "item.relatedTapped {id=",
        error: "error: payload column 5: expected a value, found the end"),
      BadLine(
        name: "a payload that calls a function", line: "item.relatedTapped {id=os.exit()}",
        error: "error: payload column 5: 'os' is not data: payloads may hold only nil, booleans, numbers, strings and tables"),
      BadLine(
        name: "a payload that calls a global", line: "item.relatedTapped {id=tonumber(\"4\")}",
        error: "error: payload column 5: 'tonumber' is not data: payloads may hold only nil, booleans, numbers, strings and tables"),
      BadLine(
        name: "a payload that calls a parenthesised function", line: "item.relatedTapped {id=(os.exit)(1)}",
        error: "error: payload column 5: unexpected '(': payloads are data only"),
      BadLine(
        name: "a payload with a function literal", line: "item.relatedTapped {id=function() os.exit() end}",
        error: "error: payload column 5: 'function' is not data: payloads may hold only nil, booleans, numbers, strings and tables"),
      BadLine(
        name: "a payload that is not a table", line: "item.relatedTapped 4",
        error: "error: the payload of item.relatedTapped must be a table like {id=3}, got integer"),
      BadLine(name: "an unknown tab", line: "tab checkout", error: "error: unknown tab 'checkout' (tabs: home, search, profile)"),
      BadLine(
        name: "a deep link nothing matches", line: "url shop://basket/1",
        error: "error: no deep link matches 'shop://basket/1' (patterns: shop://orders, shop://item/:id, shop://orders/:highlight, shop://home)"),
      BadLine(
        name: "a line that is not in the language", line: "open item",
        error: "error: 'open' is not a command or an action; write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)"),
      BadLine(
        name: "an unknown expectation", line: "expect dept 2",
        error: "error: unknown expectation 'dept' (expect tab, stack, app, top, error, depth, url, pending, resume, event, context, rejected) — did you mean 'depth'?"),
      BadLine(name: "a command with arguments", line: "undo 2", error: "error: 'undo' takes nothing after it"),
    ]

    @Test(arguments: badLines)
    func aBadLineGetsOneLineAndChangesNothing(_ bad: BadLine) async throws {
      let result = try await FlowscriptCLI.run(
        [],
        stdin: """
          feed.itemTapped {id=3}
          state
          \(bad.line)
          state
          expect stack home: feed > item
          item.relatedTapped {id=4}

          """)
      #expect(result.exitCode == 0)
      #expect(result.stderrLines == [bad.error])
      try #require(result.stateLines.count == 2)
      #expect(result.stateLines[0] == result.stateLines[1], "the state is unchanged")
      #expect(result.stdoutLines.last == "home: feed > item(id=3, qty=1) > item(id=4, qty=1) — pushed item", "the REPL went on")
    }

    /// Rules that never end or eat memory, each stopped by a limit.
    static let runaway = """
      tab "home" { root = "list" }
      screen "list" { actions = { "open", "spin", "trap", "recurse", "hog" } }
      screen "detail" { actions = { "spin" } }
      on("list.open", function(nav) nav:push("detail") end)
      on("*.spin", function(nav)
        nav:push("detail")
        while true do end
      end)
      on("list.trap", function(nav)
        nav:push("detail")
        while true do pcall(function() while true do end end) end
      end)
      on("list.recurse", function(nav)
        local function deeper(n) return 1 + deeper(n + 1) end
        nav:push("detail")
        deeper(1)
      end)
      on("list.hog", function(nav)
        nav:push("detail")
        local hoard = {}
        while true do hoard[#hoard + 1] = string.rep("x", 4096) .. #hoard end
      end)
      """

    struct Runaway: CustomTestStringConvertible, Sendable {
      let name: String
      let line: String
      let error: String
      var testDescription: String { name }
    }

    static let runaways = [
      Runaway(
        name: "a loop that never ends", line: "list.spin",
        error: "error: runaway.lua:7: *.spin: script stopped (instruction budget of 100000 exceeded)"),
      Runaway(
        name: "an endless loop that pcall cannot swallow", line: "list.trap",
        error: "error: runaway.lua:11: list.trap: script stopped (instruction budget of 100000 exceeded)"),
      Runaway(
        name: "a recursion that never ends", line: "list.recurse",
        error: "error: runaway.lua:14: list.recurse: script stopped (instruction budget of 100000 exceeded)"),
    ]

    @Test(arguments: runaways)
    func aRuleThatNeverEndsIsStoppedAndTheReplGoesOn(_ runaway: Runaway) async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("runaway.lua", Self.runaway)
        let result = try await FlowscriptCLI.run(
          ["repl", script, "--budget", "100000"],
          stdin: "state\n\(runaway.line)\nstate\nexpect depth 1\nlist.open\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrLines == [runaway.error])
        try #require(result.stateLines.count == 2)
        #expect(result.stateLines[0] == result.stateLines[1], "the push queued before the loop was discarded")
        #expect(result.stdoutLines.last == "home: list > detail — pushed detail")
      }
    }

    @Test func aRuleThatEatsMemoryIsStoppedAndTheReplGoesOn() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("runaway.lua", Self.runaway)
        let result = try await FlowscriptCLI.run(
          ["repl", script], stdin: "state\nlist.hog\nstate\nexpect depth 1\nlist.open\n")
        #expect(result.exitCode == 0)
        try #require(result.stderrLines.count == 1)
        let error = result.stderrLines[0]
        #expect(error.contains("list.hog: not enough memory (memory limit of 33554432 bytes)"))
        // Memory errors carry no traceback; they name the line that declared the rule.
        #expect(error.hasPrefix("error: runaway.lua:"))
        #expect(!error.contains("tabflow.dsl"))
        try #require(result.stateLines.count == 2)
        #expect(result.stateLines[0] == result.stateLines[1])
        #expect(result.stdoutLines.last == "home: list > detail — pushed detail")
      }
    }

    @Test func aRuleErrorNamesTheFileLineAndRuleAndChangesNothing() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "shop.lua",
          """
          tab "home" { root = "list" }
          screen "list" { actions = { "open", "buy" } }
          screen "detail" { }
          on("list.open", function(nav) nav:push("detail") end)
          on("list.buy", function(nav)
            nav:push("detail")
            nav:push("checkout")
          end)
          """)
        let result = try await FlowscriptCLI.run(["repl", script], stdin: "state\nlist.buy\nstate\nlist.open\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrLines == ["error: shop.lua:7: list.buy: unknown screen 'checkout'"])
        try #require(result.stateLines.count == 2)
        #expect(result.stateLines[0] == result.stateLines[1], "the whole batch was discarded")
        #expect(result.stdoutLines.last == "home: list > detail — pushed detail")
      }
    }
  }
}

extension FlowscriptTests.BadInputTests {
  @Test func anUnknownTabSuggestsTheClosestOne() async throws {
    let result = try await FlowscriptCLI.run([], stdin: "tab profil\nexpect tab home\n")
    #expect(result.stderrLines == ["error: unknown tab 'profil' (tabs: home, search, profile) — did you mean 'profile'?"])
  }
}
