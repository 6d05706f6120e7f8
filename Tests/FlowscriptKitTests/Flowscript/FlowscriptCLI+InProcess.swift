@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptCLI {
  /// Runs `flowscript ARGUMENTS` in this process (``FlowscriptKit/Flowscript/run(arguments:stdin:environment:mergingErrors:)``)
  /// with `stdin` as its input. Its relative paths are the test runner's: a test that needs a
  /// working directory of its own, a terminal or a signal runs the binary (FlowscriptEndToEndTests).
  static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:], mergingErrors: Bool = false
  ) async throws -> ProcessResult {
    // As the binary's environment would be: the runner's, without NO_COLOR, then the test's.
    var inherited = ProcessInfo.processInfo.environment
    inherited["NO_COLOR"] = nil
    let environment = inherited.merging(environment) { $1 }
    let result = await onOwnThread {
      Flowscript.run(arguments: arguments, stdin: stdin, environment: environment, mergingErrors: mergingErrors)
    }
    return ProcessResult(exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr)
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
}
