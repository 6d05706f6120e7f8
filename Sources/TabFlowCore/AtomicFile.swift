import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file atomically: the bytes go to a temporary file in the same folder, are flushed to
/// disk (`fsync`), renamed over the target, and the folder is flushed too — so a crash leaves
/// either the old file or the new one, never half of either. Navigation documents and rule
/// packages are saved this way.
package enum AtomicFile {
  /// Writes `data` to `path` with permissions `mode`, replacing what was there.
  package static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws(PersistenceError) {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = openFile(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
    guard descriptor >= 0 else { throw .io(path: temporary, reason: lastError()) }
    var written = 0
    let writeResult: Int = data.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = Foundation.write(descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
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

  private static func syncFolder(_ folder: String) {
    let descriptor = openFile(folder, O_RDONLY, 0)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// `open(2)` under one name on Linux and Darwin (the variadic C function is imported differently).
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
