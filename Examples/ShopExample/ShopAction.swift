import TabFlow

/// What the example's screens do. The Lua rules receive each action by name, with its payload.
public enum ShopAction: Equatable, Sendable, ScriptableAction {
  /// The feed's item was tapped.
  case itemTapped(id: Int)
  /// The item page's add button.
  case addTapped
  /// The item page's buy button.
  case buyTapped
  /// The login form's submit button.
  case submitTapped
  /// The login finished (sent by the login effect).
  case loginSucceeded
  /// A presented screen was cancelled.
  case cancelled
  /// The account page's orders button.
  case ordersTapped
  /// The purchase confirmation's buy button.
  case confirmTapped

  /// The name rules use after the screen: `feed.itemTapped`.
  public var scriptName: String {
    switch self {
    case .itemTapped: "itemTapped"
    case .addTapped: "addTapped"
    case .buyTapped: "buyTapped"
    case .submitTapped: "submitTapped"
    case .loginSucceeded: "loginSucceeded"
    case .cancelled: "cancelled"
    case .ordersTapped: "ordersTapped"
    case .confirmTapped: "confirmTapped"
    }
  }

  /// The payload rules receive: `{id = 3}` for `itemTapped`, `{}` otherwise.
  public var scriptPayload: FlowValue {
    if case let .itemTapped(id) = self { return ["id": .int(id)] }
    return .emptyObject
  }
}
