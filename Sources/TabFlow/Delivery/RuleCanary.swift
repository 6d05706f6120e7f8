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
  public init(maxFailures: Int, outOf firstActions: Int) {
    self.maxFailures = max(0, maxFailures)
    self.firstActions = max(1, firstActions)
  }
}

/// What the canary knows while it watches a release.
struct CanaryWatch {
  /// The release being watched.
  let release: Int
  /// The rules to go back to.
  let previous: RunningRules
  /// The limits it was started with.
  let canary: RuleCanary
  /// Actions seen so far.
  var actions = 0
  /// The failed actions so far, described.
  var failures: [String] = []

  /// Whether `failure` is the rules' fault.
  static func counts(_ failure: BatchFailure) -> Bool {
    switch failure.reason {
    case .ruleFailed, .invalidCommand, .redirectLoop: return true
    case .rejected, .noDeepLinkMatch: return false
    }
  }

  /// Whether `action` is one the canary counts.
  static func counts<Screen, ScreenAction>(_ action: TabCoordinatorAction<Screen, ScreenAction>) -> Bool {
    switch action {
    case .delegate, .setContext, .cancelPendingLink, .adoptReloaded: return false
    case .router, .tabTapped, .back, .openURL, .perform: return true
    }
  }
}

/// The rules running now, enough to load them again: the bundled script (release 0) or a package.
struct RunningRules {
  let release: Int
  let source: String
  let chunk: String
}
