import Foundation

/// A temporary directory for a test's scripts and scenario files, removed when the test ends.
package struct Workspace {
  package let url: URL

  /// The path of `name` in the workspace.
  package func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  package func write(_ name: String, _ text: String) throws -> String {
    try text.write(toFile: path(name), atomically: false, encoding: .utf8)
    return path(name)
  }

  /// Runs `body` with a fresh workspace and removes it afterwards.
  package static func with<T>(_ body: (Workspace) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowscript-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(Workspace(url: url))
  }
}
