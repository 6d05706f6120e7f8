import TabFlowNavigation

/// Something a batch did that the host app may want to react to; delivered as a delegate action.
public enum NavigationReport: Hashable, Sendable, CustomStringConvertible {
  /// The selected tab was tapped again and its stack was popped to the root.
  case poppedToRoot(TabID)
  /// The selected tab was tapped again while already at its root (hosts scroll to top).
  case reselectedAtRoot(TabID)
  /// The selected tab was tapped again and its policy is `none`.
  case reselected(TabID)
  /// A rule emitted an event for the host.
  case event(NavigationEvent)
  /// A rule, deep link or host command selected a tab the user had hidden: it is shown again
  /// (in its place in the user's order) and selected.
  case tabShown(TabID)
  /// A guard redirected the batch: what happened is the redirect's batch.
  case redirected(guard: String, reason: String)
  /// A guard deferred a deep link: it is the state's `pendingLink` now, opened once allowed.
  case linkDeferred(url: String, guard: String, reason: String)
  /// The pending deep link was allowed and opened.
  case pendingLinkOpened(String)
  /// The pending deep link can no longer open (its handler failed or nothing matches it) and
  /// was dropped; the reason says why.
  case pendingLinkDropped(url: String, reason: String)
  /// A guard redirected an in-app action and asked to resume it: the action's batch (from
  /// `source`) is the state's `pendingResume` now, re-sent once the guards allow it.
  case resumeKept(source: String, guard: String, reason: String)
  /// The pending resume was allowed and its batch applied.
  case resumed(source: String)
  /// The pending resume can no longer apply (a command failed, or the route that sent it left)
  /// and was dropped; the reason says why.
  case resumeDropped(source: String, reason: String)
  /// A rule package's canary saw the new rules fail too often (`RuleDelivery`): the rules of
  /// `restoredRelease` (0: the bundled script) run again, `release` is remembered as rejected,
  /// and `failures` are the failed actions that decided it. `navigationKept` is `false` when
  /// some navigation had to go: tabs the restored rules do not declare, and every stack cut
  /// before the first screen they do not declare.
  case rulesRolledBack(release: Int, restoredRelease: Int, failures: [String], navigationKept: Bool)

  /// A short form for logs and the CLI.
  public var description: String {
    switch self {
    case let .poppedToRoot(tab): return "poppedToRoot(\(tab))"
    case let .reselectedAtRoot(tab): return "reselectedAtRoot(\(tab))"
    case let .reselected(tab): return "reselected(\(tab))"
    case let .event(event): return "event \(event)"
    case let .tabShown(tab): return "showed hidden tab \(tab)"
    case let .redirected(name, reason): return "redirected by \(BatchFailure.guardLabel(name)): \(reason)"
    case let .linkDeferred(url, name, reason):
      return "deferred \(url) (\(BatchFailure.guardLabel(name)): \(reason))"
    case let .pendingLinkOpened(url): return "opened pending link \(url)"
    case let .pendingLinkDropped(url, reason): return "dropped pending link \(url): \(reason)"
    case let .resumeKept(source, name, reason):
      return "kept \(source) to resume (\(BatchFailure.guardLabel(name)): \(reason))"
    case let .resumed(source): return "resumed \(source)"
    case let .resumeDropped(source, reason): return "dropped resume of \(source): \(reason)"
    case let .rulesRolledBack(release, restored, failures, kept):
      return "rolled back rule release \(release) to \(restored == 0 ? "the bundled rules" : "release \(restored)") "
        + "after \(failures.count) failed actions" + (kept ? "" : " (navigation the restored rules do not declare was dropped)")
    }
  }
}
