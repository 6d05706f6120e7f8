/// Why the user's customization of the tab bar (reorder, hide, show) or a tap on a tab was
/// refused; the state is unchanged.
public enum TabBarRefusal: Hashable, Sendable, CustomStringConvertible {
  /// The tab is not declared `hideable`.
  case notHideable(TabID)
  /// The selected tab cannot be hidden.
  case selected(TabID)
  /// The last visible tab cannot be hidden.
  case lastVisible(TabID)
  /// A hidden tab cannot be tapped: it is not in the tab bar.
  case hidden(TabID)
  /// A new order must name every declared tab once, hidden ones included.
  case notAnOrder(given: [TabID], declared: [TabID])

  /// Why, e.g. `cannot hide tab 'home': it is not declared hideable`.
  public var description: String {
    switch self {
    case let .notHideable(tab): return "cannot hide tab '\(tab)': it is not declared hideable"
    case let .selected(tab): return "cannot hide tab '\(tab)': it is the selected tab"
    case let .lastVisible(tab): return "cannot hide tab '\(tab)': it is the last visible tab"
    case let .hidden(tab): return "cannot select tab '\(tab)': it is hidden (show it first)"
    case let .notAnOrder(given, declared):
      return "cannot order the tabs as \(given.map(\.rawValue).joined(separator: " ")): "
        + "name every tab once (\(declared.map(\.rawValue).joined(separator: ", ")))"
    }
  }
}
