import Foundation

/// Where flowscript writes: results to stdout, errors to stderr.
enum Output {
  static func line(_ text: String) {
    print(text)
  }

  static func error(_ text: String) {
    // stdout is block-buffered when piped; flush it first so that in a combined log
    // (`2>&1 | tee`) each error stays after the output that came before it.
    fflush(nil)
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  /// Whether stdin and stdout are a terminal and colour is allowed (`NO_COLOR` unset).
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }
}
