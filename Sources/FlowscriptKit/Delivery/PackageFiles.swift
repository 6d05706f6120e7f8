import Foundation
import TabFlowDelivery

/// Reading what the package commands take: key files and rule package files. Every problem is a
/// usage error (exit 2) naming the file, except a package that reads but fails a check, which the
/// caller decides about.
enum PackageFiles {
  /// The label a private key's text starts with (`tabflow-ed25519-private`), taken from a key's
  /// own text form so it cannot drift from what `keygen` writes (TabFlow keeps the constant to itself).
  static let privateKeyLabel = String(RuleSigningKey().text.prefix { $0 != " " })

  /// Whether the file at `path` holds a private signing key: its text, after any byte-order mark
  /// and white space (which reading a key skips too), starts with ``privateKeyLabel``, whatever
  /// follows — a damaged key is still secret. `nil` when the file cannot be read, so a caller
  /// cannot tell. Reads only the first bytes, and never waits on a pipe or device.
  static func holdsPrivateKey(_ path: String) -> Bool? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if read < 0, errno == EINTR { continue }
      if read < 0 { return nil }
      if read == 0 { break }
      count += read
    }
    var head = bytes[..<count].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if head.starts(with: [0xEF, 0xBB, 0xBF]) {
      head = head.dropFirst(3).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }
    return head.starts(with: Array(privateKeyLabel.utf8))
  }

  /// The public keys in `paths` (`KEY.pub` files `flowscript keygen` wrote).
  static func publicKeys(_ paths: [String]) throws -> [RulePublicKey] {
    var keys: [RulePublicKey] = []
    for path in paths {
      do {
        keys.append(try RulePublicKey(text: try text(path, what: "public key")))
      } catch let error as RuleKeyError {
        throw CommandFailure.usage("\(path): \(error)")
      }
    }
    return keys
  }

  /// The private key in `path`.
  static func signingKey(_ path: String) throws -> RuleSigningKey {
    do {
      return try RuleSigningKey(text: try text(path, what: "key"))
    } catch let error as RuleKeyError {
      throw CommandFailure.usage("\(path): \(error)")
    }
  }

  /// The bytes of a package file, or a usage error when it cannot be read.
  static func data(_ path: String) throws -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure.usage("\(path): cannot read the package")
    }
    return data
  }

  /// The package in `path`, read and its signature checked against `keys`; a failed check is
  /// a usage error (exit 2) — a command refuses to run an unsigned or mis-signed package.
  static func verifiedPackage(_ path: String, keys: [RulePublicKey]) throws -> RulePackage {
    do {
      return try RulePackageVerification(pinnedKeys: keys).signed(try data(path))
    } catch let error as RulePackageError {
      throw CommandFailure.usage("\(path): refused, not a rule package signed by the given key: \(error)")
    }
  }

  /// Whether `path` holds a rule package (so a command given it without `--public-key` can say so).
  static func looksLikePackage(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path), data.count <= RulePackage.maximumSize else { return false }
    return (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
  }

  private static func text(_ path: String, what: String) throws -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw CommandFailure.usage("\(path): cannot read the \(what)")
    }
    return text
  }
}
