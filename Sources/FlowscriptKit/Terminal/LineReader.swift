import CLineEdit
import Foundation
import TabFlowScriptExploration

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads REPL lines. On a terminal: libedit's line editing, persistent history
/// (`~/.flowscript_history`), tab completion that knows what the line needs so far (see
/// `completions`), and Ctrl-C dropping the line being typed instead of ending the REPL. Piped
/// (or with `TERM=dumb`): plain lines, no prompt, no escape codes.
///
/// While it waits for input it calls `idle` about every 100 ms (the REPL's `--watch` reloads a
/// changed script there, without waiting for the next line); when `idle` printed something, the
/// prompt and the line being typed are drawn again under it.
final class LineReader {
  let interactive: Bool
  private let historyPath: String?
  private var plainInput: PlainInput?
  /// The lines of an in-memory run's input (``Console/Input/text(_:)``) not read yet.
  private var textInput: TextInput?

  /// - Parameters:
  ///   - interactive: whether the console is a terminal (``Console/isInteractive``).
  ///   - completions: the words tab completion offers, given the words before the one being
  ///     completed (`["url"]` for `url sh`).
  ///   - idle: called about every 100 ms while waiting for input; returns whether it printed.
  ///   - console: where the lines come from, and the environment (`TERM`, `HOME`) to heed.
  init(
    interactive: Bool, completions: @escaping ([String]) -> [String], idle: (() -> Bool)? = nil,
    console: Console = .current
  ) {
    if case let .text(text) = console.input {
      // In memory: every line is there already, so nothing waits and nothing is polled.
      self.interactive = false
      historyPath = nil
      textInput = TextInput(text)
      return
    }
    let editable = interactive && console.environment["TERM"] != "dumb"
    self.interactive = editable
    ReaderHooks.completions = completions
    ReaderHooks.idle = idle
    if editable, let home = console.environment["HOME"] {
      historyPath = home + "/.flowscript_history"
      // Before the first libedit call, which reads these settings once (rl_initialize).
      clineedit_set_completion(completionGenerator)
      clineedit_set_attempted_completion(completionContext)
      clineedit_set_getc(pollingGetc)
      ReaderHooks.useUTF8()
      ReaderHooks.catchInterrupts()
      stifle_history(1_000)
      if let historyPath { _ = read_history(historyPath) }
    } else {
      historyPath = nil
      if interactive {
        Output.info("(line editing is off: TERM is dumb; reading plain lines)")
      }
      // Polled only when something must happen while waiting: readLine is enough otherwise.
      if let idle { plainInput = PlainInput(idle: idle) }
    }
  }

  deinit {
    if let historyPath { _ = write_history(historyPath) }
  }

  /// The next line, or `nil` at the end of input. A line dropped with Ctrl-C is empty.
  func read(prompt: String) -> String? {
    guard interactive else {
      if let textInput { return textInput.readLine() }
      if let plainInput { return plainInput.readLine() }
      return readLine(strippingNewline: true)
    }
    ReaderHooks.drainInterrupts()
    ReaderHooks.cancelled = false
    // The prompt names the selected tab, which the script named: escaped like all output.
    guard let pointer = readline(prompt.escapingControlCharacters(keepingLineBreaks: false)) else { return nil }
    defer { clineedit_free(pointer) }
    if ReaderHooks.cancelled { return "" }
    let line = String(cString: pointer)
    if !line.trimmingWhitespace().isEmpty {
      _ = add_history(line)
      if let historyPath { _ = write_history(historyPath) }
    }
    return line
  }
}

/// The lines of an in-memory input, read one at a time as standard input would be: split at
/// `\n`, a `\r` before it dropped, a last line without a line break still a line.
private final class TextInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ text: String) { bytes = Array(text.utf8) }

  func readLine() -> String? {
    guard position < bytes.count else { return nil }
    let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    var line = bytes[position..<end]
    position = min(end + 1, bytes.count)
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    return String(decoding: line, as: UTF8.self)
  }
}

/// Standard input read a line at a time with `poll`, so that `idle` runs while no line comes.
private final class PlainInput {
  private var buffer: [UInt8] = []
  private var ended = false
  private let idle: () -> Bool

  init(idle: @escaping () -> Bool) { self.idle = idle }

  func readLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }
      if ended {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, ReaderHooks.idleInterval)
      if ready < 0 {
        if errno == EINTR { continue }
        ended = true
      } else if ready == 0 {
        if idle() { fflush(nil) }
      } else {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
          buffer += chunk[..<count]
        } else if count < 0, errno == EINTR {
          continue
        } else {
          ended = true
        }
      }
    }
  }
}

/// What the C callbacks of libedit and the signal handler reach (the REPL is single-threaded,
/// and libedit calls back on that thread).
enum ReaderHooks {
  nonisolated(unsafe) static var completions: ([String]) -> [String] = { _ in [] }
  nonisolated(unsafe) static var idle: (() -> Bool)?
  /// Whether Ctrl-C dropped the line being read.
  nonisolated(unsafe) static var cancelled = false
  /// The self-pipe the SIGINT and SIGWINCH handler writes the signal's number to
  /// (async-signal-safe); `poll` watches it.
  nonisolated(unsafe) static var interruptPipe: (read: Int32, write: Int32) = (-1, -1)
  static let idleInterval: Int32 = 100

