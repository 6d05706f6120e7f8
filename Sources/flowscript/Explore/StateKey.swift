import TabFlow

/// What makes two explored states the same state: everything `state` prints (StateJSON) —
/// selected tab, each tab's routes (style, screen, state, navigation, sheet), context, pending
/// link — and not the route IDs. Hashed once per state, never rendered.
struct StateKey: Hashable {
  /// One route as the state output shows it.
  struct RouteKey: Hashable {
    let style: RouteStyle
    let screen: DynamicScreen
    /// Shown only for presented routes and a root without navigation.
    let withNavigation: Bool?
    let sheet: SheetConfiguration?
  }

  let selectedTab: TabID
  let tabs: [[RouteKey]]
  let context: [String: FlowValue]
  let pendingLink: String?

  init(_ state: TabCoordinatorState<DynamicScreen>) {
    selectedTab = state.selectedTab
    tabs = state.tabs.map { tab in
      tab.stack.routes.map { route in
        RouteKey(
          style: route.style, screen: route.screen,
          withNavigation: route.isPresented || !route.withNavigation && route.style == .root ? route.withNavigation : nil,
          sheet: route.sheetConfiguration)
      }
    }
    context = state.context
    pendingLink = state.pendingLink
  }
}
