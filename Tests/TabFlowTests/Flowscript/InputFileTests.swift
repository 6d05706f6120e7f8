import Foundation
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

    /// Writes `text` to a file whose name is `directory` + `/` + the raw bytes `name` (which
    /// need not be UTF-8); returns the path's bytes.
    static func writeRawName(_ name: [UInt8], in directory: String, _ text: String) throws -> [UInt8] {
      let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name
      let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
        bytes.baseAddress?.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) } ?? -1
      }
      try #require(descriptor >= 0, "open: errno \(errno)")
      defer { close(descriptor) }
      let data = Array(text.utf8)
      try #require(write(descriptor, data, data.count) == data.count)
      return path
    }

    /// Runs `flowscript ARGUMENTS` through `sh`, where `$1` is the raw bytes `path` (which a
    /// Swift `String` argument cannot carry when they are not UTF-8).
    static func runWithRawPath(
      _ path: [UInt8], _ arguments: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ProcessResult {
      let octal = path.map { byte in "\\" + String(byte, radix: 8) }.joined()
      let command = "exec \"$0\" \(arguments.replacingOccurrences(of: "PATH", with: "\"$(printf '\(octal)')\""))"
      let shell = try #require(FlowscriptCLI.tool("sh"))
      return try await FlowscriptCLI.run(
        executable: shell, ["-c", command, try FlowscriptCLI.binary().path], sourceLocation: sourceLocation)
    }

    @Test func aScriptPathThatIsNotUTF8IsSaidToBeSo() async throws {
      try await Workspace.with { workspace in
        // "café.lua" in Latin-1: 0xE9 alone is not UTF-8.
        let path = try Self.writeRawName(Array("caf".utf8) + [0xE9] + Array(".lua".utf8), in: workspace.url.path, """
          tab "home" { root = "feed" }
          screen "feed" { }
          """)
        let shown = workspace.url.path + #"/caf\xE9.lua"#
        for arguments in ["send PATH", "check PATH", "repl PATH", "graph PATH"] {
          let result = try await Self.runWithRawPath(path, arguments)
          #expect(result.exitCode == 2, "\(arguments)")
          #expect(result.stdout.isEmpty)
          #expect(result.stderrLines == [
            "\(shown): the path is not valid UTF-8, so flowscript cannot name the file; rename the script",
          ], "\(arguments)")
        }
        let flow = try Self.writeRawName(Array("caf".utf8) + [0xE9] + Array(".flow".utf8), in: workspace.url.path, "expect tab home\n")
        let run = try await Self.runWithRawPath(flow, "run \(FlowscriptCLI.demoScript) PATH")
        #expect(run.exitCode == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines == [
          workspace.url.path + #"/caf\xE9.flow: the path is not valid UTF-8, so flowscript cannot name the file; rename the scenario file"#,
        ])
      }
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
