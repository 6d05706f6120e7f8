import TabFlowNavigation

/// Badges: rules set them (`nav:badge("orders", 3)`, ``/TabFlowNavigation/NavigationCommand/setBadge(_:_:)``) and
/// they are state — compared, saved, kept across reloads.
extension TabCoordinatorState {
  /// The badges rules set, by tab.
  public var badges: [TabID: TabBadge] { storedTabBar.badges }

  /// The badge of `tab`, or `nil`.
  public func badge(of tab: TabID) -> TabBadge? {
    storedTabBar.badges[tab]
  }

  /// Sets (or with `nil` clears) the badge of `tab`, journaled; an unknown tab is an error.
  @inlinable
  mutating func setBadge(_ badge: TabBadge?, on tab: TabID, journal: inout UndoJournal<Screen>) throws(NavigationError) {
    _ = try index(of: tab)
    guard storedTabBar.badges[tab] != badge else { return }
    journal.append(.tabBar(storedTabBar))
    storedTabBar.badges[tab] = badge
  }
}
