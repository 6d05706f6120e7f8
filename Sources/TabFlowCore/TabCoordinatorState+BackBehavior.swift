import TabFlowNavigation

/// Where the user's back gesture goes at the root of the selected tab.
extension TabCoordinatorState {
  /// The tab back goes to at the selected tab's root under ``backBehavior``, or `nil` when
  /// there is none (`already at root`): the previously selected tab (``BackBehavior/history``),
  /// the first tab (``BackBehavior/firstRoute``), the initial tab (``BackBehavior/initialRoute``)
  /// or the tab before the selected one (``BackBehavior/order``) — never the selected tab itself.
  public var backTarget: TabID? {
    switch backBehavior {
    case .none:
      return nil
    case .history:
      return storedHistory.last
    case .firstRoute:
      let first = backOrder.first
      return first == storedSelectedTab ? nil : first
    case .initialRoute:
      return storedInitialTab == storedSelectedTab ? nil : storedInitialTab
    case .order:
      let order = backOrder
      guard let place = order.firstIndex(of: storedSelectedTab), place > 0 else { return nil }
      return order[place - 1]
    }
  }

  /// The user's order of visible tabs (``visibleTabIDs``: hidden tabs left out), which
  /// ``BackBehavior/firstRoute`` and ``BackBehavior/order`` follow.
  @inlinable
  var backOrder: [TabID] { visibleTabIDs }
}
