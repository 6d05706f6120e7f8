import Foundation
import Testing

/// What the flowscript tests share, in process (FlowscriptKitTests) or through the binary
/// (FlowscriptEndToEndTests): the package's paths, and running the other tools the tests use.
/// Each of those targets adds its own `run(_:…)` for flowscript itself.
package enum FlowscriptCLI {
  /// The package root, found from this file's path.
  package static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `scripts/demo.lua`: the same flow as the bundled demo.
  package static let demoScript = packageRoot.appendingPathComponent("scripts/demo.lua").path

  /// Runs any executable with `stdin` piped in; fails the test if it takes longer than `timeout`
  /// or crashes.
  package static func run(
    executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    in directory: URL? = nil, mergingErrors: Bool = false, timeout: Duration = .seconds(120),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    let process = try RunningProcess(
      executable: executable, arguments: arguments, environment: environment, directory: directory,
      mergingErrors: mergingErrors)
    process.write(stdin)
    return await process.finish(timeout: timeout, sourceLocation: sourceLocation)
  }

  /// An executable on `PATH` (`dot`, `script`), or `nil`.
  package static func tool(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").lazy
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Parses one line of JSON into an object.
  package static func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not a JSON object: \(text)", sourceLocation: sourceLocation)
  }
}
