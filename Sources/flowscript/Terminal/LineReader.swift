import Foundation

/// Reads REPL lines: plain `readLine` when piped; on a terminal, prompts (line editing comes
/// from the terminal's own line discipline unless an editor library is available).
final class LineReader {
  let interactive: Bool
  let completions: () -> [String]

  init(interactive: Bool, completions: @escaping () -> [String]) {
    self.interactive = interactive
    self.completions = completions
  }

  func read(prompt: String) -> String? {
    if interactive {
      FileHandle.standardOutput.write(Data(prompt.utf8))
    }
    return readLine(strippingNewline: true)
  }
}
