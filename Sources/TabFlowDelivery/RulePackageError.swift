import TabFlowLua

/// Why a rule package was refused. Each case is one check; whichever fails, the running rules and
/// the navigation state are exactly as they were.
///
/// None of these is for the app's user: log it, report it to the team that ships packages, and
/// keep running (the running rules are fine).
public enum RulePackageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not a JSON object, or are larger than ``RulePackage/maximumSize``.
  case malformed(reason: String)
  /// `format` is not `tabflow.rules`.
  case unknownFormat(String)
  /// `version` is not one this TabFlow reads (``RulePackage/version``).
  case unsupportedVersion(Int)
  /// A required field is absent.
  case missingField(String)
  /// A field has the wrong type or an unusable value (a release below 1, a name with a slash …).
  case invalidField(String, reason: String)
  /// `sha256` is not the SHA-256 of the script's bytes: the script was changed after packing.
  case digestMismatch(declared: String, actual: String)
  /// `keyID` names none of the app's pinned public keys (a rotated-out or foreign key).
  case unknownKey(keyID: String)
  /// The signature is not the pinned key's signature of these bytes: something signed was changed.
  case badSignature(keyID: String)
  /// `release` is not above the installed package's: a downgrade or a replay of an older package.
  case notNewer(release: Int, installed: Int)
  /// This release was installed before and rolled back by the canary; it is never taken again.
  case rejectedRelease(Int)
  /// The release is not above the highest release this app has taken (its ``RuleFloor``), so it
  /// is an older package replayed: refused, even when the folder that held the newer one is gone.
  case belowFloor(release: Int, highest: Int)
  /// The record of rolled-back releases could not be read, and this release is not above the
  /// highest the app has taken, so it may be one the canary rolled back: refused (fail closed).
  case floorUnreadable(release: Int, reason: String)
  /// The package is for another app runtime (``RulePackage/runtime``) than the app's.
  case otherRuntime(package: String, app: String)
  /// The script does not load in a fresh VM under the app's limits, or fails validation (a syntax
  /// error, a rule for an unknown screen, an undeclared tab …). The script error says where.
  case scriptFailed(ScriptError)
  /// The script does not fit the app: it drops a tab or screen the screen catalog or the current
  /// navigation state uses, or declares a screen the catalog has no type for.
  case incompatible(ScriptError)
  /// The host's kill switch is on (``RuleDelivery/engageKillSwitch(keeping:)``): the bundled
  /// rules run and no package installs until it is lifted.
  case killSwitchOn
  /// The package could not be read from or written to the package folder.
  case storage(path: String, reason: String)

  /// The check that failed, one word: `json`, `format`, `version`, `field`, `sha256`, `key`,
  /// `signature`, `release`, `runtime`, `script`, `compatibility`, `kill-switch`, `storage`.
  public var check: String {
    switch self {
    case .malformed: return "json"
    case .unknownFormat: return "format"
    case .unsupportedVersion: return "version"
    case .missingField, .invalidField: return "field"
    case .digestMismatch: return "sha256"
    case .unknownKey: return "key"
    case .badSignature: return "signature"
    case .notNewer, .rejectedRelease, .belowFloor, .floorUnreadable: return "release"
    case .otherRuntime: return "runtime"
    case .scriptFailed: return "script"
    case .incompatible: return "compatibility"
    case .killSwitchOn: return "kill-switch"
    case .storage: return "storage"
    }
  }

  /// One line: the check and why, e.g. `signature: not signed by pinned key 3f2a…`.
  public var description: String {
    let reason: String
    switch self {
    case let .malformed(why): reason = "not a rule package: \(why)"
    case let .unknownFormat(format): reason = "format is '\(format)', expected '\(RulePackage.format)'"
    case let .unsupportedVersion(version):
      reason = "version \(version) is not supported (this TabFlow reads version \(RulePackage.version))"
        + (version == 1 ? "; version 1 packages name no app runtime: pack it again with --runtime" : "")
    case let .missingField(field): reason = "missing field '\(field)'"
    case let .invalidField(field, why): reason = "field '\(field)' \(why)"
    case let .digestMismatch(declared, actual):
      reason = "the script's SHA-256 is \(actual), the package declares \(declared)"
    case let .unknownKey(keyID): reason = "key \(keyID) is not one of the app's pinned keys"
    case let .badSignature(keyID): reason = "the signature is not key \(keyID)'s signature of this package"
    case let .notNewer(release, installed):
      reason = "release \(release) is not above the installed release \(installed) (no downgrade or replay)"
    case let .rejectedRelease(release): reason = "release \(release) was rolled back by the canary and is not taken again"
    case let .belowFloor(release, highest):
      reason = "release \(release) is not above release \(highest), the highest this app has taken (no downgrade or replay)"
    case let .floorUnreadable(release, why):
      reason = "release \(release) may have been rolled back: the record of rolled-back releases is unreadable (\(why))"
    case let .otherRuntime(package, app):
      reason = "the package is for runtime '\(package)', this app is runtime '\(app)'"
    case let .scriptFailed(error): reason = "the script does not load: \(error)"
    case let .incompatible(error): reason = "the script does not fit the app: \(error)"
    case .killSwitchOn: reason = "the kill switch is on: the app runs its bundled rules until the host lifts it"
    case let .storage(path, why): reason = "cannot access \(path): \(why)"
    }
    return "\(check): \(reason)"
  }
}
