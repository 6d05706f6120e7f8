/// A batch a guard rejected, whole: what it would have done and which guard stopped it. The
/// state is unchanged. A host that asks the user ("discard your changes?") re-sends it with
/// ``TabCoordinatorAction/confirm(_:)``, which skips exactly that guard once.
///
/// Whatever made the batch — the back button, a swipe (`updateRoutes`), a tab reselect, a rule,
/// a deep link — its commands are addressed so that re-sending them as a host batch does the same
/// thing (a rule's un-addressed commands carry the tab of the route that sent the action).
///
/// ```swift
/// case let .delegate(.rejected(batch)) where batch.guardName == "unsavedChanges":
///   state.confirmation = batch          // ask; on "Discard": store.send(.confirm(batch))
/// ```
public struct RejectedBatch<Screen> {
  /// The commands the batch consisted of.
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
}

extension RejectedBatch: Equatable where Screen: Equatable {}
extension RejectedBatch: Sendable where Screen: Sendable {}

extension RejectedBatch: CustomStringConvertible {
  /// The failure's description, e.g. `back: rejected by guard 'unsavedChanges': discard your draft?`.
  public var description: String { failure.description }
}

/// A failed batch inside the coordinator: the failure, and the whole batch when a guard rejected
/// it (the public API throws only the failure). Thrown and caught synchronously within one
/// reducer call, never sent across concurrency domains, hence `@unchecked Sendable` for screens
/// that are not `Sendable`.
@usableFromInline
struct BatchError<Screen>: Error, @unchecked Sendable {
  @usableFromInline let failure: BatchFailure
  @usableFromInline let rejected: [NavigationCommand<Screen>]?

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
