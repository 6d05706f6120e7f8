@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
import TabFlowScriptExploration
import TestSupport
import Testing

extension FlowscriptTests {
  /// `--state FILE` of `repl`, `send`, `run`, `check` and `map`: a saved navigation document (what
  /// an app's `NavigationFileStore` writes) is where the lines start, so an app's state — or a
  /// bug report's — reproduces; a file that is missing, not a document, corrupt or does not fit
  /// the script is a usage error (exit 2) naming it, and nothing runs.
  @Suite("--state")
  struct SavedStateTests {
    static let script = """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { itemTapped = { id = 1 } } }
      screen "item" { state = { id = 0 }, actions = { "buyTapped" } }
      screen "pay" { actions = { "paid" } }
      screen "menu" {}
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
      on("item.buyTapped", function(nav) nav:presentSheet("pay") end)
      on("pay.paid", function(nav) nav:dismissAll() end)

      """

    /// The document an app would save after `lines`: the session's state, encoded by the library.
    static func savedDocument(after lines: [String], script path: String) throws -> Data {
      let session = try FlowSession(origin: .file(path))
      for line in lines { _ = session.execute(try FlowLineParser.parse(line)) }
      return try NavigationDocument.encode(session.state)
    }

    @Test func sendRunCheckMapAndTheReplStartFromTheSavedState() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("rules.lua", Self.script)
        let saved = try Self.savedDocument(after: ["feed.itemTapped {id=7}", "item.buyTapped"], script: rules)
        try saved.write(to: workspace.url.appendingPathComponent("state.json"))

        let send = try await FlowscriptCLI.run(["send", "rules.lua", "--state", "state.json", "pay.paid"], in: workspace.url)
        #expect(send.exitCode == 0, "\(send.stderr)")
        #expect(send.stdoutLines.prefix(3) == ["home *", "  feed  [root, navigation]", "    item(id=7)  [push]"], "\(send.stdout)")
        let json = try await FlowscriptCLI.run(["send", "rules.lua", "--state", "state.json", "--json"], in: workspace.url)
        #expect(json.stdout.contains(#"{"style":"sheet","screen":"pay""#), "\(json.stdout)")

        let flow = try workspace.write("bug.flow", """
          expect stack home: feed > item > sheet:pay
          expect top pay
          pay.paid
          expect stack home: feed > item
          expect top item {id=7}

          """)
        let run = try await FlowscriptCLI.run(["run", "rules.lua", flow, "--state", "state.json"], in: workspace.url)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        // Without --state the same file starts from the initial state and fails.
        let plain = try await FlowscriptCLI.run(["run", "rules.lua", flow], in: workspace.url)
        #expect(plain.exitCode == 1)

        let repl = try await FlowscriptCLI.run(
          ["repl", "rules.lua", "--state", "state.json"], stdin: "expect top pay\ntree\n", in: workspace.url)
        #expect(repl.exitCode == 0, "\(repl.stderr)")
        #expect(repl.stderr.isEmpty, "\(repl.stderr)")
        #expect(repl.stdout.contains("item(id=7)"), "\(repl.stdout)")

        // check explores from the saved state, and its reproductions name the file.
        let check = try await FlowscriptCLI.run(
          ["check", "rules.lua", "--state", "state.json", "--explore", "1"], in: workspace.url)
        #expect(check.stdout.contains("explored "), "\(check.stdout)\(check.stderr)")
        let failing = try workspace.write("failing.lua", Self.script.replacingOccurrences(
          of: #"on("pay.paid", function(nav) nav:dismissAll() end)"#,
          with: #"on("pay.paid", function(nav) error("payment failed") end)"#))
        let found = try await FlowscriptCLI.run(
          ["check", failing, "--state", "state.json", "--explore", "1"], in: workspace.url)
        #expect(found.exitCode == 1, "\(found.stdout)")
        #expect(found.stdout.contains("reproduce: flowscript send \(failing) --state state.json 'pay.paid'"), "\(found.stdout)")
        // From the initial state, one line cannot reach the payment sheet.
        let shallow = try await FlowscriptCLI.run(["check", failing, "--explore", "1"], in: workspace.url)
        #expect(!shallow.stdout.contains("payment failed"), "\(shallow.stdout)")

        let map = try await FlowscriptCLI.run(
          ["map", "rules.lua", "--state", "state.json", "--explore", "1", "-o", "flow.html"], in: workspace.url)
        #expect(map.exitCode == 0, "\(map.stderr)")
        // The page's scenario header starts flowscript run from the same file.
        let page = try String(contentsOf: workspace.url.appendingPathComponent("flow.html"), encoding: .utf8)
        #expect(page.contains(#""state":"state.json""#))
        let against = try await FlowscriptCLI.run(
          ["map", "rules.lua", "--state", "state.json", "--against", "rules.lua"], in: workspace.url)
        #expect(against.exitCode == 2)
        #expect(against.stderr.contains("--state and --against cannot be combined"), "\(against.stderr)")
      }
    }

