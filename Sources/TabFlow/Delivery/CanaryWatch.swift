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
