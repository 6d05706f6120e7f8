import TabFlowCore
import TabFlowLua

/// What `flowscript map`'s page draws of one explored state, made when the state is reached so
/// the state itself need not be kept: its selected tab, each tab's stack and its context as
/// numbers in the exploration's ``MapTables``, its URL and pending link as text (numbered when
/// the page is written, with the other texts), and the app layer's stack while something is
/// presented over the tab bar.
struct MapStateRow {
  /// The selected tab's position among the tabs.
  let selected: Int
  /// Each tab's stack, by its number in the tables.
  let stacks: [Int]
  /// The context, by its number in the tables.
  let context: Int
  /// The URL of the screen shown (its link's), if it has one.
  let url: String?
  /// The deep link a guard deferred, if any.
  let pendingLink: String?
  /// The app layer's stack, by its number, while something is presented over the tab bar.
  let appLayer: Int?

  /// The row of `state`, its parts numbered in `tables`; `url` is its screen's URL.
  init(_ state: TabCoordinatorState<DynamicScreen>, tabIDs: [TabID], url: String?, tables: inout MapTables) {
    selected = tabIDs.firstIndex(of: state.selectedTab) ?? 0
    stacks = state.tabs.map { tables.stack($0.stack) }
    context = tables.context(state.context)
    self.url = url
    pendingLink = state.pendingLink
    appLayer = state.isAppLayerPresented ? tables.stack(state.storedAppLayer) : nil
  }
}
