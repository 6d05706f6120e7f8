/// The role a tab plays in the tab bar, as SwiftUI's `TabRole`: iOS 18's `search` (the tab the
/// system places apart and turns into a search field) and the `prominent` role iOS 27 adds.
public enum TabRole: String, Hashable, Sendable, Codable, CaseIterable {
  /// The search tab.
  case search
  /// A tab the bar gives prominence to.
  case prominent
}
