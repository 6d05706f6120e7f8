import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import TestSupport

/// Generated action sequences for the tab-bar fixtures' coordinator: screen actions on the top
/// route (push, present, pop, dismiss, select, badge), tab taps, back, the UI's updateRoutes,
/// customizations and a context flag — so states include sheets, guarded screens, hidden tabs
/// and history.
enum TabBarGeneratedStates {
  typealias Coordinator = TabCoordinator<ClosureRules<TabTestScreen, TabBarFixtures.Action>>
  typealias Action = Coordinator.Action

  static let tabs: [TabID] = ["home", "search", "profile", "orders"]

  /// One action that fits `state`.
  static func action(for state: TabCoordinatorState<TabTestScreen>, choices: inout SeededChoices) -> Action {
    let top = state.selectedStack.ids[state.selectedStack.count - 1]
    let screens: [TabTestScreen] = [.item(id: choices.next(3)), .login(reason: "buy"), .checkout(total: 5), .orders]
    switch choices.next(12) {
    case 0, 1: return .router(.routeAction(id: top, action: .open(choices.pick(screens))))
    case 2: return .router(.routeAction(id: top, action: .present(choices.pick(screens))))
    case 3: return .router(.routeAction(id: top, action: choices.next(2) == 0 ? .close : .dismiss))
    case 4: return .router(.routeAction(id: top, action: .select(choices.pick(tabs))))
    case 5: return .router(.routeAction(id: top, action: .badge(choices.pick(tabs), choices.next(2) == 0 ? nil : .count(choices.next(5)))))
    case 6: return .tabTapped(choices.pick(tabs))
    case 7: return .back
    case 8:
      let routes = state.selectedStack.routes
      return .router(.updateRoutes(Array(routes.prefix(max(1, routes.count - 1 - choices.next(2))))))
    case 9: return .customizeTabs(choices.next(2) == 0 ? .hide(choices.pick(tabs)) : .show(choices.pick(tabs)))
    case 10: return .customizeTabs(.reorder(tabs.shuffled(by: &choices)))
    default: return .setContext("loggedIn", choices.next(2) == 0 ? nil : .bool(true))
    }
  }
}

extension Array {
  /// The elements in an order `choices` picks.
  func shuffled(by choices: inout SeededChoices) -> [Element] {
    var rest = self
    var result: [Element] = []
    while !rest.isEmpty { result.append(rest.remove(at: choices.next(rest.count))) }
    return result
  }
}
