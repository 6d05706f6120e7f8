import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The streams one run of flowscript reads and writes, and what they are: the process's own
/// (``process``, the executable), or text in memory (``Flowscript/run(arguments:stdin:environment:)``,
/// which the tests call in process, many at once).
///
/// Everything that depends on where the streams go — colour, progress lines, the REPL's prompt
/// and line editing, `NO_COLOR`, `TERM`, `HOME` — is decided here, once per run, never from
/// process-wide state: an in-memory run is not a terminal, so it is never coloured, shows no
/// progress and never prompts, whatever the test runner's own streams are.
final class Console: @unchecked Sendable {
  // @unchecked: the captured text is read and written under `lock`; the rest is immutable.

  /// Where the lines a run reads come from.
  enum Input {
    /// The process's standard input.
    case standard
    /// These lines (the text, split at line breaks), then the end of input.
    case text(String)
  }

  /// The environment variables the run sees (`NO_COLOR`, `TERM`, `HOME`).
  let environment: [String: String]
  /// Whether stdout is coloured: a terminal, and `NO_COLOR` is not set.
  let colouredOutput: Bool
  /// Whether stderr is coloured: a terminal, and `NO_COLOR` is not set.
  let colouredErrors: Bool
  /// Whether stderr is a terminal: a long exploration then says how far it got every second or
  /// so. Not when stderr is a file or a pipe (a script, a test, CI): what it writes there does not
  /// depend on how fast the machine is.
  let showsProgress: Bool
  /// Whether stdin and stdout are a terminal: the REPL then prompts, edits lines and keeps
  /// history. `NO_COLOR` does not change this: it turns off colour only.
  let isInteractive: Bool
  /// Where the REPL's lines come from.
  let input: Input

  /// `nil` for the process's streams; otherwise what the run wrote, in memory.
  private let captured: Captured?

  private final class Captured {
    let lock = NSLock()
    var output = ""
    var errors = ""
    let mergingErrors: Bool
    init(mergingErrors: Bool) { self.mergingErrors = mergingErrors }
  }

  private init(
    environment: [String: String], terminal: (input: Bool, output: Bool, errors: Bool), input: Input,
    captured: Captured?
  ) {
    self.environment = environment
    let colourOff = Output.colourIsOff(in: environment)
    colouredOutput = terminal.output && !colourOff
    colouredErrors = terminal.errors && !colourOff
    showsProgress = terminal.errors
    isInteractive = terminal.input && terminal.output
    self.input = input
    self.captured = captured
  }

  /// The process's standard streams and environment: what the `flowscript` executable uses.
  static let process = Console(
    environment: ProcessInfo.processInfo.environment,
    terminal: (isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, isatty(STDERR_FILENO) == 1),
    input: .standard, captured: nil)

  /// A console in memory: `stdin` is read as the input, what is written is kept (``output``,
  /// ``errors``); no stream is a terminal. With `mergingErrors`, what goes to stderr is kept in
  /// ``output`` in the order it was written, as `2>&1` would.
  static func inMemory(stdin: String, environment: [String: String], mergingErrors: Bool = false) -> Console {
    Console(
      environment: environment, terminal: (false, false, false), input: .text(stdin),
      captured: Captured(mergingErrors: mergingErrors))
  }

  /// The console of the run in progress: ``process`` unless a run in memory bound another.
  @TaskLocal static var current: Console = .process

  /// What was written to stdout (empty for the process's console).
  var output: String { captured.map { captured in captured.lock.withLock { captured.output } } ?? "" }
  /// What was written to stderr (empty for the process's console).
  var errors: String { captured.map { captured in captured.lock.withLock { captured.errors } } ?? "" }

  /// Writes `text` to stdout as it is.
  func write(_ text: String) {
    guard let captured else {
      Swift.print(text, terminator: "")
      return
    }
    captured.lock.withLock { captured.output += text }
  }

  /// Writes `text` to stderr as it is.
  func writeError(_ text: String) {
    guard let captured else {
      // stdout is block-buffered when piped; flush it first so that in a combined log
      // (`2>&1 | tee`) each error stays after the output that came before it.
      fflush(nil)
      FileHandle.standardError.write(Data(text.utf8))
      return
    }
    captured.lock.withLock {
      if captured.mergingErrors { captured.output += text } else { captured.errors += text }
    }
  }

  /// Writes out what stdout buffers (the process's console; nothing to do in memory).
  func flush() {
    if captured == nil { fflush(nil) }
  }
}
