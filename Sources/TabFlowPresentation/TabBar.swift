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
/// on the selected one as a reselect (pop to root, or a report, by the tab's ``/TabFlowCore/ReselectPolicy``).
/// A selection setter must therefore be called for a tap on the selected item too — SwiftUI's
/// `TabView` calls it with the selected value in that case.
public struct TabBar: Hashable, Sendable {
  /// The visible tabs, in the user's order.
  public let tabs: [TabID]
  /// The selected tab.
  public let selected: TabID
  /// Every tab, hidden ones included, in the user's order, with what it declares for the bar,
  /// whether it is hidden and its badge: what a customizable `TabView` declares.
  public let entries: [TabBarEntry]

  /// A tab bar showing `tabs` with `selected` selected (no roles, sections, badges; none hidden).
  public init(tabs: [TabID], selected: TabID) {
    self.tabs = tabs
    self.selected = selected
    self.entries = tabs.map { TabBarEntry(id: $0) }
  }

  /// A tab bar of `entries`, in order, with `selected` selected; ``tabs`` are the entries not hidden.
  public init(entries: [TabBarEntry], selected: TabID) {
    self.tabs = entries.filter { !$0.isHidden }.map(\.id)
    self.selected = selected
    self.entries = entries
  }

  /// The sections of the sidebar in the order their first tab comes, each with its entries;
  /// tabs in no section come under `nil` (`TabView` lists them outside any `TabSection`).
  public var sections: [(name: String?, entries: [TabBarEntry])] {
    var sections: [(name: String?, entries: [TabBarEntry])] = []
    for entry in entries {
      if let index = sections.firstIndex(where: { $0.name == entry.item.section }) {
        sections[index].entries.append(entry)
      } else {
        sections.append((entry.item.section, [entry]))
      }
    }
    return sections
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
