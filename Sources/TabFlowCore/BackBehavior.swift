/// What the user's back gesture does at the root of the selected tab.
public enum BackBehavior: String, Hashable, Sendable, Codable, CaseIterable {
  /// Nothing to go back to: an `already at root` error. The iOS behaviour, and the default.
  case none
  /// Go back to the previously selected tab, as Android's bottom navigation does.
  case history
}