    /// Every way a saved state can be wrong is a usage error naming the file; nothing runs.
    @Test func aBadSavedStateIsAUsageErrorNamingTheFile() async throws {
      try await Workspace.with { workspace in
        let rules = try workspace.write("rules.lua", Self.script)
        let good = String(decoding: try Self.savedDocument(after: ["feed.itemTapped {id=7}"], script: rules), as: UTF8.self)
        let cases: [(name: String, text: String?, message: String)] = [
          ("missing.json", nil, "missing.json: no such saved navigation state"),
          ("text.json", "hello", "text.json: saved navigation state is corrupt: not a JSON object"),
          ("other.json", #"{"format":"something.else","version":1}"#, "other.json: not a TabFlow navigation document"),
          ("future.json", #"{"format":"tabflow.navigation","version":99}"#, "future.json: saved navigation state has version 99"),
          ("cut.json", String(good.prefix(good.count / 2)), "cut.json: saved navigation state is corrupt"),
          ("unknown.json", good.replacingOccurrences(of: #""item""#, with: #""gone""#),
           "unknown.json: the saved state does not fit rules.lua: screen 'gone' is in use"),
          ("tab.json", good.replacingOccurrences(of: #""more""#, with: #""elsewhere""#),
           "tab.json: the saved state does not fit rules.lua: tab 'elsewhere' is in use but the script does not declare it"),
        ]
        for (name, text, message) in cases {
          if let text { _ = try workspace.write(name, text) }
          for arguments in [
            ["send", "rules.lua", "--state", name, "feed.itemTapped {id=1}"],
            ["run", "rules.lua", "--state", name, try workspace.write("any.flow", "expect tab home\n")],
            ["check", "rules.lua", "--state", name, "--explore", "1"],
            ["repl", "rules.lua", "--state", name],
            ["map", "rules.lua", "--state", name, "--explore", "1"],
          ] {
            let result = try await FlowscriptCLI.run(arguments, stdin: "tree\n", in: workspace.url)
            #expect(result.exitCode == 2, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
          }
        }
      }
    }

    /// A saved state from an older release of the script is fitted to it, as a reload fits the
    /// state it keeps: a tab it adds appears at its root, a screen gets the fields it declares.
    @Test func anOlderSavedStateIsMigratedToTheScript() async throws {
      try await Workspace.with { workspace in
        let old = try workspace.write("old.lua", Self.script)
        try Self.savedDocument(after: ["feed.itemTapped {id=4}"], script: old)
          .write(to: workspace.url.appendingPathComponent("state.json"))
        _ = try workspace.write("new.lua", Self.script
          .replacingOccurrences(of: #"state = { id = 0 }"#, with: #"state = { id = 0, qty = 1 }"#)
          + #"tab "help" { root = "faq" }"# + "\n" + #"screen "faq" {}"# + "\n")
        let send = try await FlowscriptCLI.run(["send", "new.lua", "--state", "state.json", "tab help"], in: workspace.url)
        #expect(send.exitCode == 0, "\(send.stderr)")
        #expect(send.stdout.contains("item(id=4, qty=1)  [push]"), "\(send.stdout)")
        #expect(send.stdout.contains("  faq  [root, navigation]"), "\(send.stdout)")
      }
    }

    /// `undo` and `reload FILE` work in scenario files; FILE is found beside the scenario file,
    /// wherever `run` is started and wherever the script is.
    @Test func undoAndReloadWorkInScenarioFiles() async throws {
      try await Workspace.with { workspace in
        try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("flows"), withIntermediateDirectories: true)
        _ = try workspace.write("rules.lua", Self.script)
        _ = try workspace.write("flows/v2.lua", Self.script.replacingOccurrences(
          of: #"nav:presentSheet("pay")"#, with: #"nav:presentCover("pay")"#))
        let flow = try workspace.write("flows/reload.flow", """
          feed.itemTapped {id=2}
          item.buyTapped
          expect stack home: feed > item > sheet:pay
          undo
          expect stack home: feed > item
          undo
          expect stack home: feed
          undo
          expect error "nothing to undo"
          feed.itemTapped {id=3}
          reload v2.lua
          item.buyTapped
          expect stack home: feed > item > cover:pay

          """)
        let run = try await FlowscriptCLI.run(["run", "rules.lua", flow], in: workspace.url)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("1 passed, 0 failed"))
        let elsewhere = try await FlowscriptCLI.run(
          ["run", workspace.path("rules.lua"), "reload.flow"], in: workspace.url.appendingPathComponent("flows"))
        #expect(elsewhere.exitCode == 0, "\(elsewhere.stdout)\(elsewhere.stderr)")
      }
    }

    /// `--state` is in the help of every command that takes it.
    @Test func theHelpNamesTheOption() async throws {
      for command in ["repl", "send", "run", "check", "map"] {
        let help = try await FlowscriptCLI.run([command, "--help"])
        #expect(help.stdout.contains("--state <FILE>"), "\(command): \(help.stdout)")
      }
      let run = try await FlowscriptCLI.run(["run", "--help"])
      #expect(run.stdout.contains("`undo`"))
      #expect(run.stdout.contains("relative"))
    }
  }
}
