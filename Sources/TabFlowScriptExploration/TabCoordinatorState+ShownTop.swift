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

  /// The screen of ``shownTop``: what the analyses read of it in every state they are told, taken
  /// from the routes as they are held (`shownTop` hands out a copy of the route, destroyed once
  /// its screen is taken).
  var shownScreen: DynamicScreen {
    let routes = storedAppLayer.storedRoutes.count > 1 ? storedAppLayer.storedRoutes : storedTabs[selectedIndex].stack.storedRoutes
    return routes[routes.count - 1].screen
  }

  /// Whether ``shownTop`` is a cover, read where the route is (nothing copied).
  var showsCover: Bool {
    let routes = storedAppLayer.storedRoutes.count > 1 ? storedAppLayer.storedRoutes : storedTabs[selectedIndex].stack.storedRoutes
    // The case read, no payload bound.
    if case .cover = routes[routes.count - 1] { return true }
    return false
  }
}
