import TabFlowNavigation

/// Where a batch of navigation commands came from; logged with the batch and shown in errors.
public enum BatchSource: Hashable, Sendable, CustomStringConvertible {
  /// A rule for a screen action, e.g. `feed.itemTapped`.
  case rule(String)
  /// An action of the screen of a route, handled by rules that do not name themselves.
  case screenAction(tab: TabID, route: RouteID)
  /// A tap on a tab-bar item.
  case tabTap(TabID)
  /// The user's back gesture or back button.
  case userBack
  /// A deep link.
  case deepLink(String)
  /// Code in the host app.
  case host
  /// The user's customization of the tab bar (reorder, hide, show).
  case customization

  /// `rule feed.itemTapped`, `tab tap home`, `back`, `url shop://item/3`, `host`.
  public var description: String {
    switch self {
    case let .rule(name): return "rule \(name)"
    case let .screenAction(tab, route): return "action of route \(route) in \(tab)"
    case let .tabTap(tab): return "tab tap \(tab)"
    case .userBack: return "back"
    case let .deepLink(url): return "url \(url)"
    case .host: return "host"
    case .customization: return "tab bar customization"
    }
  }
}
