import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished process did.
package struct ProcessResult: Sendable {
  /// The exit code; `nil` when the process died of a signal (a crash, or killed at its time limit).
  package let exitCode: Int32?
  package let stdout: String
  package let stderr: String

  package init(exitCode: Int32?, stdout: String, stderr: String) {
    self.exitCode = exitCode
    self.stdout = stdout
    self.stderr = stderr
  }

  package var stdoutLines: [String] { Self.lines(stdout) }
  package var stderrLines: [String] { Self.lines(stderr) }

  /// The lines of stdout that are JSON objects (what `state` prints).
  package var stateLines: [String] { stdoutLines.filter { $0.hasPrefix("{") } }

  private static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// A child process with pipes on stdin, stdout and stderr. Output is collected on background
/// threads as it arrives, so a test can wait for a line on stderr (unbuffered in flowscript)
/// before it writes more input — the way `reload` tests edit a script between lines.
package final class RunningProcess: @unchecked Sendable {
  /// The command line, for failure messages.
  package let commandLine: String
  private let process: Process
  private let input: FileHandle
  private let output: StreamCollector
  private let errors: StreamCollector

  /// Writing to a process that already exited must fail with EPIPE, not kill the test runner.
  private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// With `mergingErrors`, stderr goes into the stdout pipe, as with `2>&1`: the result's
  /// stdout then shows the order in which a reader of a log sees the two streams.
  package init(
    executable: URL, arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    mergingErrors: Bool = false
  ) throws {
    _ = Self.ignoreBrokenPipes
    commandLine = ([executable.lastPathComponent] + arguments).joined(separator: " ")
    let process = Process()
    let inputPipe = Pipe()
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.executableURL = executable
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    // Deterministic: only the tests that are about NO_COLOR set it.
    inherited["NO_COLOR"] = nil
    process.environment = inherited.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    process.standardError = mergingErrors ? outputPipe : errorPipe
    output = StreamCollector(outputPipe.fileHandleForReading)
    errors = StreamCollector(errorPipe.fileHandleForReading)
    // The parent's write end must close for the collector to see end of file.
    if mergingErrors { try errorPipe.fileHandleForWriting.close() }
    input = inputPipe.fileHandleForWriting
    self.process = process
    try process.run()
  }

  /// Sends `signal` to the process's children (Linux: `/proc`), such as the flowscript a
  /// `script(1)` runs on its pseudo-terminal; how many got it.
  @discardableResult
  package func signalChildren(_ signal: Int32) -> Int {
    let pid = process.processIdentifier
    let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    let children = list.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return children.filter { kill($0, signal) == 0 }.count
  }

  /// Writes to the process's stdin (ignored once the process has closed it).
  package func write(_ text: String) {
    try? input.write(contentsOf: Data(text.utf8))
  }

  /// Waits until stderr contains `text`; `false` when it does not within `timeout` (or the
  /// process ended without writing it).
  package func waitForStderr(containing text: String, timeout: Duration = .seconds(120)) async -> Bool {
    await wait(for: text, times: 1, in: errors, timeout: timeout)
  }

  /// Waits until stdout contains `text` (at least `times` times: the third prompt); `false` when
  /// it does not within `timeout` (or the process ended without writing it).
  package func waitForStdout(containing text: String, times: Int = 1, timeout: Duration = .seconds(120)) async -> Bool {
    await wait(for: text, times: times, in: output, timeout: timeout)
  }

  /// Polls `stream` until it holds `text` `times` times. The timeout is a safety net for a
  /// process that hangs, not a race: a test asserts only on what was written — also when the
  /// polling task itself got no turn until after the deadline (a busy test run), it looks once
  /// more before giving up.
  private func wait(for text: String, times: Int, in stream: StreamCollector, timeout: Duration) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    func found() -> Bool { stream.text.components(separatedBy: text).count - 1 >= times }
    while ContinuousClock.now < deadline {
      if found() { return true }
      if !process.isRunning, stream.isFinished { return found() }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return found()
  }

  /// Closes stdin, waits for the process to exit (killing it after `timeout`, which fails the
  /// test) and returns what it did. A process that dies of a signal fails the test too.
  package func finish(timeout: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation) async -> ProcessResult {
    try? input.close()
    let deadline = ContinuousClock.now + timeout
    var timedOut = false
    // Not waitUntilExit: after a kill it can wait for the killed process's own children.
    while process.isRunning {
      let now = ContinuousClock.now
      if !timedOut, now >= deadline {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
      }
      if timedOut, now >= deadline + .seconds(5) { break }
      try? await Task.sleep(for: .milliseconds(2))
    }
    // The pipes reach end of file once the process (and any child holding them) is gone.
    let drained = ContinuousClock.now + (timedOut ? .milliseconds(100) : .seconds(5))
    while !(output.isFinished && errors.isFinished), ContinuousClock.now < drained {
      try? await Task.sleep(for: .milliseconds(2))
    }
    let exitCode: Int32? = !process.isRunning && process.terminationReason == .exit ? process.terminationStatus : nil
    if timedOut {
      Issue.record("\(commandLine) did not finish within \(timeout); killed it", sourceLocation: sourceLocation)
    } else if exitCode == nil {
      Issue.record("\(commandLine) died of signal \(process.terminationStatus)", sourceLocation: sourceLocation)
    }
    return ProcessResult(exitCode: exitCode, stdout: output.text, stderr: errors.text)
  }
}

/// Reads a pipe to its end on a thread of its own, keeping what arrived so far readable.
private final class StreamCollector: @unchecked Sendable {
  private let handle: FileHandle
  private let lock = NSLock()
  private var data = Data()
  private var finished = false

  init(_ handle: FileHandle) {
    self.handle = handle
    let descriptor = handle.fileDescriptor
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          lock.withLock { data.append(contentsOf: buffer[0..<count]) }
        } else if count < 0, errno == EINTR {
          continue
        } else {
          break
        }
      }
      lock.withLock { finished = true }
    }
  }

  var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  var isFinished: Bool { lock.withLock { finished } }
}
