import TabFlow

/// The example app's screens: typed Swift values whose navigation a Lua script decides.
public enum ShopScreen: Equatable, Sendable, Codable {
  /// The home tab's root.
  case feed
  /// An item page.
  case item(ItemState)
  /// The login form, presented as a sheet.
  case login(LoginState)
  /// The orders list.
  case orders(OrdersState)
  /// The profile tab's root.
  case account
  /// "Buy this?" — shipped in the app, used by the rules only from rule package release 2 on.
  case confirmPurchase(ConfirmState)

  /// An item page: which item, how many.
  public struct ItemState: Equatable, Sendable, Codable {
    /// Which item.
    public var id: Int
    /// How many.
    public var qty: Int
    /// An item page.
    public init(id: Int, qty: Int = 1) {
      self.id = id
      self.qty = qty
    }
  }

  /// The login form: why it was opened, and whether a login is in flight.
  public struct LoginState: Equatable, Sendable, Codable {
    /// Why the login was asked for (`buy`).
    public var reason: String
    /// Whether a login is in flight.
    public var isSubmitting: Bool
    /// A login form.
    public init(reason: String = "", isSubmitting: Bool = false) {
      self.reason = reason
      self.isSubmitting = isSubmitting
    }
  }

  /// The orders list, with the order to highlight.
  public struct OrdersState: Equatable, Sendable, Codable {
    /// The order to highlight (0: none).
    public var highlight: Int
    /// An orders list.
    public init(highlight: Int = 0) { self.highlight = highlight }
  }

  /// The purchase confirmation: which item.
  public struct ConfirmState: Equatable, Sendable, Codable {
    /// Which item.
    public var id: Int
    /// A confirmation for an item.
    public init(id: Int = 0) { self.id = id }
  }

  /// The catalog mapping the script's screen names to these cases.
  public static var catalog: ScreenCatalog<ShopScreen> {
    var catalog = ScreenCatalog<ShopScreen>()
    catalog.register("feed", ShopScreen.feed)
    catalog.register("account", ShopScreen.account)
    catalog.register("item", ItemState.self, embed: ShopScreen.item) { if case let .item(state) = $0 { state } else { nil } }
    catalog.register("login", LoginState.self, embed: ShopScreen.login) { if case let .login(state) = $0 { state } else { nil } }
    catalog.register("orders", OrdersState.self, embed: ShopScreen.orders) { if case let .orders(state) = $0 { state } else { nil } }
    catalog.register("confirm", ConfirmState.self, embed: ShopScreen.confirmPurchase) {
      if case let .confirmPurchase(state) = $0 { state } else { nil }
    }
    return catalog
  }
}
