/// What an app remembers about the rule releases it has taken, so that no older package comes
/// back: the highest release it ran and kept (an installed package, one taken at launch, or the
/// bundled script's release), the releases the canary rolled back, the release a rollback
/// restored, the canary's watch of the highest release, and the kill switch.
///
/// ``RuleDelivery`` keeps it in two copies in its package folder, so losing or corrupting one
/// file cannot lower it, and merges in a floor the host passes — kept somewhere a wiped folder
/// does not reach, such as the keychain:
///
/// ```swift
/// let delivery = try RuleDelivery<Screen, Action>(…, floor: keychain.ruleFloor)
/// // after install(_:keeping:), a rollback report, and the kill switch:
/// keychain.ruleFloor = delivery.floor
/// ```
///
/// **It never goes down.** A rollback keeps ``highestRelease``, adds the rolled-back release to
/// ``rejectedReleases`` and records the release it brought back (``restoredRelease``). At launch
/// only a package at or above ``highestRelease`` (the one installed, or a newer one whose floor
/// was not yet written) or exactly ``restoredRelease`` may run; an install needs a release above
/// ``highestRelease``. Merging copies (``merging(_:)``) gives the floor that allows only what
/// every copy allows, so a copy someone edited can make the app more conservative, never less.
public struct RuleFloor: Hashable, Sendable {
  /// The highest release the app has run and kept. It never decreases.
  public var highestRelease: Int
  /// The releases the canary rolled back; never taken again.
  public var rejectedReleases: Set<Int>
  /// The release the last rollback brought back (below ``highestRelease``): allowed at launch
  /// though it is below the floor. `0` or the bundled release means the bundled script. Cleared
  /// when a newer release is installed.
  public var restoredRelease: Int?
  /// While a canary watches ``highestRelease``: the release it goes back to on failure (`0`:
  /// the bundled script). `nil` when no canary watches it.
  public var canaryPreviousRelease: Int?
  /// The failures the canary has counted against ``highestRelease`` while it watches.
  public var canaryFailures: [String]
  /// Whether the host's kill switch is on: the bundled rules run and no package is taken until
  /// the host lifts it (``RuleDelivery/liftKillSwitch()``).
  public var killSwitch: Bool

  /// A floor: nothing below `highestRelease` (but `restoredRelease` at launch), nothing in
  /// `rejectedReleases`.
  public init(
    highestRelease: Int = 0, rejectedReleases: Set<Int> = [], restoredRelease: Int? = nil,
    canaryPreviousRelease: Int? = nil, canaryFailures: [String] = [], killSwitch: Bool = false
  ) {
    self.highestRelease = highestRelease
    self.rejectedReleases = rejectedReleases
    self.restoredRelease = restoredRelease
    self.canaryPreviousRelease = canaryPreviousRelease
    self.canaryFailures = canaryFailures
    self.killSwitch = killSwitch
  }

  /// Whether a package of `release` may run at launch: not rolled back, and at or above the
  /// highest release, or exactly the restored one.
  public func allowsAtLaunch(_ release: Int) -> Bool {
    !rejectedReleases.contains(release) && (release >= highestRelease || release == restoredRelease)
  }

  /// The floor that allows only what both allow: the higher release, both rejected sets, a
  /// restored release only if both allow it at launch, the watch of the higher release (both
  /// watches' failures when they watch the same release; going back to the bundled script when
  /// they disagree where to), and the kill switch if either has it on.
  public func merging(_ other: RuleFloor) -> RuleFloor {
    var merged = RuleFloor(
      highestRelease: max(highestRelease, other.highestRelease),
      rejectedReleases: rejectedReleases.union(other.rejectedReleases),
      killSwitch: killSwitch || other.killSwitch)
    merged.restoredRelease = [restoredRelease, other.restoredRelease].compactMap { $0 }
      .first { restored in
        restored < merged.highestRelease && !merged.rejectedReleases.contains(restored)
          && allowsAtLaunch(restored) && other.allowsAtLaunch(restored)
      }
    let watches = [self, other].filter { $0.highestRelease == merged.highestRelease && $0.canaryPreviousRelease != nil }
    if let first = watches.first {
      let previous = watches.allSatisfy { $0.canaryPreviousRelease == first.canaryPreviousRelease }
        ? first.canaryPreviousRelease : 0
      merged.canaryPreviousRelease = previous
      merged.canaryFailures = watches.map(\.canaryFailures).max { $0.count < $1.count } ?? []
    }
    return merged
  }
}

