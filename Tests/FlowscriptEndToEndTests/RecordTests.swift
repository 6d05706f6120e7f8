import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("repl --record")
  struct RecordTests {
    /// A payload or state holding a line separator (U+2028, U+2029, NEL) or a control character
    /// reads back: the recording escapes it in every line it writes (`expect top` wrote it raw),
    /// and `run` ends lines only at a line break (it split at U+2028 too), so a file holding one
    /// raw inside a string runs as well.
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}", "\u{0C}", "\u{0B}", "\t"])
    func aSeparatorInAPayloadReadsBack(separator: String) async throws {
      try await Workspace.with { workspace in
        try workspace.write("note.lua", """
          tab "home" { root = "feed" }
          screen "feed" { actions = { note = { text = "" } } }
          screen "item" { state = { text = "" }, actions = { "done" } }
          on("feed.note", function(nav, p) nav:push("item", { text = p.text }) end)
          on("item.done", function(nav) nav:emit("noted", { text = nav.stack[2].state.text }) end)

          """)
        let line = "feed.note {text=\"a\(separator)b\"}"
        let repl = try await FlowscriptCLI.run(
          ["repl", "note.lua", "--record", "note.flow"], stdin: line + "\nitem.done\n", in: workspace.url)
        #expect(repl.exitCode == 0, "\(repl.stderr)")
        let recorded = try String(contentsOfFile: workspace.path("note.flow"), encoding: .utf8)
        #expect(!recorded.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(recorded)")
        #expect(!recorded.contains("\u{2028}") && !recorded.contains("\u{2029}"), "\(recorded)")
        let run = try await FlowscriptCLI.run(["run", "note.lua", "note.flow"], in: workspace.url)
        #expect(run.exitCode == 0, "\(recorded)\n\(run.stderr)")
        try workspace.write("raw.flow", line + "\nexpect top item {text=\"a\(separator)b\"}\n")
        let raw = try await FlowscriptCLI.run(["run", "note.lua", "raw.flow"], in: workspace.url)
        #expect(raw.exitCode == 0, "\(raw.stderr)")
      }
    }
  }
}
