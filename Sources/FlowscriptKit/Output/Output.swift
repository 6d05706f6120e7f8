import Foundation

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
enum Output {
  /// One line of output.
  static func line(_ text: String) {
    print(text.escapingControlCharacters(keepingLineBreaks: false))
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

  /// Several lines on stderr, each escaped as a line.
  static func errorLines(_ lines: [String]) {
    writeError(lines.map { $0.escapingControlCharacters(keepingLineBreaks: false) }.joined(separator: "\n"))
  }

  /// Text of several lines on stderr whose line breaks are flowscript's own (usage, a traceback).
  static func errorText(_ text: String) {
    writeError(text.escapingControlCharacters(keepingLineBreaks: true))
  }

  private static func writeError(_ safe: String) {
    // stdout is block-buffered when piped; flush it first so that in a combined log
    // (`2>&1 | tee`) each error stays after the output that came before it.
    fflush(nil)
    FileHandle.standardError.write(Data((safe.hasSuffix("\n") ? safe : safe + "\n").utf8))
  }

  /// Text shown under an error line (a traceback), indented two spaces.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  /// Whether stderr is a terminal: a long exploration then says how far it got every second or
  /// so. Not when stderr is a file or a pipe (a script, a test, CI): what it writes there does not
  /// depend on how fast the machine is.
  static let showsProgress = isatty(STDERR_FILENO) == 1

  /// Whether stdin and stdout are a terminal: the REPL then prompts, edits lines and keeps
  /// history. `NO_COLOR` does not change this: it turns off colour only, and flowscript prints none.
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }
}

extension Unicode.Scalar {
  /// Whether a terminal would obey this scalar rather than show it: a control character (C0,
  /// DEL, C1), a line or paragraph separator (U+2028, U+2029), or a bidirectional control
  /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) that reorders the text around it.
  var isUnsafeOnTerminal: Bool {
    switch value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

extension String {
  /// The text with the scalars a terminal would obey (``Unicode/Scalar/isUnsafeOnTerminal``)
  /// written as escapes — `\n`, `\r`, `\t`, `\u{1B}`, `\u{202E}` — so it prints as what it is.
  /// `keepingLineBreaks` keeps `\n` and `\t` as they are (for flowscript's own multi-line output);
  /// a line escapes them too.
  func escapingControlCharacters(keepingLineBreaks: Bool) -> String {
    guard unicodeScalars.contains(where: \.isUnsafeOnTerminal) else { return self }
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar {
      case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks:
        out.append(scalar)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\r": out.append(contentsOf: "\\r".unicodeScalars)
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      case _ where scalar.isUnsafeOnTerminal:
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }
}
