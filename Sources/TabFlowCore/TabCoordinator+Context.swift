import Logging
import TabFlowNavigation

/// A context change: the rules' `on_context` batch, then the pending link and resume retried.
extension TabCoordinator {
  /// Sets a context value. When it changes, the rules' batch for the key
  /// (``NavigationRules/contextBatch(for:value:in:)``) runs through the guards like any other,
  /// its un-addressed commands going to the selected tab; then the pending deep link and the
  /// pending resume are tried again (once: a committed batch already tried them).
  @inlinable
  func setContext(
    _ key: String, to value: FlowValue?, state: inout State
  ) -> [TabCoordinatorDelegate<Rules.Screen>] {
    let changed = state.context[key] != value
    state.context[key] = value
    var outputs: [TabCoordinatorDelegate<Rules.Screen>] = []
    if changed, rules.reacts(toContext: key) {
      let batch: NavigationBatch<Rules.Screen>?
      do {
        batch = try rules.contextBatch(for: key, value: value, in: state)
      } catch {
        batch = nil
        outputs = failed(BatchError(BatchFailure(
          source: .rule("on_context \(key)"), reason: .ruleFailed(RuleFailure(error)))))
      }
      if let batch {
        var applied = false
        let tab = state.selectedTab
        outputs = commit(batch.source, &state) { state throws(BatchError<Rules.Screen>) in
          do throws(BatchError<Rules.Screen>) {
            let performed = try state.performApply(batch.commands, source: batch.source, guards: guards, defaultTab: tab)
            applied = true
            return performed
          } catch {
            throw error.located(batch.location)
          }
        }
        // A committed batch has tried the pending link and resume again.
        if applied { return outputs }
      }
    }
    outputs += retryPendingLink(&state)
    if state.pendingResume != nil {
      outputs += followUpPendingResume(&state, retrying: true)
    }
    return outputs
  }

  /// After a batch: drops the pending resume when its route has left, otherwise (when
  /// `retrying`) sends it again.
  @inlinable
  func followUpPendingResume(
    _ state: inout State, retrying: Bool
  ) -> [TabCoordinatorDelegate<Rules.Screen>] {
    if let source = state.dropPendingResumeIfItsRouteLeft() {
      logger.debug("dropped the resume of \(source): its route left")
      return [.report(.resumeDropped(source: source.description, reason: "the route that sent it left"))]
    }
    guard retrying else { return [] }
    switch state.retryPendingResume(guards: guards) {
    case nil:
      return []
    case let .success(performed)?:
      logger.debug("resumed: \(performed.commands.map(\.description).joined(separator: "; "))")
      return performed.reports.map { .report($0) }
    case let .failure(failure)?:
      logger.notice("dropped the pending resume: \(failure)")
      return [.report(.resumeDropped(source: failure.source.description, reason: failure.message))]
    }
  }
}
