@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// Text a script provides — titles, tab and screen names, payload strings, events, error
  /// messages — reaches the terminal escaped (`\n`, `\u{202E}`), everywhere flowscript prints it:
  /// a title's line feed broke `show`'s box, and a right-to-left override made text read backwards.
  @Suite("Terminal escapes")
  struct TerminalEscapesTests {
    /// Names, titles, a payload, an event and an error, each with a line break, a separator or a
    /// bidirectional control in it.
    static let script = #"""
      app "Sh\u{202E}op" {}
      tab "ho\u{202E}me" { root = "feed", title = "Ho\u{202E}me" }
      screen "feed" { title = "Fe\ned", actions = { "go", "boom", "shout" } }
      screen "it\u{202E}em" { title = "It\u{2028}em", state = { s = "" }, actions = { "stay" } }
      on("feed.go", function(nav) nav:push("it\u{202E}em", { s = "a\u{202E}b\u{2066}c\u{7F}" }) end)
      on("feed.boom", function(nav) error("bad\u{202E}thing\nnext\u{200F}", 0) end)
      on("feed.shout", function(nav) nav:emit("ev\u{202E}ent\r") end)
      """#

    /// The scalars a terminal obeys: none may reach it from a script.
    static func unsafe(_ text: String) -> [String] {
      text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A: return false
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
      }.map { String(format: "U+%04X", $0.value) }
    }

    @Test func showEscapesATitlesLineFeedAndKeepsItsBox() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("bidi.lua", Self.script)
        let result = try await FlowscriptCLI.run(["repl", script], stdin: "show\nfeed.go\nshow\n")
        #expect(result.exitCode == 0)
        #expect(Self.unsafe(result.stdout).isEmpty, "\(Self.unsafe(result.stdout))")
        #expect(result.stdoutLines.contains(#"│               Fe\ned                 │"#), "\(result.stdout)")
        #expect(result.stdoutLines.contains(#"│ [Ho\u{202E}me]                       │"#), "\(result.stdout)")
        #expect(result.stdoutLines.contains(#"│ ‹ Fe\ned      It\u{2028}em           │"#), "\(result.stdout)")
        #expect(result.stdoutLines.contains(#"│   s = "a\u{202E}b\u{2066}c\u{7F}"    │"#), "\(result.stdout)")
        // Every line of both boxes is as wide as the box: no title broke one.
        let box = result.stdoutLines.filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("├") || $0.hasPrefix("└") }
        #expect(box.count == 12 + 11, "\(result.stdout)")
        #expect(box.allSatisfy { $0.count == 40 }, "\(box)")
      }
    }

    @Test func theREPLEscapesNamesPayloadsEventsAndErrors() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("bidi.lua", Self.script)
        let result = try await FlowscriptCLI.run(
          ["repl", script], stdin: "feed.boom\nfeed.shout\nfeed.go\ntree\nstate\n\"x\u{202E}y\".stay\n")
        #expect(Self.unsafe(result.stdout).isEmpty, "\(Self.unsafe(result.stdout))")
        #expect(Self.unsafe(result.stderr).isEmpty, "\(Self.unsafe(result.stderr))")
        #expect(result.stderrLines.first == #"error: bidi.lua:6: feed.boom: bad\u{202E}thing\nnext\u{200F}"#)
        #expect(result.stdoutLines.contains(#"  event ev\u{202E}ent\r"#), "\(result.stdout)")
        #expect(result.stdoutLines.contains(#"ho\u{202E}me: feed > it\u{202E}em(s="a\u{202E}b\u{2066}c\u{7F}") — pushed it\u{202E}em"#),
                "\(result.stdout)")
        #expect(result.stdoutLines.contains(#"ho\u{202E}me *"#), "\(result.stdout)")
        #expect(result.stdoutLines.contains(#"    it\u{202E}em(s="a\u{202E}b\u{2066}c\u{7F}")  [push]"#), "\(result.stdout)")
        // `state` is JSON still, with the same text in it.
        let json = try FlowscriptCLI.jsonObject(try #require(result.stateLines.first))
        #expect(json["selectedTab"] as? String == "ho\u{202E}me")
        // An error echoing what was typed escapes it too.
        #expect(result.stderrLines.last?.hasPrefix(#"error: unknown screen 'x\u{202E}y'"#) == true, "\(result.stderr)")
      }
    }

    @Test func sendRunCheckAndGraphEscapeToo() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("bidi.lua", Self.script)
        let send = try await FlowscriptCLI.run(["send", script, "feed.go", "feed.boom"])
        #expect(send.exitCode == 1)
        #expect(Self.unsafe(send.stdout + send.stderr).isEmpty, "\(Self.unsafe(send.stdout + send.stderr))")
        #expect(send.stdoutLines.contains(#"    it\u{202E}em(s="a\u{202E}b\u{2066}c\u{7F}")  [push]"#), "\(send.stdout)")

        let flow = try workspace.write("top.flow", "feed.go\nexpect top feed\n")
        let run = try await FlowscriptCLI.run(["run", script, flow])
        #expect(run.exitCode == 1)
        #expect(Self.unsafe(run.stdout + run.stderr).isEmpty, "\(Self.unsafe(run.stdout + run.stderr))")
        #expect(run.stderrLines.contains { $0.hasSuffix(#"actual   top it\u{202E}em(s="a\u{202E}b\u{2066}c\u{7F}")"#) }, "\(run.stderr)")

        let check = try await FlowscriptCLI.run(["check", script, "--explore", "2"])
        #expect(Self.unsafe(check.stdout + check.stderr).isEmpty, "\(Self.unsafe(check.stdout + check.stderr))")
        #expect(check.stdoutLines.contains(#"rule error: bidi.lua:6: feed.boom: bad\u{202E}thing\nnext\u{200F}"#), "\(check.stdout)")

        let dot = try await FlowscriptCLI.run(["graph", script])
        #expect(Self.unsafe(dot.stdout).isEmpty, "\(Self.unsafe(dot.stdout))")
        #expect(dot.stdout.contains(#"    "ho\u{202E}me/feed" [label="Fe\ned\n(feed)", peripheries=2];"#), "\(dot.stdout)")
        let json = try await FlowscriptCLI.run(["graph", script, "--format", "json"])
        #expect(Self.unsafe(json.stdout).isEmpty, "\(Self.unsafe(json.stdout))")
        let graph = try FlowscriptCLI.jsonObject(json.stdout)
        let titles = (graph["nodes"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(titles.contains("It\u{2028}em"), "\(titles)")
      }
    }
  }
}
