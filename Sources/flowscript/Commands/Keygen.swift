import ArgumentParser
import Foundation
import TabFlow

extension Flowscript {
  /// `flowscript keygen --out KEY`.
  struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a key pair for signing rule packages.",
      discussion: """
        Writes KEY, the private key (mode 0600: keep it secret, it signs packages), and KEY.pub, \
        the public key the app pins (RulePublicKey(text:)). Refuses to overwrite either file.
        Example: flowscript keygen --out release.key
        """)

    @Option(help: "Where to write the private key; the public key goes to the same path plus .pub.")
    var out: String

    func run() throws {
      let publicPath = out + ".pub"
      for path in [out, publicPath] where FileManager.default.fileExists(atPath: path) {
        throw CommandFailure.usage("\(path) exists; remove it first (a key is never overwritten)")
      }
      let key = RuleSigningKey()
      try write(key.text, to: out, mode: 0o600)
      try write(key.publicKey.text, to: publicPath, mode: 0o644)
      Output.line("wrote \(out) (private, mode 0600) and \(publicPath) (public); key ID \(key.publicKey.keyID)")
    }

    /// Creates `path` (it must not exist) with `mode` and writes `text`.
    private func write(_ text: String, to path: String, mode: mode_t) throws {
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
      guard descriptor >= 0 else {
        throw CommandFailure.usage("\(path): cannot create: \(String(cString: strerror(errno)))")
      }
      defer { close(descriptor) }
      // The umask may have narrowed the mode; the private key's must be exactly 0600.
      _ = fchmod(descriptor, mode)
      let bytes = Array(text.utf8)
      guard Foundation.write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
        throw CommandFailure.usage("\(path): cannot write: \(String(cString: strerror(errno)))")
      }
    }
  }
}
