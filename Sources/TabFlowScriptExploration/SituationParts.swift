import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// The parts of a state's situation (``ScriptInputLines/Situation``) as the values the state holds
/// them in: its top screen's name, its selected tab, its hidden tabs, its tab order (when reorders
/// are explored), its context, and whether something is presented over the tab bar. A key of
/// ``RecentByBits``: a state met again, or one a step made from it without touching those parts
/// (the copies share the values), finds what was made for its situation by these bits, without
/// making, hashing and comparing the situation (about 3,200 instructions a state on the demo).
///
/// Every field is a whole number of words (the flag an `Int`), so no padding byte takes part in
/// the bits compared.
struct SituationParts {
  typealias State = TabCoordinatorState<DynamicScreen>

  let top: String
  let selected: TabID
  let hidden: Set<TabID>
  let order: [TabID]
  let context: [String: FlowValue]
  /// 1 when something is presented over the tab bar, else 0.
  let overTabs: Int

  /// The parts of `state`; its tab order only when `reorders`.
  init(of state: State, reorders: Bool) {
    let overTabs = state.isAppLayerPresented
    top = overTabs ? state.storedAppLayer.top.screen.name : state.storedTabs[state.selectedIndex].stack.top.screen.name
    selected = state.storedSelectedTab
    hidden = state.storedTabBar.hidden
    order = reorders ? state.storedTabBar.order : []
    context = state.context
    self.overTabs = overTabs ? 1 : 0
  }
}
