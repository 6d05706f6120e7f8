/// What the user's back gesture does at the root of the selected tab (React Navigation's
/// `backBehavior`). Every behaviour but ``none`` and ``history`` goes by the user's current
/// order of visible tabs.
public enum BackBehavior: String, Hashable, Sendable, Codable, CaseIterable {
  /// Nothing to go back to: an `already at root` error. The iOS behaviour, and the default.
  case none
  /// Go back to the previously selected tab, as Android's bottom navigation does.
  case history
  /// Go back to the first tab (Android's convention); on the first tab, `already at root`.
  case firstRoute
  /// Go back to the tab the app started on (``TabCoordinatorState/initialTab``); on it, `already at root`.
  case initialRoute
  /// Go back to the tab before the selected one in the tab bar; on the first tab, `already at root`.
  case order
}
