import Crypto
import Foundation

/// The private key that signs rule packages. It stays with the team that ships packages (the
/// `KEY` file `flowscript keygen` writes, mode 0600); the app pins only its ``publicKey``.
public struct RuleSigningKey: Sendable {
  /// The 32 raw bytes of the Ed25519 private key (kept as bytes: Crypto's key type is not `Sendable`).
  private let raw: Data
  /// The public half, derived once.
  public let publicKey: RulePublicKey

  /// A new random key.
  public init() {
    let key = Curve25519.Signing.PrivateKey()
    raw = key.rawRepresentation
    publicKey = RulePublicKey(derived: key.publicKey.rawRepresentation)
  }

  /// A key from its text form, the content of a `KEY` file.
  public init(text: String) throws(RuleKeyError) {
    let bytes = try RuleKeyText.bytes(of: text, label: RuleKeyText.privateLabel)
    guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes) else {
      throw RuleKeyError("not an Ed25519 private key")
    }
    raw = key.rawRepresentation
    publicKey = RulePublicKey(derived: key.publicKey.rawRepresentation)
  }

  /// The text form: `tabflow-ed25519-private BASE64` and a line break. Keep it secret.
  public var text: String { RuleKeyText.text(label: RuleKeyText.privateLabel, bytes: raw) }

  /// This key's signature of `message`.
  func signature(for message: Data) throws(RuleKeyError) -> Data {
    do {
      return try Curve25519.Signing.PrivateKey(rawRepresentation: raw).signature(for: message)
    } catch {
      throw RuleKeyError("signing failed: \(error)")
    }
  }
}
