import Crypto
import Foundation

/// A rule script packed for shipping to installed apps: one JSON file (`NAME.flowpkg`) holding
/// the script, its release number, the app runtime it is for, its SHA-256 and an Ed25519
/// signature by the team's key.
///
/// ```json
/// {"format": "tabflow.rules", "version": 2, "name": "shop", "release": 7, "runtime": "4.2",
///  "script": "app \"Shop\" …", "sha256": "9f86d0…", "keyID": "3f2a9c0b41d7e815", "signature": "…"}
/// ```
///
/// The runtime names the app builds the package is for, as Expo's `runtimeVersion` and
/// CodePush's `targetBinaryVersion` do: an app declares its own (``RuleDelivery``) and takes only
/// packages for it, so a flow written for one binary never reaches another.
///
/// The signature covers a canonical byte string of format, version, name, release, runtime and
/// the script's UTF-8 bytes (each as an 8-byte big-endian length and the bytes), so none of them
/// can change without the signature failing. The JSON is read strictly: UTF-8 only, and a key
/// that appears twice (which a JSON reader would quietly resolve to one of its values) is refused. Reading a package (``init(data:)``) checks its shape
/// and digest; ``verify(pinnedKeys:)`` checks its signature; ``RuleDelivery`` does both and
/// checks the release and the app before anything runs.
public struct RulePackage: Hashable, Sendable {
  /// The `format` every package carries.
  public static let format = "tabflow.rules"
  /// The package format version this TabFlow reads and writes (2: with a runtime).
  public static let version = 2
  /// Larger packages are refused before they are parsed (4 MiB).
  public static let maximumSize = 4 << 20

  /// What the package is (`shop`): letters, digits, `.`, `_` and `-`, at most 100 characters.
  /// The script's chunk name in error messages is `NAME.lua`.
  public let name: String
  /// The release number, 1 or more; an app takes only a release above the one it has.
  public let release: Int
  /// The app runtime the package is for (`4.2`, `ios-2026.11`): letters, digits, `.`, `_`, `-`
  /// and `+`, at most 100 characters. An app takes only packages for its own runtime.
  public let runtime: String
  /// The Lua rule script.
  public let script: String
  /// The SHA-256 of the script's UTF-8 bytes, lowercase hexadecimal.
  public let sha256: String
  /// The ID of the key that signed it (``RulePublicKey/keyID``).
  public let keyID: String
  /// The Ed25519 signature, base64.
  public let signature: String

  /// Packs and signs `script` for the app builds of `runtime`.
  public init(
    script: String, name: String, release: Int, runtime: String, signedWith key: RuleSigningKey
  ) throws(RulePackageError) {
    try Self.checkName(name)
    try Self.checkRelease(release)
    try Self.checkRuntime(runtime)
    self.name = name
    self.release = release
    self.runtime = runtime
    self.script = script
    sha256 = Self.digest(of: script)
    keyID = key.publicKey.keyID
    do {
      signature = try key.signature(for: Self.signedBytes(name: name, release: release, runtime: runtime, script: script))
        .base64EncodedString()
    } catch {
      throw .invalidField("signature", reason: "could not be made: \(error)")
    }
  }

  /// Reads a package: JSON, format, version, every field and the script's digest. The signature
  /// is checked by ``verify(pinnedKeys:)``.
  public init(data: Data) throws(RulePackageError) {
    guard data.count <= Self.maximumSize else {
      throw .malformed(reason: "\(data.count) bytes, more than the \(Self.maximumSize) a package may have")
    }
    if let offset = Self.firstInvalidUTF8(in: data) {
      throw .malformed(reason: "not UTF-8 text (an invalid byte at offset \(offset))")
    }
    let fields: [String: PackageField]
    do {
      fields = try JSONDecoder().decode([String: PackageField].self, from: data)
    } catch {
      throw .malformed(reason: "not a JSON object")
    }
    if let duplicate = PackageKeys.firstDuplicateTopLevelKey(in: data) {
      throw .malformed(reason: "the key '\(duplicate)' appears twice (a package names each field once)")
    }
    let format = try Self.string("format", in: fields)
    guard format == Self.format else { throw .unknownFormat(format) }
    let version = try Self.integer("version", in: fields)
    guard version == Self.version else { throw .unsupportedVersion(version) }
    name = try Self.string("name", in: fields)
    try Self.checkName(name)
    release = try Self.integer("release", in: fields)
    try Self.checkRelease(release)
    runtime = try Self.string("runtime", in: fields)
    try Self.checkRuntime(runtime)
    script = try Self.string("script", in: fields)
    sha256 = try Self.string("sha256", in: fields)
    keyID = try Self.string("keyID", in: fields)
    signature = try Self.string("signature", in: fields)
    let actual = Self.digest(of: script)
    guard sha256 == actual else { throw .digestMismatch(declared: sha256, actual: actual) }
  }

