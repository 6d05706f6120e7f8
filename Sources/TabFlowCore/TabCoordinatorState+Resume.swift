import TabFlowNavigation

/// The pending resume (``PendingResume``): kept by a guard's redirect, re-sent after each context
/// change and applied batch until the guards allow it, dropped when its route leaves.
extension TabCoordinatorState {
  /// Keeps `resume` as the pending resume (the newest replaces any other).
  @usableFromInline
  package mutating func setPendingResume(_ resume: PendingResume<Screen>) {
    pendingResume = resume
  }

  /// Forgets the pending resume, if any.
  public mutating func cancelPendingResume() {
    pendingResume = nil
  }

  /// Notes that the pending resume a batch just kept was sent by the screen of `route`: it is
  /// dropped when that route leaves.
  @usableFromInline
  package mutating func attachPendingResume(to route: RouteID) {
    pendingResume?.route = route
  }

  /// Drops the pending resume when the route that sent it has left every tab; the resume's
  /// source when it was dropped.
  @inlinable
  mutating func dropPendingResumeIfItsRouteLeft() -> BatchSource? {
    guard let resume = pendingResume, let route = resume.route, !contains(routeID: route) else { return nil }
    cancelPendingResume()
    return resume.source
  }

  /// Re-sends the pending resume. Returns `nil` when there is none or a guard still objects (it
  /// stays pending); otherwise it is no longer pending, and the result is what applying it did
  /// (ending with ``NavigationReport/resumed(source:)``) or why it was dropped.
  @inlinable
  mutating func retryPendingResume(guards: [NavigationGuard<Screen>]) -> Result<PerformedBatch, BatchFailure>? {
    guard let resume = pendingResume else { return nil }
    // A retry the guards still refuse reaches no host: it is no rejection to confirm.
    let confirmable = self.confirmable
    do {
      var performed = try performApply(
        resume.commands, source: resume.source, guards: guards, defaultTab: nil, overruling: false)
      cancelPendingResume()
      performed.reports.append(.resumed(source: resume.source.description))
      return .success(performed)
    } catch {
      if case .rejected = error.failure.reason {
        self.confirmable = confirmable
        return nil
      }
      cancelPendingResume()
      return .failure(error.failure)
    }
  }
}

extension TabCoordinatorState.PerformedBatch {
  /// Whether a guard kept a resume in this batch (no retry right after it).
  @usableFromInline package var keptAResume: Bool {
    reports.contains { if case .resumeKept = $0 { true } else { false } }
  }
}
