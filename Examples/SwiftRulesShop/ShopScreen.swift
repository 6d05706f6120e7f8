import TabFlowNavigation

/// The screens of the Swift-rules shop: typed values, as an app's reducers' states would be.
public enum ShopScreen: Hashable, Sendable, ScreenNaming {
  /// The shop tab's root: the items for sale.
  case catalog
  /// One item.
  case item(id: Int)
  /// The cart tab's root.
  case cart
  /// The order form, pushed from the cart; only for a logged-in user (the `auth` guard).
  case checkout
  /// The paid order, a cover over the checkout.
  case receipt
  /// The profile tab's root.
  case account
  /// The settings, pushed from the account.
  case settings
  /// Logging in: a sheet with its own navigation.
  case login
  /// About the shop: a sheet with its own navigation.
  case about
  /// How to reach the shop, pushed inside the about sheet.
  case contact

  /// The screen's name in messages and tools: its case.
  public var screenName: String {
    switch self {
    case .catalog: "catalog"
    case .item: "item"
    case .cart: "cart"
    case .checkout: "checkout"
    case .receipt: "receipt"
    case .account: "account"
    case .settings: "settings"
    case .login: "login"
    case .about: "about"
    case .contact: "contact"
    }
  }

  /// Every screen's name, for checks that expect each to be reachable.
  public static let allNames = [
    "catalog", "item", "cart", "checkout", "receipt", "account", "settings", "login", "about", "contact",
  ]
}
