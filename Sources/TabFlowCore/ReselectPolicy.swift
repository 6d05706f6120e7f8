/// What tapping the already-selected tab does.
public enum ReselectPolicy: String, Hashable, Sendable, Codable, CaseIterable {
  /// Pop the tab's stack to its root (presented layers too); at the root, report
  /// ``NavigationReport/reselectedAtRoot(_:)`` so the host can scroll to top. The iOS default.
  case popToRoot
  /// Change nothing; report ``NavigationReport/reselected(_:)``.
  case none
}