  /// The package as JSON (keys sorted, pretty-printed), what ``init(data:)`` reads.
  public func encoded() -> Data {
    let document: [String: PackageField] = [
      "format": .string(Self.format), "version": .integer(Self.version), "name": .string(name),
      "release": .integer(release), "runtime": .string(runtime), "script": .string(script), "sha256": .string(sha256),
      "keyID": .string(keyID), "signature": .string(signature),
    ]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // Strings and integers always encode.
    return ((try? encoder.encode(document)) ?? Data()) + Data("\n".utf8)
  }

  /// Checks that one of `pinnedKeys` signed this package: an unknown ``keyID`` or a signature
  /// that does not match the bytes is an error.
  public func verify(pinnedKeys: [RulePublicKey]) throws(RulePackageError) {
    guard let key = pinnedKeys.first(where: { $0.keyID == keyID }) else { throw .unknownKey(keyID: keyID) }
    guard let signatureBytes = Data(base64Encoded: signature),
      key.isValidSignature(
        signatureBytes, for: Self.signedBytes(name: name, release: release, runtime: runtime, script: script))
    else { throw .badSignature(keyID: keyID) }
  }

  /// The script's chunk name in error messages: `NAME.lua`.
  public var chunkName: String { name.hasSuffix(".lua") ? name : name + ".lua" }

  // MARK: - Canonical form

  /// What the signature covers: format, version, name, release, runtime and the script, each as
  /// an 8-byte big-endian length followed by its UTF-8 bytes.
  static func signedBytes(name: String, release: Int, runtime: String, script: String) -> Data {
    var bytes = Data()
    for field in [Self.format, String(Self.version), name, String(release), runtime, script] {
      let utf8 = Data(field.utf8)
      withUnsafeBytes(of: UInt64(utf8.count).bigEndian) { bytes.append(contentsOf: $0) }
      bytes.append(utf8)
    }
    return bytes
  }

  /// The SHA-256 of the script's UTF-8 bytes, lowercase hexadecimal.
  static func digest(of script: String) -> String {
    SHA256.hash(data: Data(script.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  // MARK: - Fields

  private static func checkName(_ name: String) throws(RulePackageError) {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    guard !name.isEmpty, name.count <= 100, name.allSatisfy({ allowed.contains($0) }), !name.hasPrefix(".") else {
      throw .invalidField("name", reason: "must be 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'")
    }
  }

  private static func checkRelease(_ release: Int) throws(RulePackageError) {
    guard release >= 1 else { throw .invalidField("release", reason: "must be 1 or more, got \(release)") }
  }

  private static func checkRuntime(_ runtime: String) throws(RulePackageError) {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+")
    guard !runtime.isEmpty, runtime.count <= 100, runtime.allSatisfy({ allowed.contains($0) }) else {
      throw .invalidField("runtime", reason: "must be 1 to 100 letters, digits, '.', '_', '-' or '+'")
    }
  }

  /// The offset of the first byte that is not part of valid UTF-8, or `nil`.
  private static func firstInvalidUTF8(in data: Data) -> Int? {
    var iterator = data.makeIterator()
    var decoder = UTF8()
    var offset = 0
    var consumed = 0
    while true {
      switch decoder.decode(&iterator) {
      case let .scalarValue(scalar):
        consumed += UTF8.width(scalar)
        offset = consumed
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  private static func string(_ key: String, in fields: [String: PackageField]) throws(RulePackageError) -> String {
    guard let field = fields[key] else { throw .missingField(key) }
    guard case let .string(value) = field else { throw .invalidField(key, reason: "must be a string, got \(field.kind)") }
    return value
  }

  private static func integer(_ key: String, in fields: [String: PackageField]) throws(RulePackageError) -> Int {
    guard let field = fields[key] else { throw .missingField(key) }
    guard case let .integer(value) = field else { throw .invalidField(key, reason: "must be an integer, got \(field.kind)") }
    return value
  }
}

/// One top-level value of a package's JSON, as far as its checks need to know it.
enum PackageField: Codable, Hashable, Sendable {
  case string(String)
  case integer(Int)
  /// Anything else, by the name of its kind (`a boolean`, `a fraction`, `null` …).
  case other(String)

  var kind: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case let .other(kind): return kind
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .other("null")
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .other("a boolean (\(value))")
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .other(value == value.rounded() ? "an integer too large (above \(Int.max))" : "a fraction")
    } else {
      self = .other("an object or array")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case let .string(value): try container.encode(value)
    case let .integer(value): try container.encode(value)
    case let .other(kind): try container.encode(kind)
    }
  }
}
