/// What an app remembers about the rule releases it has taken, so that no older package comes
/// back: the highest release it ran and kept (an installed package, one taken at launch, or the
/// bundled script's release), and the releases the canary rolled back.
///
/// ``RuleDelivery`` keeps it in two copies in its package folder, so losing or corrupting one
/// file cannot lower it, and merges in a floor the host passes — kept somewhere a wiped folder
/// does not reach, such as the keychain:
///
/// ```swift
/// let delivery = try RuleDelivery<Screen, Action>(…, floor: keychain.ruleFloor)
/// // after install(_:keeping:) and after a rollback report:
/// keychain.ruleFloor = delivery.floor
/// ```
///
/// A package is taken only when its release is above ``highestRelease`` (at launch, at least
/// it: the release that was running) and not among ``rejectedReleases``.
public struct RuleFloor: Codable, Hashable, Sendable {
  /// The highest release the app has run and kept.
  public var highestRelease: Int
  /// The releases the canary rolled back; never taken again.
  public var rejectedReleases: Set<Int>

  /// A floor: nothing at or below `highestRelease`, nothing in `rejectedReleases`.
  public init(highestRelease: Int = 0, rejectedReleases: Set<Int> = []) {
    self.highestRelease = highestRelease
    self.rejectedReleases = rejectedReleases
  }

  /// The floor that refuses everything either refuses: the higher release, both sets.
  public func merging(_ other: RuleFloor) -> RuleFloor {
    RuleFloor(
      highestRelease: max(highestRelease, other.highestRelease),
      rejectedReleases: rejectedReleases.union(other.rejectedReleases))
  }
}
