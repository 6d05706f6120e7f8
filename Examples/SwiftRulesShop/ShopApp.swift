import TabFlowCore
import TabFlowNavigation

/// The shop app whose rules are written in Swift: three tabs (shop, cart, profile), a login
/// guard on the checkout, a question before leaving it, and deep links.
///
/// ```swift
/// let coordinator = ShopApp.coordinator()
/// var state = try ShopApp.initialState()
/// _ = coordinator.step(.openURL("shop://item/7"), state: &state)
/// ```
public enum ShopApp {
  /// The tabs' identifiers.
  public static let shopTab: TabID = "shop"
  /// The cart tab.
  public static let cartTab: TabID = "cart"
  /// The profile tab.
  public static let profileTab: TabID = "profile"
  /// The context key the host sets once the user logged in.
  public static let loggedInKey = "loggedIn"

  /// The tabs, each with its root.
  public static let tabs: [TabDefinition<ShopScreen>] = [
    TabDefinition(shopTab, root: .catalog),
    TabDefinition(cartTab, root: .cart),
    TabDefinition(profileTab, root: .account),
  ]

  /// The state the app starts in: the shop tab, logged out.
  public static func initialState() throws(NavigationError) -> TabCoordinatorState<ShopScreen> {
    try TabCoordinatorState(tabs: tabs, context: [loggedInKey: false])
  }

  /// The coordinator, with `rules` (the shop's own by default).
  public static func coordinator<Rules: NavigationRules>(
    rules: Rules
  ) -> TabCoordinator<Rules> where Rules.Screen == ShopScreen {
    TabCoordinator(rules: rules, guards: guards, deepLinks: deepLinks)
  }

  /// The coordinator with the shop's rules.
  public static func coordinator() -> TabCoordinator<ShopRules> {
    coordinator(rules: ShopRules())
  }

  /// The guards: `auth` keeps the checkout for logged-in users (a deep link to it waits for the
  /// login), `discardOrder` asks before the user's back leaves the checkout.
  public static var guards: [NavigationGuard<ShopScreen>] {
    [
      NavigationGuard("auth") { change in
        guard change.after.stack(for: cartTab)?.top.screen == .checkout,
          change.after.context[loggedInKey] != true
        else { return .allow }
        if case .deepLink = change.source {
          return .deferLink("login required", redirect: [.tab(profileTab, .presentSheet(.login, withNavigation: true)), .selectTab(profileTab)])
        }
        return .redirect([.presentSheet(.login, withNavigation: true)], reason: "login required")
      },
      NavigationGuard("discardOrder") { change in
        guard case .userBack = change.source, change.before.top.screen == .checkout,
          change.after.stack(for: cartTab)?.top.screen == .cart
        else { return .allow }
        return .ask("discard the order?")
      },
    ]
  }

  /// The deep links: `shop://item/:id` (an item in the shop tab), `shop://checkout` (the
  /// checkout in the cart tab) and `shop://settings`.
  public static var deepLinks: DeepLinks<ShopScreen> {
    var links = DeepLinks<ShopScreen>()
    do {
      try links.link(
        "shop://item/:id", tab: shopTab,
        screen: { parameters in Int(parameters["id"] ?? "").map { ShopScreen.item(id: $0) } },
        parameters: { screen in if case let .item(id) = screen { ["id": "\(id)"] } else { nil } })
      try links.register("shop://checkout") { _, _ in
        DeepLinks.open(tab: cartTab, [.push(.checkout)], mode: .keepRoot)
      }
      try links.register("shop://settings") { _, _ in
        DeepLinks.open(tab: profileTab, [.push(.settings)], mode: .keepRoot)
      }
    } catch {
      // The patterns above are constants that parse; a typo shows up as links that never match.
      return links
    }
    return links
  }

  /// What the screens can send, with sample payloads: the actions an exploration tries on each.
  public static func sampleActions(for screen: ShopScreen) -> [(label: String, action: ShopAction)] {
    switch screen {
    case .catalog: [("itemTapped 1", .itemTapped(1)), ("itemTapped 2", .itemTapped(2))]
    case .item: [("addToCart", .addToCart), ("close", .close)]
    case .cart: [("checkoutTapped", .checkoutTapped)]
    case .checkout: [("payTapped", .payTapped)]
    case .receipt: [("doneTapped", .doneTapped)]
    case .account: [("loginTapped", .loginTapped), ("settingsTapped", .settingsTapped), ("aboutTapped", .aboutTapped)]
    case .settings: [("close", .close)]
    case .login: [("loginSucceeded", .loginSucceeded), ("close", .close)]
    case .about: [("contactTapped", .contactTapped), ("close", .close)]
    case .contact: [("close", .close)]
    }
  }

  /// What must hold in every state: no cover is presented over a sheet (a sheet's flows stay
  /// in the sheet), and the checkout is shown only to a logged-in user.
  public static var invariants: [(name: String, check: (TabCoordinatorState<ShopScreen>) -> String?)] {
    [
      ("no cover over a sheet", { state in
        for routes in state.tabs.map(\.stack.routes) + [state.appLayer] {
          guard let sheet = routes.firstIndex(where: { $0.style == .sheet }),
            let cover = routes[sheet...].first(where: { $0.style == .cover })
          else { continue }
          return "\(cover.screen.screenName) is a cover over the sheet \(routes[sheet].screen.screenName)"
        }
        return nil
      }),
      ("checkout needs a login", { state in
        let atCheckout = state.stack(for: cartTab)?.routes.contains { $0.screen == .checkout } ?? false
        return atCheckout && state.context[loggedInKey] != true ? "the checkout is open while logged out" : nil
      }),
    ]
  }
}
