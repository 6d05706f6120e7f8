import DeliveryTestSupport
import Foundation
@testable import TabFlowDelivery
@testable import TabFlowLua
import Testing

/// The package format: reading, the digest, the signature, the keys.
@Suite struct RulePackageTests {
  typealias F = DeliveryFixture

  @Test func aSignedPackageReadsBackAndVerifies() throws {
    let package = try F.package(release: 4)
    let read = try RulePackage(data: package.encoded())
    #expect(read == package)
    #expect(read.keyID == F.key.publicKey.keyID)
    #expect(read.keyID.count == 16)
    try read.verify(pinnedKeys: [F.otherKey.publicKey, F.key.publicKey])
    let object = try F.object(package.encoded())
    #expect(object["format"] as? String == "tabflow.rules")
    #expect(object["version"] as? Int == 2)
    #expect(object["runtime"] as? String == F.runtime)
  }

  @Test func malformedBytesAreRefused() throws {
    for bytes in ["", "not json", "[1, 2]", "\"text\"", "{\"format\": "] {
      #expect(throws: RulePackageError.malformed(reason: "not a JSON object")) { try RulePackage(data: Data(bytes.utf8)) }
    }
    let huge = Data(repeating: 0x20, count: RulePackage.maximumSize + 1)
    let error = try #require(throws: RulePackageError.self) { try RulePackage(data: huge) }
    #expect(error.check == "json")
  }

  @Test func formatVersionAndFieldsAreChecked() throws {
    let object = try F.object(try F.bytes(release: 2))
    func refusal(_ edit: (inout [String: Any]) -> Void) throws -> RulePackageError {
      var edited = object
      edit(&edited)
      let data = try F.data(edited)
      return try #require(throws: RulePackageError.self) { try RulePackage(data: data) }
    }
    #expect(try refusal { $0["format"] = "tabflow.navigation" } == .unknownFormat("tabflow.navigation"))
    #expect(try refusal { $0["version"] = 3 } == .unsupportedVersion(3))
    #expect(try refusal { $0["version"] = 1 }.description.contains("pack it again with --runtime"))
    for field in ["format", "version", "name", "release", "runtime", "script", "sha256", "keyID", "signature"] {
      #expect(try refusal { $0[field] = nil } == .missingField(field))
    }
    #expect(try refusal { $0["release"] = "7" } == .invalidField("release", reason: "must be an integer, got a string"))
    #expect(try refusal { $0["release"] = 1.5 } == .invalidField("release", reason: "must be an integer, got a fraction"))
    #expect(try refusal { $0["release"] = true }.check == "field")
    #expect(try refusal { $0["release"] = 0 } == .invalidField("release", reason: "must be 1 or more, got 0"))
    #expect(try refusal { $0["name"] = "../escape" }.check == "field")
    #expect(try refusal { $0["script"] = 42 }.check == "field")
    #expect(try refusal { $0["runtime"] = "" }.check == "field")
    #expect(try refusal { $0["runtime"] = "a/b" }.check == "field")
  }

  /// JSON readers keep one value of a key written twice: a package naming a field twice is refused
  /// (however the second spelling escapes it), so the bytes a reviewer reads are the bytes that run.
  @Test func aKeyWrittenTwiceIsRefused() throws {
    let text = String(decoding: try F.bytes(release: 2), as: UTF8.self)
    for second in [#""script": "x","#, #""scr\u0069pt": "x","#, #""release": 3,"#] {
      let doubled = text.replacingOccurrences(of: "{", with: "{" + second, options: [], range: text.range(of: "{"))
      let error = try #require(throws: RulePackageError.self) { try RulePackage(data: Data(doubled.utf8)) }
      #expect(error.check == "json", "\(error)")
      #expect(error.description.contains("appears twice"), "\(error)")
    }
    // A key repeated inside a nested value is not a package field.
    #expect(PackageKeys.firstDuplicateTopLevelKey(in: Data(#"{"a": {"b": 1, "b": 2}, "c": [{"a": 1}]}"#.utf8)) == nil)
  }

  @Test func bytesThatAreNotUTF8AndHugeReleasesGetTheirOwnMessages() throws {
    var bytes = try F.bytes(release: 2)
    bytes.insert(0xFF, at: 10)
    let error = try #require(throws: RulePackageError.self) { try RulePackage(data: bytes) }
    #expect(error == .malformed(reason: "not UTF-8 text (an invalid byte at offset 10)"))
    let text = String(decoding: try F.bytes(release: 2), as: UTF8.self)
      .replacingOccurrences(of: #""release" : 2"#, with: #""release" : 99999999999999999999"#)
    let huge = try #require(throws: RulePackageError.self) { try RulePackage(data: Data(text.utf8)) }
    #expect(huge.description.contains("an integer too large"), "\(huge)")
  }

  /// The runtime is signed: a package moved to another runtime fails its signature.
  @Test func theRuntimeIsSigned() throws {
    var object = try F.object(try F.bytes(release: 2))
    object["runtime"] = "2.0"
    let package = try RulePackage(data: try F.data(object))
    #expect(throws: RulePackageError.badSignature(keyID: F.key.publicKey.keyID)) {
      try package.verify(pinnedKeys: [F.key.publicKey])
    }
  }

