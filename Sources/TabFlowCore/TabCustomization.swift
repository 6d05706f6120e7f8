import TabFlowNavigation

/// What the user does to the tab bar in the sidebar's customization (`TabViewCustomization`):
/// reorder the tabs, hide one, show one again. Sent as ``TabCoordinatorAction/customizeTabs(_:)``.
public enum TabCustomization: Hashable, Sendable, CustomStringConvertible {
  /// The tabs in a new order, naming every declared tab once, hidden ones included.
  case reorder([TabID])
  /// Hides a tab declared `hideable` that is neither selected nor the last visible tab.
  case hide(TabID)
  /// Shows a hidden tab again, in its place in the user's order.
  case show(TabID)

  /// As flowscript writes it: `order tabs home search`, `hide tab search`, `show tab search`.
  public var description: String {
    switch self {
    case let .reorder(tabs): return "order tabs " + tabs.map(\.rawValue).joined(separator: " ")
    case let .hide(tab): return "hide tab \(tab)"
    case let .show(tab): return "show tab \(tab)"
    }
  }
}
