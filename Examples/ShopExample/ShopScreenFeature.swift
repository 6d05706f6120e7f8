import TabFlow

/// The screens' own logic, with an effect: logging in takes a second on the given clock.
public struct ShopScreenFeature: Reducer {
  let clock: any Clock<Duration>

  /// The screens' logic, with the clock effects sleep on.
  public init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  /// Adds to an item; submits a login (finishing a second later on the clock).
  public func reduce(into screen: inout ShopScreen, action: ShopAction) -> Effect<ShopAction> {
    switch (screen, action) {
    case (.item(var item), .addTapped):
      item.qty += 1
      screen = .item(item)
      return .none
    case (.login(var login), .submitTapped):
      guard !login.isSubmitting else { return .none }
      login.isSubmitting = true
      screen = .login(login)
      let clock = self.clock
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loginSucceeded)
      }
    default:
      return .none
    }
  }
}
