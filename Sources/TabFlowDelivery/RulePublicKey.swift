import Crypto
import Foundation

/// A public key an app pins: packages signed with its private key are trusted. Pin several to
/// rotate keys (sign with the new one while the old one is still pinned, then drop the old one in
/// a later app release).
///
/// ```swift
/// let key = try RulePublicKey(text: "tabflow-ed25519-public 4sT0…=")
/// ```
public struct RulePublicKey: Hashable, Sendable, CustomStringConvertible {
  /// The 32 raw bytes of the Ed25519 public key.
  public let rawRepresentation: Data
  /// The key's identifier, written into every package it signs: the first 8 bytes of the
  /// SHA-256 of the raw key, in hexadecimal (16 characters).
  public let keyID: String

  /// A key from its 32 raw bytes.
  public init(rawRepresentation: Data) throws(RuleKeyError) {
    guard rawRepresentation.count == RuleKeyText.keySize,
      (try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation)) != nil
    else { throw RuleKeyError("an Ed25519 public key is \(RuleKeyText.keySize) bytes, got \(rawRepresentation.count)") }
    self.rawRepresentation = rawRepresentation
    keyID = Self.keyID(of: rawRepresentation)
  }

  /// The public half of a valid private key (valid by construction).
  init(derived rawRepresentation: Data) {
    self.rawRepresentation = rawRepresentation
    keyID = Self.keyID(of: rawRepresentation)
  }

  /// A key from its text form, the content of a `KEY.pub` file `flowscript keygen` wrote.
  public init(text: String) throws(RuleKeyError) {
    try self.init(rawRepresentation: RuleKeyText.bytes(of: text, label: RuleKeyText.publicLabel))
  }

  /// The text form: `tabflow-ed25519-public BASE64` and a line break.
  public var text: String { RuleKeyText.text(label: RuleKeyText.publicLabel, bytes: rawRepresentation) }

  /// `key 3f2a…` with the key's ID.
  public var description: String { "key \(keyID)" }

  /// Whether `signature` is this key's signature of `message`.
  func isValidSignature(_ signature: Data, for message: Data) -> Bool {
    guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else { return false }
    return key.isValidSignature(signature, for: message)
  }

  /// The first 8 bytes of the SHA-256 of `raw`, hexadecimal.
  static func keyID(of raw: Data) -> String {
    SHA256.hash(data: raw).prefix(8).map { String(format: "%02x", $0) }.joined()
  }
}
