import TabFlowNavigation

/// How the screen the user sees changed, one value per change. The cases are listed by
/// precedence, highest first: when a change is several at once (a deep link that switches tabs
/// and pushes), the signal says the first that applies — what caused it (restore, reload,
/// rollback, deep link, a tap on the selected tab), then what the user sees happen (tab switch,
/// reset, dismiss, present, pop, push).
public enum VisibleRouteChange: String, Hashable, Sendable, CaseIterable, Comparable {
  /// The navigation was restored (a saved document loaded, the app launched).
  case restore
  /// A rule-script reload was adopted.
  case reload
  /// A rule package was rolled back to earlier rules.
  case rollback
  /// A deep link opened (or a deferred one, once allowed).
  case deepLink
  /// A tap on the selected tab popped it to its root (not the scroll-to-top at the root, which
  /// changes no screen and stays the report `reselectedAtRoot`).
  case reselectToRoot
  /// Another tab was selected.
  case tabSwitch
  /// The selected tab's stack was replaced (`reset`, `resetTabs`, the top screen shown in place).
  case reset
  /// A presented route (sheet or cover) left.
  case dismiss
  /// A sheet or cover was presented.
  case present
  /// Pushes left.
  case pop
  /// A screen was pushed.
  case push

  /// Precedence: the case listed first is the smaller.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