extension RuleFloor: Codable {
  /// Bounds on what a floor read back may hold (it is unsigned: whatever wrote the folder may
  /// have written it): a copy outside them is not a floor.
  static let maximumRejectedReleases = 10_000
  static let maximumFailures = 1_000
  static let maximumFailureLength = 1_024

  /// `failure` as the floor keeps it: at most ``maximumFailureLength`` bytes of UTF-8.
  static func shortenedFailure(_ failure: String) -> String {
    guard failure.utf8.count > maximumFailureLength else { return failure }
    var kept = ""
    for character in failure {
      guard kept.utf8.count + character.utf8.count + 3 <= maximumFailureLength else { break }
      kept.append(character)
    }
    return kept + "…"
  }

  private enum CodingKeys: String, CodingKey {
    case highestRelease, rejectedReleases, restoredRelease, canaryPreviousRelease, canaryFailures, killSwitch
  }

  /// Reads a floor, range-checking every number: a release below 0 (a rejected one below 1), a
  /// restored or previous release at or above the highest, too many entries or too long a
  /// failure is an error. Fields later versions added may be absent (an older copy).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let highest = try container.decode(Int.self, forKey: .highestRelease)
    let rejected = try container.decodeIfPresent([Int].self, forKey: .rejectedReleases) ?? []
    let restored = try container.decodeIfPresent(Int.self, forKey: .restoredRelease)
    let previous = try container.decodeIfPresent(Int.self, forKey: .canaryPreviousRelease)
    let failures = try container.decodeIfPresent([String].self, forKey: .canaryFailures) ?? []
    let killSwitch = try container.decodeIfPresent(Bool.self, forKey: .killSwitch) ?? false
    func refuse(_ key: CodingKeys, _ why: String) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: why)
    }
    guard highest >= 0 else { throw refuse(.highestRelease, "below 0") }
    guard rejected.count <= Self.maximumRejectedReleases, rejected.allSatisfy({ $0 >= 1 }) else {
      throw refuse(.rejectedReleases, "more than \(Self.maximumRejectedReleases) releases, or one below 1")
    }
    for (key, release) in [(CodingKeys.restoredRelease, restored), (.canaryPreviousRelease, previous)] {
      if let release, !(0..<highest).contains(release) { throw refuse(key, "not in 0..<\(highest)") }
    }
    guard failures.count <= Self.maximumFailures, failures.allSatisfy({ $0.utf8.count <= Self.maximumFailureLength }) else {
      throw refuse(.canaryFailures, "too many failures, or one too long")
    }
    self.init(
      highestRelease: highest, rejectedReleases: Set(rejected), restoredRelease: restored,
      canaryPreviousRelease: previous, canaryFailures: failures, killSwitch: killSwitch)
  }

  /// Writes the floor; the rejected releases in increasing order (the same floor, the same bytes).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(highestRelease, forKey: .highestRelease)
    try container.encode(rejectedReleases.sorted(), forKey: .rejectedReleases)
    try container.encodeIfPresent(restoredRelease, forKey: .restoredRelease)
    try container.encodeIfPresent(canaryPreviousRelease, forKey: .canaryPreviousRelease)
    if !canaryFailures.isEmpty { try container.encode(canaryFailures, forKey: .canaryFailures) }
    if killSwitch { try container.encode(killSwitch, forKey: .killSwitch) }
  }
}
