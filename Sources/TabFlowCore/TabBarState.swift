import TabFlowNavigation

/// The tab bar's state beside the stacks: the user's order and hidden tabs (what SwiftUI's
/// `TabViewCustomization` holds) and the badges rules set. Navigation state: compared, saved,
/// kept across reloads.
@usableFromInline
package struct TabBarState: Hashable, Sendable {
  /// Every tab once, in the user's order (the declared order until the user reorders).
  @usableFromInline package var order: [TabID]
  /// The tabs the user hid; never the selected tab, never every tab.
  @usableFromInline package var hidden: Set<TabID>
  /// The badges rules set, by tab.
  @usableFromInline package var badges: [TabID: TabBadge]

  /// The declared order, nothing hidden, no badges.
  @inlinable
  package init(order: [TabID], hidden: Set<TabID> = [], badges: [TabID: TabBadge] = [:]) {
    self.order = order
    self.hidden = hidden
    self.badges = badges
  }
}
