import TabFlowCore
import TabFlowLua
import TabFlowNavigation

extension TabCoordinatorState where Screen == DynamicScreen {
  /// The route the user sees — the app layer's top when something is presented over the tab
  /// bar, else the selected tab's top — as ``visibleTop`` gives it, read in place: `visibleTop`
  /// reads the selected tab through `selectedStack`, a copy of its stack. The explorer's
  /// analyses and inputs ask it of every state reached.
  var shownTop: Route<DynamicScreen> {
    if storedAppLayer.storedRoutes.count > 1 { return storedAppLayer.top }
    return storedTabs[selectedIndex].stack.top
  }
}
