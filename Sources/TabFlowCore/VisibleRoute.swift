import TabFlowNavigation

/// The screen the user sees: the top route of the app layer when something is presented over the
/// tab bar, else the selected tab's top route.
public struct VisibleRoute: Hashable, Sendable, CustomStringConvertible {
  /// The selected tab (under the app layer, when the route is presented over the tab bar).
  public let tab: TabID
  /// The ID of its top route.
  public let routeID: RouteID
  /// The name of the top route's screen (e.g. `item`): what analytics calls the screen.
  public let screen: String

  /// A visible route.
  public init(tab: TabID, routeID: RouteID, screen: String) {
    self.tab = tab
    self.routeID = routeID
    self.screen = screen
  }

  /// `home: item (route 12)`.
  public var description: String { "\(tab): \(screen) (route \(routeID))" }
}

extension TabCoordinatorState {
  /// What the user sees now: the selected tab's top route.
  public var visibleRoute: VisibleRoute {
    if storedAppLayer.storedRoutes.count > 1 {
      // Presented over the tab bar: the app layer's top, over the selected tab.
      return VisibleRoute(
        tab: selectedTab, routeID: storedAppLayer.storedIDs[storedAppLayer.storedIDs.count - 1],
        screen: screenName(of: storedAppLayer.top.screen))
    }
    let stack = selectedStack
    return VisibleRoute(tab: selectedTab, routeID: stack.ids[stack.count - 1], screen: screenName(of: stack.top.screen))
  }
}
