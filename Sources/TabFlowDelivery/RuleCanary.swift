/// How a newly installed rule package is watched: if its rules fail in more than
/// ``maxFailures`` of their first ``firstActions`` actions, the previous rules come back by
/// themselves (``RuleDelivery``).
///
/// A failure is what the rules got wrong — a rule error, an exhausted budget or memory cap, an
/// invalid command, a redirect loop, a Lua guard that raised an error (which the host sees as a
/// rejection). A guard's rejection is not (it is the rules working), nor is a deep link no
/// pattern matches (the input is wrong). Every coordinator action counts as one of
/// the first actions except delegate actions, `setContext`, `cancelPendingLink` and
/// `adoptReloaded`.
public struct RuleCanary: Hashable, Sendable {
  /// How many failed actions are tolerated; one more rolls back.
  public var maxFailures: Int
  /// How many actions the canary watches; after these, the release is trusted.
  public var firstActions: Int

  /// Rolls back when more than `maxFailures` of the first `firstActions` actions fail.
  /// `maxFailures` is at most 999 (the floor keeps the failures it counted).
  public init(maxFailures: Int, outOf firstActions: Int) {
    self.maxFailures = min(max(0, maxFailures), RuleFloor.maximumFailures - 1)
    self.firstActions = max(1, firstActions)
  }

  /// The same canary with its limits within range (a caller may set the properties directly).
  var clamped: RuleCanary { RuleCanary(maxFailures: maxFailures, outOf: firstActions) }
}
