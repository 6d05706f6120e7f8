import TabFlowNavigation

/// One primitive change a batch made to a ``TabCoordinatorState``, with what it takes to undo it.
@usableFromInline
package enum CoordinatorUndo<Screen> {
  /// A stack change in the tab at this position (the app layer's at `appLayerPosition`).
  case stack(tab: Int, StackUndo<Screen>)
  /// A change of the selected tab and its history.
  case selection(selected: TabID, history: [TabID])
  /// The stack of the tab at this position was replaced (the UI's `updateRoutes`); this is the old one.
  case replacedStack(tab: Int, RouteStack<Screen>)
  /// The tab bar's order, hidden tabs or badges changed; this is how they were.
  case tabBar(TabBarState)
}

extension TabCoordinatorState {
  /// Undoes one change.
  @inlinable
  mutating func undo(_ entry: CoordinatorUndo<Screen>) {
    switch entry {
    case let .stack(tab, undo):
      if tab == Self.appLayerPosition { storedAppLayer.undo(undo) } else { storedTabs[tab].stack.undo(undo) }
    case let .selection(selected, history):
      setSelectedTab(selected)
      storedHistory = history
    case let .replacedStack(tab, stack):
      if tab == Self.appLayerPosition { storedAppLayer = stack } else { storedTabs[tab].stack = stack }
    case let .tabBar(tabBar):
      storedTabBar = tabBar
    }
  }
}
