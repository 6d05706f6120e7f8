import TabFlowNavigation

/// The screens of the navigation specifications, shaped like a TCA app's screen enum.
///
/// Messages name an enum screen after its case, so `.item(id: 3)` appears as `item` and
/// `.login` as `login`. It is `Hashable` only for the convenience of `Set`s in tests; the
/// model never requires it (see `RouteTests`).
package enum TestScreen: Hashable, Codable, Sendable {
  case feed
  case item(id: Int)
  case login
  case checkout
  case settings
  case profile
  case orders
}

package typealias TestRoute = Route<TestScreen>
package typealias TestCommand = NavigationCommand<TestScreen>