  @Test func aChangedScriptFailsTheDigest() throws {
    var object = try F.object(try F.bytes(release: 2))
    object["script"] = F.newer + "\n-- changed"
    let data = try F.data(object)
    let error = try #require(throws: RulePackageError.self) { try RulePackage(data: data) }
    guard case .digestMismatch = error else { Issue.record("expected a digest mismatch, got \(error)"); return }
    #expect(error.check == "sha256")
  }

  /// A bit flipped in anything signed fails the signature, even with the digest fixed up.
  @Test func aBitFlippedInScriptReleaseNameOrSignatureFailsTheSignature() throws {
    let package = try F.package(release: 5)
    let object = try F.object(package.encoded())
    func flipped(_ edit: (inout [String: Any]) -> Void) throws -> RulePackageError {
      var edited = object
      edit(&edited)
      let read = try RulePackage(data: try F.data(edited))
      return try #require(throws: RulePackageError.self) { try read.verify(pinnedKeys: [F.key.publicKey]) }
    }
    let bad = RulePackageError.badSignature(keyID: package.keyID)
    var script = Array(F.newer.utf8)
    script[10] ^= 0x01
    let flippedScript = String(decoding: script, as: UTF8.self)
    #expect(try flipped {
      $0["script"] = flippedScript
      $0["sha256"] = RulePackage.digest(of: flippedScript)
    } == bad)
    #expect(try flipped { $0["release"] = 5 ^ 0x10 } == bad)
    #expect(try flipped { $0["name"] = "u" } == bad)
    var signature = try #require(Data(base64Encoded: package.signature))
    signature[0] ^= 0x01
    #expect(try flipped { $0["signature"] = signature.base64EncodedString() } == bad)
    #expect(try flipped { $0["signature"] = "not base64!" } == bad)
  }

  @Test func aKeyThatIsNotPinnedIsUnknown() throws {
    let package = try F.package(release: 1, key: F.otherKey)
    #expect(throws: RulePackageError.unknownKey(keyID: F.otherKey.publicKey.keyID)) {
      try package.verify(pinnedKeys: [F.key.publicKey])
    }
    // A package naming a pinned key but signed by another one.
    var object = try F.object(package.encoded())
    object["keyID"] = F.key.publicKey.keyID
    let forged = try RulePackage(data: try F.data(object))
    #expect(throws: RulePackageError.badSignature(keyID: F.key.publicKey.keyID)) {
      try forged.verify(pinnedKeys: [F.key.publicKey])
    }
  }

  @Test func keysRoundTripThroughTheirText() throws {
    let key = RuleSigningKey()
    let restored = try RuleSigningKey(text: key.text)
    #expect(restored.publicKey == key.publicKey)
    #expect(try RulePublicKey(text: key.publicKey.text) == key.publicKey)
    #expect(key.publicKey.text.hasPrefix("tabflow-ed25519-public "))
    #expect(throws: RuleKeyError.self) { try RulePublicKey(text: key.text) }
    #expect(throws: RuleKeyError.self) { try RuleSigningKey(text: key.publicKey.text) }
    #expect(throws: RuleKeyError.self) { try RulePublicKey(text: "tabflow-ed25519-public AAAA") }
    #expect(throws: RuleKeyError.self) { try RulePublicKey(text: "") }
    #expect(throws: RuleKeyError.self) { try RulePublicKey(rawRepresentation: Data(count: 31)) }
  }

  @Test func everyErrorNamesItsCheck() {
    let script = ScriptError(.syntax, "t.lua:1: unexpected symbol")
    let errors: [(RulePackageError, String)] = [
      (.malformed(reason: "x"), "json"), (.unknownFormat("x"), "format"), (.unsupportedVersion(2), "version"),
      (.missingField("name"), "field"), (.invalidField("name", reason: "x"), "field"),
      (.digestMismatch(declared: "a", actual: "b"), "sha256"), (.unknownKey(keyID: "k"), "key"),
      (.badSignature(keyID: "k"), "signature"), (.notNewer(release: 1, installed: 2), "release"),
      (.rejectedRelease(3), "release"), (.scriptFailed(script), "script"), (.incompatible(script), "compatibility"),
      (.storage(path: "/x", reason: "y"), "storage"),
    ]
    for (error, check) in errors {
      #expect(error.check == check)
      #expect(error.description.hasPrefix(check + ": "))
    }
  }
}