  /// Ctrl-C (SIGINT) writes to the self-pipe instead of ending the process, and so does a
  /// terminal resize (SIGWINCH): with its own signal handling off (it would take SIGINT too),
  /// libedit learns the new width from ``nextCharacter()``.
  static func catchInterrupts() {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    interruptPipe = (descriptors[0], descriptors[1])
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = signalHandler
    #else
      action.__sigaction_u.__sa_handler = signalHandler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A resize restarts what it interrupts (`poll` still wakes: it is never restarted).
    action.sa_flags = SA_RESTART
    sigaction(SIGWINCH, &action, nil)
    // A process started with SIGINT blocked (the mask is inherited: a test runner's thread, a
    // supervisor) would never see Ctrl-C: take it.
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
  }

  /// Forgets a Ctrl-C pressed while no line was being read (during a long rule); a resize is
  /// not forgotten.
  static func drainInterrupts() {
    if drainSignals().resized { rl_resize_terminal() }
  }

  /// Reads what the signal handler wrote: whether Ctrl-C was pressed, whether the terminal was
  /// resized.
  static func drainSignals() -> (interrupted: Bool, resized: Bool) {
    guard interruptPipe.read >= 0 else { return (false, false) }
    var signals: (interrupted: Bool, resized: Bool) = (false, false)
    var byte: UInt8 = 0
    while Foundation.read(interruptPipe.read, &byte, 1) > 0 {
      if Int32(byte) == SIGWINCH { signals.resized = true } else { signals.interrupted = true }
    }
    return signals
  }

  /// The next character for libedit: a Unicode scalar's value (libedit stores it as a wide
  /// character and encodes the line in the UTF-8 ``useUTF8`` chose), `\n` after Ctrl-C (the line
  /// is then dropped), -1 at the end of input.
  static func nextCharacter() -> Int32 {
    while true {
      var descriptors = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: interruptPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, idle == nil ? -1 : idleInterval)
      if ready < 0 {
        if errno == EINTR { continue }
        return -1
      }
      if ready == 0 {
        if idle?() == true {
          fflush(nil)
          clineedit_redisplay()
        }
        continue
      }
      if descriptors[1].revents != 0 {
        let signals = drainSignals()
        if signals.resized {
          rl_resize_terminal()
          if !signals.interrupted {
            clineedit_redisplay()
            continue
          }
        }
        guard signals.interrupted else { continue }
        cancelled = true
        FileHandle.standardOutput.write(Data("^C".utf8))
        return 10
      }
      guard let first = readByte() else { return -1 }
      return decode(first)
    }
  }

  /// libedit encodes the line it returns with the C library's character type: UTF-8, so that
  /// what is typed comes back as typed whatever the locale (only `LC_CTYPE` changes).
  static func useUTF8() {
    if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
      _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  /// The scalar a UTF-8 sequence starting with `first` encodes (its other bytes read from
  /// stdin); an invalid sequence gives U+FFFD.
  private static func decode(_ first: UInt8) -> Int32 {
    let length = first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 0
    guard length > 1 else { return length == 1 ? Int32(first) : 0xFFFD }
    var bytes = [first]
    for _ in 1..<length {
      guard let next = readByte() else { return 0xFFFD }
      bytes.append(next)
    }
    guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else { return 0xFFFD }
    return Int32(scalar.value)
  }

  private static func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = Foundation.read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }
}

private let signalHandler: @convention(c) (Int32) -> Void = { signal in
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(ReaderHooks.interruptPipe.write, &byte, 1)
  errno = saved
}

private let pollingGetc: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
  ReaderHooks.nextCharacter()
}

/// The words tab completion offers for the word being completed (the REPL is single-threaded,
/// and libedit calls the C functions on that thread).
enum CompletionCandidates {
  nonisolated(unsafe) static var current: [String] = []
  nonisolated(unsafe) static var matches: [String] = []
}

/// Before libedit completes a word: the words before it choose the candidates. Returns `NULL`,
/// so libedit goes on with ``completionGenerator`` over them.
private let completionContext: @convention(c) (
  UnsafePointer<CChar>?, Int32, Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { _, start, _ in
  let line = clineedit_line_buffer().map { String(cString: $0) } ?? ""
  let before = line.unicodeScalars.prefix(max(0, Int(start)))
  var words = String(String.UnicodeScalarView(before)).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  // libedit breaks words at a quote: in `expect rejected "uns`, the word is `uns` and the quote
  // stands alone before it. The candidates are then the names without their quotes.
  let insideQuote = words.last == "\""
  if insideQuote { words.removeLast() }
  let candidates = ReaderHooks.completions(words)
  CompletionCandidates.current = insideQuote
    ? candidates.map { $0.count >= 2 && $0.hasPrefix("\"") && $0.hasSuffix("\"") ? String($0.dropFirst().dropLast()) : $0 }
    : candidates
  return nil
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
