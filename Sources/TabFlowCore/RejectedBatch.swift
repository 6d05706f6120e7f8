import TabFlowNavigation

/// A batch a guard rejected, whole: what it would have done and which guard stopped it. The
/// state is unchanged. When the guard asked (``asks``, ``GuardVerdict/ask(_:)``), a host that
/// asks the user ("discard your changes?") re-sends it with ``TabCoordinatorAction/confirm(_:)``,
/// which skips exactly that guard once; a guard that blocks (``GuardVerdict/reject(_:)``) cannot
/// be overridden, and its confirmation fails with
/// ``/TabFlowNavigation/NavigationError/blockedConfirmation(guard:reason:)``.
///
/// **Addressed commands.** Whatever made the batch — the back button, a swipe (`updateRoutes`),
/// a tab reselect, a rule, a deep link's handler, a guard's redirect — every stack command in
/// ``commands`` is wrapped in `.tab(id, command)` for the tab it was applied to: a rule's
/// un-addressed commands carry the tab of the route that sent the action, anyone else's the tab
/// that was selected when the command ran (after any `selectTab` before it in the batch). So
/// re-sending them goes to the same tabs whichever tab the user has selected since.
///
/// **Only the last rejection, only while nothing has changed.** A confirmation is refused —
/// `.delegate(.failed(failure))` with ``BatchFailure/isStaleConfirmation`` set
/// (``/TabFlowNavigation/NavigationError/staleConfirmation(guards:reason:)``), the state unchanged — unless the
/// batch is the last one a guard rejected and the coordinator's state has not changed since.
/// Changed means any of: a batch applied (from any source, even one that changed nothing, such
/// as a reselect at the root; a confirmed batch too, so a batch is confirmed at most once); a
/// screen updated in place (`updateScreen`, which `forEachRoute` runs for every screen action,
/// whether or not the screen's reducer changed it); the UI's routes adopted; a context, back
/// behaviour or pending-link write; another batch rejected. A state restored, decoded or migrated
/// by a reload has nothing to confirm. A batch that failed (an invalid command, a rule error, a
/// URL no pattern matches) changed nothing and does not count. The host's "Discard?" alert can
/// outlive what it was about: confirming then does nothing the user did not agree to.
///
/// ```swift
/// case let .delegate(.rejected(batch)) where batch.asks:
///   state.confirmation = batch          // ask; on "Discard": store.send(.confirm(batch))
/// case let .delegate(.failed(failure)) where failure.isStaleConfirmation:
///   state.confirmation = nil            // the screen moved on; the user can go back again
/// ```
public struct RejectedBatch<Screen> {
  /// The commands the batch consisted of, each stack command addressed to its tab.
  public let commands: [NavigationCommand<Screen>]
  /// Where the batch came from, the rejecting guard and its reason.
  public let failure: BatchFailure

  /// A rejected batch.
  public init(commands: [NavigationCommand<Screen>], failure: BatchFailure) {
    self.commands = commands
    self.failure = failure
  }

  /// The name of the guard that rejected the batch (`guard #N` for a script's unnamed guard).
  public var guardName: String {
    if case let .rejected(name, _) = failure.reason { return name }
    return ""
  }

  /// The guard's reason.
  public var reason: String { failure.message }

  /// Whether the guard asked (``GuardVerdict/ask(_:)``): the host may put ``reason`` to the user
  /// as a question and re-send the batch confirmed. A batch whose guard blocks cannot be
  /// confirmed.
  public var asks: Bool { failure.asks }
}

extension RejectedBatch: Equatable where Screen: Equatable {}
extension RejectedBatch: Sendable where Screen: Sendable {}

extension RejectedBatch: CustomStringConvertible {
  /// The failure's description, e.g. `back: rejected by guard 'unsavedChanges': discard your draft?`.
  public var description: String { failure.description }
}

/// The last batch a guard rejected, as a confirmation must repeat it: its addressed commands,
/// and the guards a confirmation may skip — the one that rejected it and those already confirmed
/// for these commands (the user agreed to each). Kept in the state until it changes
/// (``TabCoordinatorState/confirmable``).
@usableFromInline
package struct ConfirmableRejection<Screen> {
  @usableFromInline package let commands: [NavigationCommand<Screen>]
  @usableFromInline package let guards: Set<String>
  /// The guard that blocked the batch and its reason, when it did not ask: a confirmation is
  /// then refused, saying so.
  @usableFromInline package let block: (guardName: String, reason: String)?

  @usableFromInline
  package init(
    commands: [NavigationCommand<Screen>], guards: Set<String>, block: (guardName: String, reason: String)? = nil
  ) {
    self.commands = commands
    self.guards = guards
    self.block = block
  }
}

extension ConfirmableRejection: Sendable where Screen: Sendable {}

/// A failed batch inside the coordinator: the failure, and the whole batch when a guard rejected
/// it (the public API throws only the failure). Thrown and caught synchronously within one
/// reducer call, never sent across concurrency domains, hence `@unchecked Sendable` for screens
/// that are not `Sendable`.
@usableFromInline
package struct BatchError<Screen>: Error, @unchecked Sendable {
  @usableFromInline package let failure: BatchFailure
  @usableFromInline package let rejected: [NavigationCommand<Screen>]?

  @inlinable
  init(_ failure: BatchFailure, rejected: [NavigationCommand<Screen>]? = nil) {
    self.failure = failure
    self.rejected = rejected
  }

  /// With `location` set on the failure (where in a script the batch was made), unless the
  /// failure already says where it happened (a guard's redirect command, at the guard).
  @inlinable
  func located(_ location: String?) -> BatchError {
    guard let location, failure.location == nil else { return self }
    var failure = failure
    failure.location = location
    return BatchError(failure, rejected: rejected)
  }
}
