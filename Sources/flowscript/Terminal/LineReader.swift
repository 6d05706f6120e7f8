import CLineEdit
import Foundation

/// Reads REPL lines. On a terminal: libedit's line editing, persistent history
/// (`~/.flowscript_history`) and tab completion of commands, tabs and `screen.action` names.
/// Piped (or with `TERM=dumb`): plain lines, no prompt, no escape codes.
final class LineReader {
  let interactive: Bool
  let completions: () -> [String]
  private let historyPath: String?

  init(interactive: Bool, completions: @escaping () -> [String]) {
    self.completions = completions
    let editable = interactive && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    self.interactive = editable
    if editable, let home = ProcessInfo.processInfo.environment["HOME"] {
      historyPath = home + "/.flowscript_history"
      stifle_history(1_000)
      if let historyPath { _ = read_history(historyPath) }
      clineedit_set_completion(completionGenerator)
    } else {
      historyPath = nil
      if interactive {
        Output.error("(line editing is off: TERM is dumb; reading plain lines)")
      }
    }
  }

  deinit {
    if let historyPath { _ = write_history(historyPath) }
  }

  /// The next line, or `nil` at the end of input.
  func read(prompt: String) -> String? {
    guard interactive else { return readLine(strippingNewline: true) }
    CompletionCandidates.current = completions()
    // The prompt names the selected tab, which the script named: escaped like all output.
    guard let pointer = readline(prompt.escapingControlCharacters(keepingLineBreaks: false)) else { return nil }
    defer { clineedit_free(pointer) }
    let line = String(cString: pointer)
    if !line.trimmingWhitespace().isEmpty {
      _ = add_history(line)
      if let historyPath { _ = write_history(historyPath) }
    }
    return line
  }
}

/// The words tab completion offers for the line being edited (the REPL is single-threaded, and
/// libedit calls the C generator on that thread).
enum CompletionCandidates {
  nonisolated(unsafe) static var current: [String] = []
  nonisolated(unsafe) static var matches: [String] = []
}

/// libedit's generator protocol: called with state 0 for a new word, then until it returns NULL;
/// each match is a `malloc`ed copy that libedit frees.
private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { text, state in
  if state == 0 {
    let prefix = text.map { String(cString: $0) } ?? ""
    CompletionCandidates.matches = CompletionCandidates.current.filter { $0.hasPrefix(prefix) }.sorted()
  }
  let index = Int(state)
  guard index < CompletionCandidates.matches.count else { return nil }
  return strdup(CompletionCandidates.matches[index])
}
