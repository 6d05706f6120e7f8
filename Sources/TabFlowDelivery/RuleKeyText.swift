import Foundation

/// The one-line text form of a key: a label naming the kind of key, a space, and the raw key
/// bytes in base64 (`tabflow-ed25519-public MCowBQYDK2Vw…`). Key files hold exactly this line.
enum RuleKeyText {
  /// The label of public keys.
  static let publicLabel = "tabflow-ed25519-public"
  /// The label of private (signing) keys.
  static let privateLabel = "tabflow-ed25519-private"
  /// Ed25519 keys are 32 bytes.
  static let keySize = 32

  /// `label base64\n`.
  static func text(label: String, bytes: Data) -> String {
    "\(label) \(bytes.base64EncodedString())\n"
  }

  /// The key bytes of `text`, which must carry `label`; an error says what is wrong, naming the
  /// other label when the wrong kind of key was given.
  static func bytes(of text: String, label: String) throws(RuleKeyError) -> Data {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" })
    guard words.count == 2 else {
      throw RuleKeyError("expected one line '\(label) BASE64', found \(words.count) words")
    }
    guard words[0] == label else {
      let other = label == publicLabel ? privateLabel : publicLabel
      if words[0] == other {
        throw RuleKeyError("this is a \(label == publicLabel ? "private" : "public") key; expected a \(label == publicLabel ? "public" : "private") one")
      }
      throw RuleKeyError("expected the label '\(label)', found '\(words[0].prefix(40))'")
    }
    guard let bytes = Data(base64Encoded: String(words[1])), bytes.count == keySize else {
      throw RuleKeyError("the key is not \(keySize) bytes of base64")
    }
    return bytes
  }
}
