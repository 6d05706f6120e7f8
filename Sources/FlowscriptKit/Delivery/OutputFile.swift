import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input of a command that its output must never replace — the script being packed, the
/// `--key` it was signed with — and how a message names it.
struct ProtectedInput {
  /// The path as the user typed it.
  let path: String
  /// What it is, for the message: "the script being packed".
  let role: String
}

/// How flowscript writes a file (`pack`'s package, `keygen`'s key pair), so that no command
/// destroys what it should not. Every refusal is a usage error (exit 2) naming the file.
///
/// - An existing file is replaced only with `--force`.
/// - Never, not even with `--force`: a private signing key (recognised by its content's label,
///   wherever it is and whatever it is called), one of the command's inputs (compared by file
///   identity — device and inode — so `./shop.lua`, `shop.lua`, a symlink or a hard link to it are
///   all the same file), a file that cannot be read to tell whether it is a key, a directory, or
///   anything else that is not a regular file.
/// - The bytes go to a new temporary file in the same folder, created with the final mode (0600
///   for a private key, 0644 otherwise, whatever the umask), written and synced, then renamed into
///   place: a reader sees the old file or the whole new one, never part of one, and a failed
///   write leaves the old file as it was. A symlink at the path is replaced, never written through.
enum OutputFile {
  /// Writes `data` to `path` with `mode` by the rules above.
  static func write(
    _ data: Data, to path: String, mode: mode_t, force: Bool, protecting inputs: [ProtectedInput]
  ) throws {
    try check(path, force: force, protecting: inputs)
    let staged = try StagedFile(data, for: path, mode: mode)
    try staged.commit(replacing: force)
  }

  /// Throws the usage error that refuses writing `path`, if any: see ``OutputFile``.
  static func check(_ path: String, force: Bool, protecting inputs: [ProtectedInput]) throws {
    if let refusal = refusal(path, force: force, protecting: inputs) {
      throw CommandFailure.usage(refusal)
    }
  }

  /// The folder holding `path`'s last component: `.` for a bare name, `/` for one at the root.
  /// (Not NSString's `deletingLastPathComponent`, which traps on a one-character name on Linux.)
  static func folder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let folder = trimmed[..<slash]
    return folder.isEmpty ? "/" : String(folder)
  }

  /// Why `path` may not be written, or `nil` when it may.
  static func refusal(_ path: String, force: Bool, protecting inputs: [ProtectedInput]) -> String? {
    guard !path.isEmpty else { return "the output path is empty; give the path of a file to write" }
    if let bytes = InputFile.undecodableArgument(path) {
      return "\(InputFile.shown(bytes)): the path is not valid UTF-8, so flowscript cannot name the file; choose another path"
    }
    var entry = stat()
    guard lstat(path, &entry) == 0 else {
      switch errno {
      case ENOENT, ENOTDIR:
        return nil  // Nothing there; a missing folder is reported when the file is created.
      default:
        return "\(path): cannot check what is there (\(String(cString: strerror(errno))))"
      }
    }
    var target = stat()
    if stat(path, &target) == 0 {
      // What the path leads to: the file itself, or a symlink's target.
      for input in inputs {
        var other = stat()
        if stat(input.path, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
          let alias = input.path == path ? "" : " (\(input.path))"
          return "\(path): is \(input.role)\(alias); flowscript never overwrites it, not even with --force; choose another output path"
        }
      }
      switch target.st_mode & S_IFMT {
      case S_IFREG:
        break
      case S_IFDIR:
        return "\(path): is a directory; give the path of a file to write"
      default:
        return "\(path): is not a regular file; flowscript never replaces one, not even with --force"
      }
      switch PackageFiles.holdsPrivateKey(path) {
      case true?:
        return "\(path): is a private signing key; flowscript never overwrites one, not even with --force; choose another output path"
      case nil:
        return "\(path): exists and cannot be read, so flowscript cannot tell whether it is a private signing key; it is never overwritten, not even with --force"
      case false?:
        break
      }
    }
    // A dangling symlink, or a regular file that is none of the above.
    return force ? nil : "\(path): exists; pass --force to overwrite it"
  }
}

/// New content for a file, written and synced to a temporary file beside it, not yet in place;
/// ``commit(replacing:)`` moves it there. Dropped uncommitted, the temporary file is removed.
final class StagedFile {
  /// The path the content is for, as the user typed it.
  let path: String
  private let temporaryPath: String
  /// The file's identity, so ``withdraw()`` removes only what this wrote.
  private let device: dev_t
  private let inode: ino_t
  private var committed = false

  /// Writes `data` to a new temporary file in `path`'s folder with exactly `mode`.
  init(_ data: Data, for path: String, mode: mode_t) throws {
    self.path = path
    var template = Array("\(OutputFile.folder(of: path))/.flowscript-write-XXXXXX".utf8CString)
    // mkstemp creates the file with mode 0600 (readable by nobody else while being written).
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else {
      let reason = errno == ENOENT || errno == ENOTDIR ? "no such folder" : String(cString: strerror(errno))
      throw CommandFailure.usage("\(path): cannot write: \(reason)")
    }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var info = stat()
    let failure: String? = {
      // The umask does not apply to fchmod: the mode is exactly the one asked for. Where the file
      // system cannot change it, the file stays 0600, never wider than asked.
      _ = fchmod(descriptor, mode)
      guard fstat(descriptor, &info) == 0 else { return String(cString: strerror(errno)) }
      let written = data.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        while offset < buffer.count {
          let count = Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { return false }
          offset += count
        }
        return true
      }
      guard written, fsync(descriptor) == 0 else { return String(cString: strerror(errno)) }
      return nil
    }()
    let closed = close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    if let problem = failure ?? closed {
      unlink(temporary)
      throw CommandFailure.usage("\(path): cannot write: \(problem)")
    }
    temporaryPath = temporary
    device = info.st_dev
    inode = info.st_ino
  }

  deinit {
    if !committed { unlink(temporaryPath) }
  }

  /// Puts the content at ``path``: replacing what is there when `replacing` (the caller checked it
  /// may), else only when nothing is there — atomically, so a file that appeared since the check
  /// is not replaced either.
  func commit(replacing: Bool) throws {
    if replacing {
      guard rename(temporaryPath, path) == 0 else { throw cannotWrite() }
    } else if link(temporaryPath, path) == 0 {
      unlink(temporaryPath)
    } else {
      switch errno {
      case EEXIST:
        throw CommandFailure.usage("\(path): exists; pass --force to overwrite it")
      case EPERM, EMLINK, ENOSYS, EOPNOTSUPP:
        // A file system without hard links: check, then rename (only a race can slip through).
        var entry = stat()
        guard lstat(path, &entry) != 0, errno == ENOENT else {
          throw CommandFailure.usage("\(path): exists; pass --force to overwrite it")
        }
        guard rename(temporaryPath, path) == 0 else { throw cannotWrite() }
      default:
        throw cannotWrite()
      }
    }
    committed = true
    syncFolder()
  }

  /// Removes the committed file again, if it is still the one this wrote (when a later step of
  /// the same command failed).
  func withdraw() {
    var info = stat()
    guard committed, lstat(path, &info) == 0, info.st_dev == device, info.st_ino == inode else { return }
    unlink(path)
  }

  private func cannotWrite() -> CommandFailure {
    CommandFailure.usage("\(path): cannot write: \(String(cString: strerror(errno)))")
  }

  /// Syncs the folder, so the rename survives a crash (best effort: not every system allows it).
  private func syncFolder() {
    let descriptor = open(OutputFile.folder(of: path), O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}
