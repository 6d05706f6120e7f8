import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading one of the package folder's files found. The folder is outside any signature:
/// whatever wrote it may have put a link to a device, a pipe, a folder or a huge file where a
/// small JSON file belongs, so a read takes only a regular file (never through a symbolic link),
/// never waits, and never holds more than a limit.
enum BoundedFileRead: Equatable {
  /// There is nothing at the path.
  case absent
  /// There is something, and it is not a readable regular file within the limit.
  case unreadable(String)
  /// The file's bytes.
  case data(Data)

  /// Reads the file at `path` if it is a regular file of at most `limit` bytes.
  init(path: String, limit: Int) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      self = errno == ENOENT ? .absent : .unreadable(String(cString: strerror(errno)))
      return
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      self = .unreadable("not a regular file")
      return
    }
    guard Int(status.st_size) <= limit else {
      self = .unreadable("\(status.st_size) bytes, more than the \(limit) it may have")
      return
    }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      self = .unreadable(String(cString: strerror(errno)))
      return
    }
    defer { close(descriptor) }
    // One byte more than the size lstat gave: a file that grew since is refused, not cut.
    let size = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if read < 0, errno == EINTR { continue }
      if read < 0 {
        self = .unreadable(String(cString: strerror(errno)))
        return
      }
      if read == 0 { break }
      count += read
    }
    guard count <= size else {
      self = .unreadable("it changed while it was read")
      return
    }
    self = .data(Data(bytes[..<count]))
  }
}
