import TabFlowCore
import TabFlowNavigation

/// The shop's navigation rules, in Swift: what each screen's action does, and what logging out
/// does (the context's `loggedIn` turning false takes the user out of the checkout).
public struct ShopRules: NavigationRules {
  /// Rules.
  public init() {}

  /// The batch for a screen's action; `nil` when it does not navigate.
  public func batch(
    for action: ShopAction, on route: RouteContext<ShopScreen>, in state: TabCoordinatorState<ShopScreen>
  ) -> NavigationBatch<ShopScreen>? {
    guard let commands = Self.commands(for: action, on: route.screen) else { return nil }
    return NavigationBatch(rule: "\(route.screen.screenName).\(action)", commands)
  }

  /// The commands of an action on a screen; `nil` when the screen does not handle it.
  public static func commands(for action: ShopAction, on screen: ShopScreen) -> [NavigationCommand<ShopScreen>]? {
    switch (screen, action) {
    case let (.catalog, .itemTapped(id)): [.push(.item(id: id))]
    case (.item, .addToCart): [.pop(), .selectTab(ShopApp.cartTab)]
    case (.item, .close), (.settings, .close): [.pop()]
    case (.cart, .checkoutTapped): [.push(.checkout)]
    case (.checkout, .payTapped): [.presentCover(.receipt)]
    case (.receipt, .doneTapped): [.goBackToRoot]
    case (.account, .loginTapped): [.presentSheet(.login, withNavigation: true)]
    case (.account, .settingsTapped): [.push(.settings)]
    case (.account, .aboutTapped): [.presentSheet(.about, withNavigation: true)]
    case (.login, .loginSucceeded), (.login, .close), (.about, .close), (.contact, .close): [.dismiss()]
    case (.about, .contactTapped): [.push(.contact)]
    default: nil
    }
  }

  /// The rules react to `loggedIn`.
  public func reacts(toContext key: String) -> Bool { key == ShopApp.loggedInKey }

  /// Logging out closes the checkout: the cart tab goes back to its root.
  public func contextBatch(
    for key: String, value: FlowValue?, in state: TabCoordinatorState<ShopScreen>
  ) -> NavigationBatch<ShopScreen>? {
    guard key == ShopApp.loggedInKey, value != true,
      state.stack(for: ShopApp.cartTab)?.routes.contains(where: { $0.screen == .checkout }) == true
    else { return nil }
    return NavigationBatch(rule: "on_context \(key)", [.tab(ShopApp.cartTab, .goBackToRoot)])
  }
}
