import TabFlow

/// What makes two explored states the same state: everything `state` prints (StateJSON) —
/// selected tab, each tab's routes (style, screen, state, navigation, sheet), context, pending
/// link — and not the route IDs. Hashed once, when made (a look-up and an insertion then cost
/// no more hashing); never rendered.
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
  /// The hash of all of the above.
  private let fingerprint: Int

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
    var hasher = Hasher()
    hasher.combine(selectedTab)
    hasher.combine(tabs)
    hasher.combine(context)
    hasher.combine(pendingLink)
    fingerprint = hasher.finalize()
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(fingerprint)
  }

  static func == (lhs: StateKey, rhs: StateKey) -> Bool {
    lhs.fingerprint == rhs.fingerprint && lhs.selectedTab == rhs.selectedTab && lhs.tabs == rhs.tabs
      && lhs.context == rhs.context && lhs.pendingLink == rhs.pendingLink
  }
}
