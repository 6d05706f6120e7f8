@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FlowscriptTests {
  /// A script or scenario file that cannot be read is a usage error (exit 2) that says why: a
  /// path that is not valid UTF-8 (it was reported as "no such script"), a named pipe (it was
  /// reported as a permission problem), a missing scenario file (it exited 1, as a failed
  /// scenario).
  @Suite("Input files")
  struct InputFileTests {
    typealias Invocation = ExitCodeTests.Invocation

    /// Makes a FIFO at `path`.
    static func makeFIFO(_ path: String) throws {
      try #require(mkfifo(path, 0o644) == 0, "mkfifo \(path): errno \(errno)")
    }

    @Test func aMissingScenarioFileIsAUsageError() async throws {
      try await Workspace.with { workspace in
        let good = try workspace.write("good.flow", "expect tab home\n")
        let missing = workspace.path("missing.flow")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, good, missing])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty, "no scenario runs: \(result.stdout)")
        #expect(result.stderrLines == ["\(missing): no such scenario file"])
      }
    }

    @Test func aDirectoryOrAFIFOAsAScenarioFileIsAUsageError() async throws {
      try await Workspace.with { workspace in
        let directory = workspace.path("flows")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let fifo = workspace.path("pipe.flow")
        try Self.makeFIFO(fifo)
        for (path, message) in [
          (directory, "is a directory, not a scenario file"),
          (fifo, "is a named pipe (FIFO), not a regular file holding a scenario file"),
        ] {
          let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, path])
          #expect(result.exitCode == 2)
          #expect(result.stdout.isEmpty)
          #expect(result.stderrLines == ["\(path): \(message)"])
        }
      }
    }

    @Test(arguments: ExitCodeTests.everySubcommand)
    func aFIFOAsTheScriptIsNotAPermissionProblem(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", ExitCodeTests.passingFlow)
        let fifo = workspace.path("rules.lua")
        try Self.makeFIFO(fifo)
        let result = try await FlowscriptCLI.run(invocation.arguments(script: fifo, flow: flow))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["\(fifo): is a named pipe (FIFO), not a regular file holding a script"])
      }
    }

    @Test func reloadingAFIFOSaysSo() async throws {
      try await Workspace.with { workspace in
        let fifo = workspace.path("rules.lua")
        try Self.makeFIFO(fifo)
        let result = try await FlowscriptCLI.run(["repl", FlowscriptCLI.demoScript], stdin: "reload \(fifo)\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrLines == [
          "error: reload failed, the old rules stay active: \(fifo): is a named pipe (FIFO), not a regular file holding a script",
        ])
      }
    }
  }
}
