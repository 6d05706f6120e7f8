import Foundation

/// Saves and loads a coordinator's navigation state as a file, atomically: the document is
/// written to a temporary file in the same folder, flushed to disk (`fsync`) and renamed over the
/// target, so a crash leaves either the old file or the new one, never half of either.
///
/// ```swift
/// let store = NavigationFileStore(path: "/var/app/navigation.json")
/// try store.save(state)
/// let restored: TabCoordinatorState<Screen> = try store.load()
/// ```
public struct NavigationFileStore: Sendable {
  /// The file's path.
  public let path: String

  /// A store for the file at `path`.
  public init(path: String) {
    self.path = path
  }

  /// Writes the state atomically.
  public func save<Screen: Codable>(_ state: TabCoordinatorState<Screen>) throws(PersistenceError) {
    try AtomicFile.write(try NavigationDocument.encode(state), to: path)
  }

  /// Reads the state; every route gets a fresh ID.
  public func load<Screen: Codable>(as screen: Screen.Type = Screen.self) throws(PersistenceError) -> TabCoordinatorState<Screen> {
    guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .io(path: path, reason: error.localizedDescription)
    }
    return try NavigationDocument.decode(data, as: Screen.self)
  }
}
