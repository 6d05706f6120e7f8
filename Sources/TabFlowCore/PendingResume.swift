import TabFlowNavigation

/// An in-app action a guard redirected and asked to resume (``GuardVerdict/redirectResuming(_:reason:)``,
/// a Lua guard's `{ redirect = …, resume = true }`): its batch, re-sent once the guards allow it.
///
/// Only the newest is kept. It is dropped when the route that sent the action leaves, when the
/// host cancels it (``TabCoordinatorAction/cancelPendingLink``), or when re-sending it fails.
/// It is state: saved with the navigation and explored by `flowscript check`.
public struct PendingResume<Screen> {
  /// The batch's commands, each stack command addressed to the tab it went to (like a
  /// ``RejectedBatch``'s), so re-sending them goes to the same tabs.
  public let commands: [NavigationCommand<Screen>]
  /// Where the batch came from (`rule item.buyTapped`): re-sent from there, and named in reports.
  public let source: BatchSource
  /// The route whose screen sent the action, when a screen did: the resume is dropped when it
  /// leaves. Identity, not value: `==` leaves it out, as stacks leave route IDs out.
  public internal(set) var route: RouteID?

  /// A resume of `commands`, from `source`, sent by the screen of `route` (if any).
  public init(commands: [NavigationCommand<Screen>], source: BatchSource, route: RouteID? = nil) {
    self.commands = commands
    self.source = source
    self.route = route
  }
}

extension PendingResume: Equatable where Screen: Equatable {
  /// Resumes are equal when their commands and sources are; route IDs are identity, not value
  /// (the route's, and a screen action's source's), as in stacks.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.commands == rhs.commands else { return false }
    if case let .screenAction(lhsTab, _) = lhs.source, case let .screenAction(rhsTab, _) = rhs.source {
      return lhsTab == rhsTab
    }
    return lhs.source == rhs.source
  }
}
extension PendingResume: Sendable where Screen: Sendable {}
