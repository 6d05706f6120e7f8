import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("Input files")
  struct InputFileTests {
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
  }
}
