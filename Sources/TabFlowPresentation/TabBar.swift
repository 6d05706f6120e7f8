import TabFlowCore
import TabFlowNavigation

/// What a tab bar binds to: the tabs in order and the selected one, and the action a tap on an
/// item becomes.
///
/// ```swift
/// let bar = state.tabBar
/// TabView(selection: Binding(get: { bar.selected }, set: { store.send(bar.action(forSelecting: $0)) })) { … }
/// ```
///
/// Every tap is `.tabTapped`: the coordinator selects a tab that is not selected, and treats a tap
/// on the selected one as a reselect (pop to root, or a report, by the tab's ``ReselectPolicy``).
/// A selection setter must therefore be called for a tap on the selected item too — SwiftUI's
/// `TabView` calls it with the selected value in that case.
public struct TabBar: Hashable, Sendable {
  /// The tabs, in tab-bar order.
  public let tabs: [TabID]
  /// The selected tab.
  public let selected: TabID

  /// A tab bar showing `tabs` with `selected` selected.
  public init(tabs: [TabID], selected: TabID) {
    self.tabs = tabs
    self.selected = selected
  }

  /// Whether a tap on `tab` is a reselect: the tab is already selected.
  public func isReselect(_ tab: TabID) -> Bool {
    tab == selected
  }

  /// The action for a tap on `tab`: `.tabTapped(tab)`, which selects it, or reselects it when it
  /// is ``selected``.
  public func action<Screen, ScreenAction>(forSelecting tab: TabID) -> TabCoordinatorAction<Screen, ScreenAction> {
    .tabTapped(tab)
  }
}
