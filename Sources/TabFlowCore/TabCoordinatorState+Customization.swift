import TabFlowNavigation

/// The user's customization of the tab bar — the order of the tabs and the hidden ones, what
/// SwiftUI's `TabViewCustomization` holds — as navigation state: compared, saved with the
/// navigation, kept across reloads.
extension TabCoordinatorState {
  /// Every tab once, in the user's order (the declared order until the user reorders), hidden
  /// ones included: the order a customizable `TabView` declares its tabs in.
  public var tabOrder: [TabID] { storedTabBar.order }

  /// The tabs the user hid. Never the selected tab, never every tab.
  public var hiddenTabs: Set<TabID> { storedTabBar.hidden }

  /// The tabs in the user's order, hidden ones left out: the tab bar as the user sees it.
  public var visibleTabIDs: [TabID] {
    let hidden = storedTabBar.hidden
    return hidden.isEmpty ? storedTabBar.order : storedTabBar.order.filter { !hidden.contains($0) }
  }

  /// Whether the user hid `tab`.
  public func isHidden(_ tab: TabID) -> Bool {
    storedTabBar.hidden.contains(tab)
  }

  /// Applies the user's customization. Throws, changing nothing, for an unknown tab, an order
  /// that does not name every tab once, or a tab that cannot be hidden (not declared `hideable`,
  /// selected, or the last visible one: ``/TabFlowNavigation/TabBarRefusal``). Showing a tab that is not hidden and
  /// hiding a hidden one change nothing.
  ///
  /// ```swift
  /// try state.customize(.hide("search"))
  /// try state.customize(.reorder(["profile", "home", "search"]))
  /// ```
  public mutating func customize(_ change: TabCustomization) throws(NavigationError) {
    switch change {
    case let .reorder(tabs):
      guard tabs.count == storedTabs.count, Set(tabs).count == tabs.count, tabs.allSatisfy({ positions[$0] != nil })
      else {
        if let unknown = tabs.first(where: { positions[$0] == nil }) { throw .unknownTab(unknown, known: tabIDs) }
        throw .tabBar(.notAnOrder(given: tabs, declared: tabIDs))
      }
      storedTabBar.order = tabs
    case let .hide(tab):
      let position = try index(of: tab)
      guard !storedTabBar.hidden.contains(tab) else { return }
      guard storedTabs[position].item.hideable else { throw .tabBar(.notHideable(tab)) }
      guard tab != storedSelectedTab else { throw .tabBar(.selected(tab)) }
      guard storedTabBar.hidden.count + 1 < storedTabs.count else { throw .tabBar(.lastVisible(tab)) }
      storedTabBar.hidden.insert(tab)
      // Back with history never goes to a tab the user cannot see.
      storedHistory.removeAll { $0 == tab }
    case let .show(tab):
      _ = try index(of: tab)
      storedTabBar.hidden.remove(tab)
    }
    confirmable = nil
  }

  /// Shows the hidden `tab`, which a rule, deep link or host command is selecting (journaled).
  @usableFromInline
  mutating func show(selected tab: TabID, journal: inout UndoJournal<Screen>) {
    journal.append(.tabBar(storedTabBar))
    storedTabBar.hidden.remove(tab)
  }

  /// This state with the saved order, hidden tabs and badges of a document or of the state a
  /// reload replaces: tabs this state does not have are dropped, tabs the saved order lacks go
  /// after it in this state's order, and a hidden tab that is selected, not `hideable` (checked
  /// only when `checkingHideable`: a document does not carry declarations) or would leave no tab
  /// visible is shown.
  package func keepingTabBar(
    order: [TabID], hidden: Set<TabID>, badges: [TabID: TabBadge], checkingHideable: Bool
  ) -> TabCoordinatorState {
    var state = self
    var seen = Set<TabID>()
    var kept = order.filter { positions[$0] != nil && seen.insert($0).inserted }
    kept += tabIDs.filter { !seen.contains($0) }
    var keptHidden = Set<TabID>()
    for tab in kept where hidden.contains(tab) && tab != selectedTab {
      guard let position = positions[tab], !checkingHideable || storedTabs[position].item.hideable else { continue }
      guard keptHidden.count + 1 < storedTabs.count else { break }
      keptHidden.insert(tab)
    }
    state.storedTabBar = TabBarState(
      order: kept, hidden: keptHidden, badges: badges.filter { positions[$0.key] != nil })
    state.storedHistory.removeAll { keptHidden.contains($0) }
    return state
  }
}

extension TabCoordinatorState {
  /// This state with a document's `order`, `hidden` and `badges` (each absent in an older
  /// document: the declared order, none hidden, no badges). Throws for an order that does not
  /// name every tab once, a hidden or badged tab that is unknown, the selected tab hidden or
  /// every tab hidden. (Whether a hidden tab is `hideable` is a declaration the document does
  /// not carry: a reload to the app's rules checks it.)
  package func restoringTabBar(
    order: [TabID]?, hidden: [TabID]?, badges: [String: TabBadge]?
  ) throws(NavigationError) -> TabCoordinatorState {
    var state = self
    if let order { try state.customize(.reorder(order)) }
    for tab in hidden ?? [] {
      _ = try index(of: tab)
      guard tab != selectedTab else { throw .tabBar(.selected(tab)) }
      guard state.storedTabBar.hidden.count + 1 < storedTabs.count else { throw .tabBar(.lastVisible(tab)) }
      state.storedTabBar.hidden.insert(tab)
    }
    if let hidden, state.storedHistory.contains(where: hidden.contains) {
      throw .invalidRoutes(operation: "restore the tab history", reason: "it lists a hidden tab")
    }
    for (tab, badge) in badges ?? [:] {
      _ = try index(of: TabID(tab))
      state.storedTabBar.badges[TabID(tab)] = badge
    }
    return state
  }
}
