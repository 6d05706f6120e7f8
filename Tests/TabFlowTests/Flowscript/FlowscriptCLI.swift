import FlowscriptKit
import Foundation
import Testing

/// Runs flowscript: in this process (``FlowscriptKit/Flowscript/run(arguments:stdin:environment:)``)
/// when it can, else the built binary; and the few other tools the tests use.
enum FlowscriptCLI {
  /// The package root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Flowscript
    .deletingLastPathComponent()  // TabFlowTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `scripts/demo.lua`: the same flow as the bundled demo.
  static let demoScript = packageRoot.appendingPathComponent("scripts/demo.lua").path

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

  /// The environment variables an in-process run heeds as a process would (``inProcess(_:)``).
  static let inProcessVariables: Set<String> = ["NO_COLOR", "TERM", "HOME"]

  /// Whether `flowscript` with these settings runs the same in this process as in its own:
  /// no working directory of its own (paths are the test runner's), and no environment variable
  /// that only a process reads (`COLUMNS`, read by ArgumentParser for help's width).
  static func inProcess(environment: [String: String], directory: URL?) -> Bool {
    directory == nil && environment.keys.allSatisfy(inProcessVariables.contains)
  }

  /// Runs `flowscript ARGUMENTS` with `stdin` as its input: in this process when it can
  /// (``inProcess(environment:directory:)``), else the binary, failing the test if that takes over
  /// 20 s or crashes.
  static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:], in directory: URL? = nil,
    mergingErrors: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    if inProcess(environment: environment, directory: directory) {
      // As the binary's environment: the runner's, without NO_COLOR, then the test's.
      var inherited = ProcessInfo.processInfo.environment
      inherited["NO_COLOR"] = nil
      let environment = inherited.merging(environment) { $1 }
      let result = await onOwnThread {
        Flowscript.run(arguments: arguments, stdin: stdin, environment: environment, mergingErrors: mergingErrors)
      }
      return ProcessResult(exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr)
    }
    return try await run(
      executable: binary(), arguments, stdin: stdin, environment: environment, in: directory,
      mergingErrors: mergingErrors, sourceLocation: sourceLocation)
  }

  /// Runs `body` on a thread of its own and waits for it without holding a thread of the
  /// cooperative pool (two on a two-core machine): an in-process run computes for up to seconds,
  /// which would starve the tests that wait on a test clock meanwhile.
  static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      // Lua runs on this thread: the main thread's stack size, not a secondary thread's default.
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Runs any executable the same way.
  static func run(
    executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    in directory: URL? = nil, mergingErrors: Bool = false, timeout: Duration = .seconds(20),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    let process = try RunningProcess(
      executable: executable, arguments: arguments, environment: environment, directory: directory,
      mergingErrors: mergingErrors)
    process.write(stdin)
    return await process.finish(timeout: timeout, sourceLocation: sourceLocation)
  }

  /// An executable on `PATH` (`dot`, `script`), or `nil`.
  static func tool(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").lazy
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
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

  /// What `run --coverage --coverage-format lcov` wrote for `script` and one scenario file, and
  /// what `lcov --summary` (Debian's lcov; the caller checks it is installed) says of it.
  struct LcovRun {
    /// The script's path, as the tracefile's `SF:` names it.
    let rules: String
    let result: ProcessResult
    let tracefile: String
    let summary: ProcessResult
  }

  /// Runs `script` with the scenario `scenario` in `workspace`, writing an lcov tracefile.
  static func lcovRun(script: String, scenario: String, in workspace: Workspace) async throws -> LcovRun {
    let rules = try workspace.write("t.lua", script)
    let pass = try workspace.write("pass.flow", scenario)
    let info = workspace.path("coverage.info")
    let result = try await run(["run", rules, pass, "--coverage", "--coverage-format", "lcov", "--coverage-file", info])
    let tracefile = try String(contentsOfFile: info, encoding: .utf8)
    let lcov = try #require(tool("lcov"))
    let summary = try await run(executable: lcov, ["--summary", info], mergingErrors: true)
    return LcovRun(rules: rules, result: result, tracefile: tracefile, summary: summary)
  }

  /// Parses one line of JSON into an object.
  static func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not a JSON object: \(text)", sourceLocation: sourceLocation)
  }
}
