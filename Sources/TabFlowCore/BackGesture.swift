import TabFlowNavigation

/// Whether the system back gesture — the edge swipe and iOS 26's swipe from anywhere in the
/// content — may go back on a visible stack now, as the coordinator would decide: found by
/// trying, without committing, the `updateRoutes` the swipe would send
/// (``TabCoordinator/backGesture(in:)``).
///
/// A UI turns the gesture off when it is ``refused(_:)`` instead of letting the view pop and the
/// state snap back; the back button still sends the pop, so a host whose guard asks can ask.
public enum BackGesture: Hashable, Sendable, CustomStringConvertible {
  /// Nothing to go back to in the visible layer: the root of the tab, not presented.
  case unavailable
  /// The gesture goes back: it pops the top push, or dismisses the top presented route
  /// (a sheet's or cover's layer without pushes).
  case allowed(Kind)
  /// The coordinator would refuse the `updateRoutes` the gesture sends: the failure says which
  /// guard refuses and why (``BatchFailure/Reason/rejected(guard:reason:)``), or what else
  /// failed. It is the trial batch's failure, whole.
  case refused(BatchFailure)

  /// What the gesture would do.
  public enum Kind: String, Hashable, Sendable {
    /// Pop the top push of the visible layer.
    case pop
    /// Dismiss the visible layer (a presented route without pushes).
    case dismiss
  }

  /// Whether the UI lets the gesture run.
  public var isAllowed: Bool {
    if case .allowed = self { return true }
    return false
  }

  /// Whether the refusing guard asks (``GuardVerdict/ask(_:)``): the back button still sends the
  /// pop so the host can put the question to the user. `false` for a block or anything else.
  public var asks: Bool {
    if case let .refused(failure) = self { return failure.asks }
    return false
  }

  /// The refusing guard's name, when a guard refuses.
  public var refusingGuard: String? {
    guard case let .refused(failure) = self, case let .rejected(name, _) = failure.reason else { return nil }
    return name
  }

  /// One line, as `flowscript show` prints it after `back gesture: `: `allowed (pop)`,
  /// `none (at the root)`, `refused by guard 'unsaved draft': discard the draft? (it asks: the back
  /// button asks the user)`, `refused by guard 'auth': login required (it blocks)`.
  public var description: String {
    switch self {
    case .unavailable: return "none (at the root)"
    case let .allowed(kind): return "allowed (\(kind.rawValue))"
    case let .refused(failure):
      if case let .rejected(name, reason) = failure.reason {
        return "refused by \(BatchFailure.guardLabel(name)): \(reason)"
          + (failure.asks ? " (it asks: the back button asks the user)" : " (it blocks)")
      }
      return "refused: \(failure.message)"
    }
  }
}
