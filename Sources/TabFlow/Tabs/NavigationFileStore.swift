import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let data = try NavigationDocument.encode(state)
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = openFile(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw .io(path: temporary, reason: lastError()) }
    var written = 0
    let writeResult: Int = data.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return -1
        }
        written += count
      }
      return written
    }
    let synced = fsync(descriptor) == 0
    let closed = close(descriptor) == 0
    guard writeResult >= 0, synced, closed else {
      let reason = lastError()
      unlink(temporary)
      throw .io(path: temporary, reason: reason)
    }
    guard rename(temporary, path) == 0 else {
      let reason = lastError()
      unlink(temporary)
      throw .io(path: path, reason: reason)
    }
    syncFolder(folder.isEmpty ? "." : folder)
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

  private func syncFolder(_ folder: String) {
    let descriptor = openFile(folder, O_RDONLY, 0)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }

  private func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// `open(2)` under one name on Linux and Darwin (the variadic C function is imported differently).
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
