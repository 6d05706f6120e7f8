import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("REPL through a pipe")
  struct ReplTests {
    /// `script` (util-linux) runs flowscript on a pseudo-terminal.
    @Test(.enabled(if: FlowscriptCLI.tool("script") != nil, "util-linux `script` is not installed: no terminal to test on"))
    func noColorTurnsOffColourOnly() async throws {
      let (script, arguments) = try FlowscriptCLI.onTerminal()
      let input = "feed.itemTapped {id=3}\nfeed.nothing\nquit\n"

      for (environment, coloured) in [([:], true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false)] {
        let terminal = try await FlowscriptCLI.run(executable: script, arguments, stdin: input, environment: environment)
        #expect(terminal.exitCode == 0)
        // On a terminal, with NO_COLOR or without, flowscript greets, prompts and edits lines.
        #expect(terminal.stdout.contains("home> "), "\(environment)")
        #expect(terminal.stdout.contains("Type help"), "\(environment)")
        #expect(terminal.stdout.contains("home: feed > item(id=3, qty=1) — pushed item"))
        // The error is red, unless NO_COLOR is set (to anything but the empty string); NO_COLOR
        // changes nothing else (SGR: ESC [ … m).
        let red = "\u{1B}[31merror: "
        #expect(terminal.stdout.contains(red) == coloured, "\(environment): \(terminal.stdout)")
        #expect(terminal.stdout.contains("error: ") && terminal.stdout.contains("nothing"), "\(environment)")
        if !coloured {
          #expect(terminal.stdout.range(of: #"\u{1B}\[[0-9;]*m"#, options: .regularExpression) == nil)
        }
      }
    }
  }
}
