import TabFlowCore
import TabFlowNavigation

/// One item of a customizable tab bar, as iOS 18's `Tab(value:role:)` inside a `TabSection`
/// binds it: the tab, its declared role, section, image and hideability, whether the user hid it
/// and its badge.
public struct TabBarEntry: Hashable, Sendable, Identifiable {
  /// The tab.
  public let id: TabID
  /// What the tab declares for the tab bar.
  public let item: TabBarItem
  /// Whether the user hid it (`TabViewCustomization`'s visibility).
  public let isHidden: Bool
  /// The badge rules set, or `nil`.
  public let badge: TabBadge?

  /// An entry.
  public init(id: TabID, item: TabBarItem = TabBarItem(), isHidden: Bool = false, badge: TabBadge? = nil) {
    self.id = id
    self.item = item
    self.isHidden = isHidden
    self.badge = badge
  }
}
