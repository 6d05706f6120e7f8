import Foundation

/// Where flowscript writes: results to stdout, errors to stderr.
///
/// Text from a script (names, titles, messages, event names) never reaches the terminal raw:
/// control characters are shown as escapes, so a script cannot move the cursor, change colours or
/// clear the screen. Line breaks in flowscript's own multi-line output stay.
enum Output {
  static func line(_ text: String) {
    print(text.escapingControlCharacters(keepingLineBreaks: true))
  }

  static func error(_ text: String) {
    // stdout is block-buffered when piped; flush it first so that in a combined log
    // (`2>&1 | tee`) each error stays after the output that came before it.
    fflush(nil)
    let safe = text.escapingControlCharacters(keepingLineBreaks: true)
    FileHandle.standardError.write(Data((safe.hasSuffix("\n") ? safe : safe + "\n").utf8))
  }

  /// Text shown under an error line (a traceback), indented two spaces.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }

  /// Whether stdin and stdout are a terminal and colour is allowed (`NO_COLOR` unset).
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }
}

extension String {
  /// The text with control characters (C0, DEL, C1) written as escapes — `\n`, `\r`, `\t`,
  /// `\u{1B}` — so it prints as what it is. `keepingLineBreaks` keeps `\n` and `\t` as they are
  /// (for flowscript's own multi-line output); a one-line message from a script escapes them too.
  func escapingControlCharacters(keepingLineBreaks: Bool) -> String {
    guard unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return self }
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar {
      case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks:
        out.append(scalar)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\r": out.append(contentsOf: "\\r".unicodeScalars)
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }
}
