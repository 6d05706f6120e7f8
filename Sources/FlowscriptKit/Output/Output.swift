import Foundation
import TabFlowLua
import TabFlowScriptExploration

/// Where flowscript writes: results to stdout, errors to stderr. Everything it prints goes
/// through here.
///
/// Text from a script (names, titles, payload strings, messages, event names) never reaches the
/// terminal raw: control characters, line and paragraph separators and bidirectional controls
/// (U+202E RIGHT-TO-LEFT OVERRIDE and its kin) are shown as escapes (`\n`, `\u{202E}`), so a
/// script can neither move the cursor, change colours or clear the screen, nor break a line or
/// make text read in another order than it is. A line is one line: a line break in it is shown
/// too. Only text whose line breaks are flowscript's own — help, graphs, the demo source, a Lua
/// traceback — is written with ``text(_:)`` and ``errorText(_:)``, which keep line breaks and tabs.
///
/// On a terminal, results and errors are coloured (``Tone``): an error red, a warning or note
/// yellow, a pass green. Not when the stream is a file or a pipe, nor with `NO_COLOR` set (to
/// anything but the empty string): the text is then exactly the same, without escape codes.
/// Where the text goes, and whether it is coloured, is the run's ``Console``.
enum Output {
  /// What a line says, which its colour shows on a terminal.
  enum Tone {
    /// Something passed (`PASS flow`, `check passed`): green.
    case pass
    /// Something failed (`FAIL flow`, an error): red.
    case failure
    /// A warning or note: yellow.
    case warning

    /// The SGR code that starts the colour.
    var code: String {
      switch self {
      case .pass: "\u{1B}[32m"
      case .failure: "\u{1B}[31m"
      case .warning: "\u{1B}[33m"
      }
    }

    /// `text` (already made safe) in this colour, the colour ended before a final line break.
    func paint(_ text: String) -> String {
      guard text.hasSuffix("\n") else { return code + text + Output.resetCode }
      return code + text.dropLast() + Output.resetCode + "\n"
    }
  }

  /// The SGR code that ends a colour.
  static let resetCode = "\u{1B}[0m"

  /// Whether `NO_COLOR` asks for no colour: set, and not to the empty string (no-color.org).
  static func colourIsOff(in environment: [String: String]) -> Bool {
    guard let value = environment["NO_COLOR"] else { return false }
    return !value.isEmpty
  }

  /// Whether stdout is coloured: the run's console (``Console``) decides.
  static var colouredOutput: Bool { Console.current.colouredOutput }
  /// Whether stderr is coloured: the run's console (``Console``) decides.
  static var colouredErrors: Bool { Console.current.colouredErrors }

  /// The tone of a line on stderr from its first word: `warning:` and `note:` are warnings,
  /// progress (`… 12000 states`) has none, everything else is an error.
  static func errorTone(of text: String) -> Tone? {
    if text.hasPrefix("warning:") || text.hasPrefix("note:") { return .warning }
    if text.hasPrefix("…") { return nil }
    return .failure
  }

  /// Writes `text` and a line break to stdout.
  private static func print(_ text: String) {
    Console.current.write(text + "\n")
  }

  /// One line of output.
  static func line(_ text: String) {
    print(text.escapingControlCharacters(keepingLineBreaks: false))
  }

  /// One line of output in the colour of `tone` on a terminal.
  static func line(_ text: String, tone: Tone) {
    let safe = text.escapingControlCharacters(keepingLineBreaks: false)
    print(colouredOutput ? tone.paint(safe) : safe)
  }

  /// What a rule printed (`print feed.itemTapped (shop.lua:12): a\tb`): one line, its tabs
  /// shown as tabs (`print` separates its arguments with them); every other control escaped.
  static func printed(_ output: ScriptPrint) {
    print(output.description.split(separator: "\t", omittingEmptySubsequences: false)
      .map { String($0).escapingControlCharacters(keepingLineBreaks: false) }.joined(separator: "\t"))
  }

  /// Several lines of output (a tree, a phone view), each escaped as a line.
  static func lines(_ lines: [String]) {
    print(lines.lazy.map { $0.escapingControlCharacters(keepingLineBreaks: false) }.joined(separator: "\n"))
  }

  /// Text of several lines whose line breaks are flowscript's own; other controls are escaped.
  static func text(_ text: String) {
    print(text.escapingControlCharacters(keepingLineBreaks: true))
  }

  /// One line on stderr.
  static func error(_ text: String) {
    writeError(text.escapingControlCharacters(keepingLineBreaks: false))
  }

  /// One line on stderr that is neither an error nor a warning (what `send --json` notes, that a
  /// `--watch` REPL waits): never coloured.
  static func info(_ text: String) {
    writeError(text.escapingControlCharacters(keepingLineBreaks: false), tone: nil)
  }

  /// Several lines on stderr, each escaped as a line.
  static func errorLines(_ lines: [String]) {
    writeError(lines.map { $0.escapingControlCharacters(keepingLineBreaks: false) }.joined(separator: "\n"))
  }

  /// Text of several lines on stderr whose line breaks are flowscript's own (usage, a traceback).
  static func errorText(_ text: String) {
    writeError(text.escapingControlCharacters(keepingLineBreaks: true))
  }

  /// Writes `safe` to stderr in the colour its first word gives it (``errorTone(of:)``) on a terminal.
  private static func writeError(_ safe: String) {
    writeError(safe, tone: errorTone(of: safe))
  }

  /// Writes `safe` to stderr, in the colour of `tone` on a terminal (none for `nil`).
  private static func writeError(_ safe: String, tone: Tone?) {
    let console = Console.current
    var text = safe.hasSuffix("\n") ? safe : safe + "\n"
    if console.colouredErrors, let tone { text = tone.paint(text) }
    console.writeError(text)
  }

  /// Text shown under an error line (a traceback), indented two spaces.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  /// Whether stderr is a terminal: a long exploration then says how far it got every second or
  /// so (``Console/showsProgress``).
  static var showsProgress: Bool { Console.current.showsProgress }

  /// Whether stdin and stdout are a terminal: the REPL then prompts, edits lines and keeps
  /// history (``Console/isInteractive``).
  static var isInteractive: Bool { Console.current.isInteractive }
}
