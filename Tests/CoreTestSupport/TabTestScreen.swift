import TabFlowCore
import TabFlowNavigation

/// The screens of the Tabs specification tests: a few without payload, most with one, so
/// persistence, equality and error messages are exercised with real data.
package enum TabTestScreen: Equatable, Codable, Sendable {
  case feed
  case item(id: Int)
  case search(query: String)
  case account
  case orders
  case login(reason: String)
  case checkout(total: Double)
  case picker(options: [String])
}

/// Builders for the coordinators the Tabs tests start from.
package enum TabFixtures {
  /// `home` (root `feed`), `search` (root `search("")`) and `profile` (root `account`, reselect
  /// `none`); `home` selected, no history.
  package static func coordinator(backBehavior: BackBehavior = .none) throws -> TabCoordinatorState<TabTestScreen> {
    try TabCoordinatorState(
      tabs: [
        TabDefinition("home", root: .feed),
        TabDefinition("search", root: .search(query: "")),
        TabDefinition("profile", root: .account, reselect: .none),
      ],
      backBehavior: backBehavior
    )
  }

  /// The tab identifiers of ``coordinator(backBehavior:)`` in tab-bar order.
  package static let tabIDs: [TabID] = ["home", "search", "profile"]

  /// A coordinator whose stacks are deeper than their roots:
  /// `home: feed > item(1) > sheet:login(nav) > orders`, `search: search("") > item(2)`,
  /// `profile: account > cover:checkout`; `home` selected.
  package static func deepCoordinator(backBehavior: BackBehavior = .none) throws -> TabCoordinatorState<TabTestScreen> {
    var state = try coordinator(backBehavior: backBehavior)
    try state.apply([
      .push(.item(id: 1)),
      .presentSheet(.login(reason: "buy"), withNavigation: true, configuration: .halfAndFull),
      .push(.orders),
      .tab("search", .push(.item(id: 2))),
      .tab("profile", .presentCover(.checkout(total: 9.5))),
    ])
    return state
  }
}
