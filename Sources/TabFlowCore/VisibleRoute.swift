import TabFlowNavigation

/// The screen the user sees: the selected tab's top route.
public struct VisibleRoute: Hashable, Sendable, CustomStringConvertible {
  /// The selected tab.
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
    let stack = selectedStack
    return VisibleRoute(tab: selectedTab, routeID: stack.ids[stack.count - 1], screen: screenName(of: stack.top.screen))
  }
}
