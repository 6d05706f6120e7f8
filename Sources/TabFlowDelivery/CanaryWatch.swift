import TabFlowCore

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

  /// Whether `failure` is the fault of the rules being watched — and not of whatever the input
  /// was: a rule error, an exhausted budget or memory cap, a command a rule, handler or guard's
  /// redirect queued (a batch made by the script carries its location), a redirect loop. A back
  /// gesture at a tab's root, a tap on an unknown tab, a host's command, a URL no pattern matches
  /// or that a link or handler refuses (``/TabFlowCore/DeepLinkHandlerError``) are input any outsider can send:
  /// they never count, or anyone could roll a correct release back.
  static func counts(_ failure: BatchFailure) -> Bool {
    switch failure.reason {
    case let .ruleFailed(rule): return !rule.refusesInput
    case .invalidCommand: return failure.location != nil
    case .redirectLoop: return true
    case .rejected, .noDeepLinkMatch: return false
    }
  }

  /// Whether `action` is one the canary counts.
  static func counts<Screen, ScreenAction>(_ action: TabCoordinatorAction<Screen, ScreenAction>) -> Bool {
    switch action {
    case .delegate, .setContext, .cancelPendingLink, .adoptReloaded, .customizeTabs: return false
    case .router, .tabTapped, .back, .openURL, .perform: return true
    }
  }

  /// What the folder keeps of it (`canary.json`), so a relaunch resumes the count; its limits,
  /// failures and previous release are the app's and the floor's.
  var record: CanaryRecord {
    CanaryRecord(release: release, actions: actions)
  }
}

/// The canary's count as the package folder keeps it (`canary.json`): a release is watched for
/// its first actions whenever they happen, across relaunches. Nothing else is kept there — the
/// folder is unsigned, and whatever wrote it could otherwise steer a release: the limits come
/// from the app's ``RuleCanary``, the failures and the release to go back to from the
/// ``RuleFloor``, and a count outside `0...firstActions` is discarded.
struct CanaryRecord: Codable, Hashable {
  /// The release watched.
  var release: Int
  /// Actions counted so far.
  var actions: Int

  /// The count, if this record is one for `release` within `0...firstActions`; `nil` otherwise
  /// (the watch then starts again).
  func count(for release: Int, firstActions: Int) -> Int? {
    guard self.release == release, (0...firstActions).contains(actions) else { return nil }
    return actions
  }
}
