import TabFlow

/// What makes two explored states the same state: everything `state` prints (StateJSON) —
/// selected tab, each tab's routes (style, screen, state, navigation, sheet), context, pending
/// link — and not the route IDs. Hashed once, when made (a look-up and an insertion then cost
/// no more hashing), from the hashes of its parts, which ``StateKeyHashes`` remembers; never
/// rendered.
///
/// It keeps each tab's routes as the state holds them (a reference to the stack's storage, no
/// copy): two routes are equal exactly when `state` prints them the same — style, screen and
/// its state, the navigation flag of a root or a presented route, a sheet's configuration.
struct StateKey: Hashable {
  let selectedTab: TabID
  let tabs: [[Route<DynamicScreen>]]
  let context: [String: FlowValue]
  let pendingLink: String?
  /// The hash of all of the above.
  private let fingerprint: Int

  /// The key of `state`, its parts hashed through `hashes` (see ``StateKeyHashes``).
  init(_ state: TabCoordinatorState<DynamicScreen>, hashes: StateKeyHashes) {
    selectedTab = state.selectedTab
    context = state.context
    pendingLink = state.pendingLink
    var hasher = Hasher()
    hasher.combine(selectedTab)
    var tabs: [[Route<DynamicScreen>]] = []
    tabs.reserveCapacity(state.tabs.count)
    for tab in state.tabs {
      let routes = tab.stack.routes
      hasher.combine(hashes.hash(of: routes))
      tabs.append(routes)
    }
    self.tabs = tabs
    hasher.combine(hashes.hash(of: context))
    hasher.combine(pendingLink)
    fingerprint = hasher.finalize()
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(fingerprint)
  }

  static func == (lhs: StateKey, rhs: StateKey) -> Bool {
    lhs.fingerprint == rhs.fingerprint && lhs.selectedTab == rhs.selectedTab
      && lhs.tabs.elementsEqual(rhs.tabs, by: sameRoutes)
      && lhs.context == rhs.context && lhs.pendingLink == rhs.pendingLink
  }

  /// Whether two tabs' routes print the same; at once when they are the same array.
  private static func sameRoutes(_ lhs: [Route<DynamicScreen>], _ rhs: [Route<DynamicScreen>]) -> Bool {
    if lhs.count == rhs.count, StateKeyHashes.address(of: lhs) == StateKeyHashes.address(of: rhs) { return true }
    return lhs.elementsEqual(rhs, by: same)
  }

  // A route's parts — what `state` prints of it — read through its accessors for the concrete
  // screen type (the route's own `Hashable` conformance would go through generic code for every
  // route). Hashed and compared here only, so the two always agree.

  /// The hash of a tab's routes.
  static func hash(of routes: [Route<DynamicScreen>]) -> Int {
    var hasher = Hasher()
    hasher.combine(routes.count)
    for route in routes {
      hasher.combine(route.style)
      hasher.combine(route.screen)
      hasher.combine(route.withNavigation)
      hasher.combine(route.sheetConfiguration)
    }
    return hasher.finalize()
  }

  private static func same(_ lhs: Route<DynamicScreen>, _ rhs: Route<DynamicScreen>) -> Bool {
    lhs.style == rhs.style && lhs.withNavigation == rhs.withNavigation && lhs.screen == rhs.screen
      && lhs.sheetConfiguration == rhs.sheetConfiguration
  }
}
