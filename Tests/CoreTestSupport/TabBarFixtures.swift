import TabFlowCore
import TabFlowNavigation

/// The tab-bar tests' app: `home` (feed), `search` (role search, section Browse, hideable),
/// `profile` (account, hideable) and `orders` (role prominent, not hideable); `home` selected.
package enum TabBarFixtures {
  package typealias State = TabCoordinatorState<TabTestScreen>

  /// What a screen of these tests can do: each becomes the commands of one rule.
  package enum Action: Equatable, Sendable {
    case open(TabTestScreen)
    case present(TabTestScreen)
    case close
    case dismiss
    case select(TabID)
    case badge(TabID, TabBadge?)
  }

  package static let definitions: [TabDefinition<TabTestScreen>] = [
    TabDefinition("home", root: .feed),
    TabDefinition(
      "search", root: .search(query: ""),
      item: TabBarItem(role: .search, section: "Browse", image: "magnifyingglass", hideable: true)),
    TabDefinition("profile", root: .account, item: TabBarItem(section: "You", image: "person", hideable: true)),
    TabDefinition("orders", root: .orders, item: TabBarItem(role: .prominent, image: "bag")),
  ]

  package static func state(backBehavior: BackBehavior = .none) throws -> State {
    try TabCoordinatorState(tabs: definitions, backBehavior: backBehavior)
  }

  package static var rules: ClosureRules<TabTestScreen, Action> {
    ClosureRules { action, _, _ in
      switch action {
      case let .open(screen): return [.push(screen)]
      case let .present(screen): return [.presentSheet(screen, withNavigation: true)]
      case .close: return [.pop()]
      case .dismiss: return [.dismiss()]
      case let .select(tab): return [.selectTab(tab)]
      case let .badge(tab, badge): return [.setBadge(tab, badge)]
      }
    }
  }

  /// A guard that refuses to leave a login screen by going back ("unsaved draft"), and one that
  /// refuses any change that leaves a checkout on top of a stack the user is on.
  package static var guards: [NavigationGuard<TabTestScreen>] {
    [
      NavigationGuard("unsaved draft") { change in
        guard case .userBack = change.source, case .login = change.before.top.screen,
          change.after.selectedStack.ids.last != change.before.selectedStack.ids.last
        else { return .allow }
        return .ask("discard the draft?")
      },
      NavigationGuard("checkout") { change in
        if case .checkout = change.after.top.screen, change.after.context["loggedIn"] != true {
          return .reject("log in first")
        }
        return .allow
      },
    ]
  }

  package static var coordinator: TabCoordinator<ClosureRules<TabTestScreen, Action>> {
    TabCoordinator(rules: rules, guards: guards)
  }
}

