import ArgumentParser
import Foundation
import TabFlowDelivery

extension Flowscript {
  /// `flowscript keygen --out KEY [--force]`.
  struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "keygen",
      abstract: "Make a key pair for signing rule packages.",
      discussion: """
        Writes KEY, the private key (mode 0600: keep it secret, it signs packages), and KEY.pub, \
        the public key the app pins (RulePublicKey(text:)), each whole or not at all. Refuses to \
        overwrite either file unless --force is given, and never overwrites a private key, not \
        even with --force.
        Example: flowscript keygen --out release.key
        """)

    @Option(help: "Where to write the private key; the public key goes to the same path plus .pub.")
    var out: String

    @Flag(help: "Overwrite existing files at KEY and KEY.pub (never a private key).")
    var force = false

    func run() throws {
      let publicPath = out + ".pub"
      for path in [out, publicPath] {
        try OutputFile.check(path, force: force, protecting: [])
      }
      let key = RuleSigningKey()
      let privateFile = try StagedFile(Data(key.text.utf8), for: out, mode: 0o600)
      let publicFile = try StagedFile(Data(key.publicKey.text.utf8), for: publicPath, mode: 0o644)
      // The public key first: if the private key then cannot be put in place, withdrawing the
      // public one loses nothing secret.
      try publicFile.commit(replacing: force)
      do {
        try privateFile.commit(replacing: force)
      } catch {
        publicFile.withdraw()
        throw error
      }
      Output.line("wrote \(out) (private, mode 0600) and \(publicPath) (public); key ID \(key.publicKey.keyID)")
    }
  }
}
