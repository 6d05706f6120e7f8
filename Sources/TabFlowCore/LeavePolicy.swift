/// What happens to a tab's stack when the user leaves the tab (another tab is selected).
///
/// React Navigation calls `popToRoot` `popToTopOnBlur`; go_router users build it by hand.
public enum LeavePolicy: String, Hashable, Sendable, Codable, CaseIterable {
  /// Keep the stack as it is, so coming back shows where the user was. The default.
  case keep
  /// Pop the stack to its root (presented layers too) in the same batch that selects the other
  /// tab; the removed routes' effects are cancelled.
  case popToRoot
}
