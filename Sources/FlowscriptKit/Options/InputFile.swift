import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file named on the command line — a script, a scenario file — checked before it is read, so
/// each way it can be wrong gets its own message (a usage error, exit 2): a path that is not
/// valid UTF-8, no such file, a directory, a named pipe or another file that is not a regular
/// one, a file that cannot be read.
enum InputFile {
  /// Why `path` cannot be read as a `what` ("script", "scenario file"), starting with the path
  /// as the user typed it (`caf\xE9.lua: …`); `nil` when it can.
  static func problem(_ path: String, what: String) -> String? {
    if let bytes = undecodableArgument(path) {
      return "\(shown(bytes)): the path is not valid UTF-8, so flowscript cannot name the file; rename the \(what)"
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      switch errno {
      case ENOENT, ENOTDIR: return "\(path): no such \(what)"
      case EACCES: return "\(path): cannot read the \(what) (a folder on its path cannot be searched)"
      default: return "\(path): cannot read the \(what) (\(String(cString: strerror(errno))))"
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      break
    case S_IFDIR:
      return "\(path): is a directory, not a \(what)"
    case S_IFIFO:
      return "\(path): is a named pipe (FIFO), not a regular file holding a \(what)"
    case S_IFSOCK:
      return "\(path): is a socket, not a regular file holding a \(what)"
    case S_IFCHR, S_IFBLK:
      return "\(path): is a device, not a regular file holding a \(what)"
    default:
      return "\(path): is not a regular file holding a \(what)"
    }
    guard access(path, R_OK) == 0 else { return "\(path): cannot read the \(what)" }
    return nil
  }

  /// The bytes of the command-line argument `text` was decoded from, when they are not valid
  /// UTF-8: Swift replaces each invalid sequence by U+FFFD, so that `text` names no file.
  static func undecodableArgument(_ text: String) -> [UInt8]? {
    guard text.unicodeScalars.contains("\u{FFFD}") else { return nil }
    for index in 0..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index], String(validatingCString: pointer) == nil else { continue }
      let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
      if String(decoding: bytes, as: UTF8.self) == text { return bytes }
    }
    return nil
  }

  /// Bytes as text: valid UTF-8 as itself, every byte of an invalid sequence as `\xHH`.
  static func shown(_ bytes: [UInt8]) -> String {
    var out = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var position = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case let .valid(encoded):
        out.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        position += encoded.count
      case let .error(length):
        for byte in bytes[position..<position + length] {
          out += (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
        }
        position += length
      case .emptyInput:
        return out
      }
    }
  }
}
