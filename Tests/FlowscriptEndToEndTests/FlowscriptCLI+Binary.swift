import Foundation
import TestSupport
import Testing

extension FlowscriptCLI {
  /// `FLOWSCRIPT_BIN` (set by scripts/test), else the debug build in `.build`.
  static func binary() throws -> URL {
    let environment = ProcessInfo.processInfo.environment["FLOWSCRIPT_BIN"] ?? ""
    let url = environment.isEmpty
      ? packageRoot.appendingPathComponent(".build/debug/flowscript") : URL(fileURLWithPath: environment)
    try #require(
      FileManager.default.isExecutableFile(atPath: url.path),
      "no flowscript binary at \(url.path): build it with swift build --build-tests, or set FLOWSCRIPT_BIN")
    return url
  }

  /// Starts `flowscript ARGUMENTS`, for tests that write stdin in steps.
  static func start(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> RunningProcess {
    try RunningProcess(executable: binary(), arguments: arguments, environment: environment, directory: directory)
  }

  /// Runs the `flowscript` binary with `ARGUMENTS` and `stdin` piped in; fails the test if it takes
  /// over `timeout` (a safety net against a hang, not a bar) or crashes.
  static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:], in directory: URL? = nil,
    mergingErrors: Bool = false, timeout: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    try await run(
      executable: binary(), arguments, stdin: stdin, environment: environment, in: directory,
      mergingErrors: mergingErrors, timeout: timeout, sourceLocation: sourceLocation)
  }

  /// `script` (util-linux) and its arguments to run bare `flowscript` on a pseudo-terminal.
  /// `script` runs its command through `$SHELL` (`/bin/sh` when unset): `exec` makes flowscript
  /// the terminal's only process, or a shell such as dash would wait beside it, take the same
  /// Ctrl-C and end itself with SIGINT once flowscript has quit (exit 130).
  static func onTerminal() throws -> (script: URL, arguments: [String]) {
    let script = try #require(tool("script"))
    let binary = try binary().path.replacingOccurrences(of: "'", with: #"'\''"#)
    return (script, ["-qec", "exec '\(binary)'", "/dev/null"])
  }
}
