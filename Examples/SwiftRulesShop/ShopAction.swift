/// What the shop's screens send; the rules (``ShopRules``) decide what each does to navigation.
public enum ShopAction: Hashable, Sendable {
  /// An item of the catalog was tapped.
  case itemTapped(Int)
  /// The item was added to the cart: the cart is shown.
  case addToCart
  /// Close the screen (pop a pushed one, dismiss a presented one).
  case close
  /// Go to the checkout.
  case checkoutTapped
  /// Pay the order: the receipt is presented.
  case payTapped
  /// Done with the receipt: back to the cart.
  case doneTapped
  /// Log in.
  case loginTapped
  /// The login succeeded (the host then sets the context's `loggedIn`).
  case loginSucceeded
  /// Open the settings.
  case settingsTapped
  /// Open the about sheet.
  case aboutTapped
  /// Show how to reach the shop.
  case contactTapped
}
