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

  /// A short form for logs and the CLI.
  public var description: String {
    switch self {
    case let .poppedToRoot(tab): return "poppedToRoot(\(tab))"
    case let .reselectedAtRoot(tab): return "reselectedAtRoot(\(tab))"
    case let .reselected(tab): return "reselected(\(tab))"
    case let .event(event): return "event \(event)"
    }
  }
}
