import TabFlowCore
import TabFlowLua
import TabFlowNavigation


/// The states of one level of an exploration that wait to be explored, kept small: a state is the
/// numbers of its key (``StateNumbering``) and two numbers of its own — its tab history and its
/// tab bar (order, hidden tabs, badges) — about 50 bytes, rebuilt when it is explored. Its parts
/// come from the exploration's first state (what no state changes while a script is explored)
/// and from the numbering's record of what each number stands for; each tab's routes are one
/// stack per distinct list of routes, shared by every state that holds that list.
///
/// A state that differs from the first state in what these numbers do not rebuild — a pending
/// link or resume, a guard's question waiting to be confirmed, a tab's policies or item — is
/// kept whole.
///
/// A rebuilt state prints, compares and is numbered as the state it stands for; it may hold
/// other route IDs (those of the first state found with the same routes), which no rule, line or
/// report can tell apart.
struct FrontierStates {
  typealias State = TabCoordinatorState<DynamicScreen>

  private let numbering: StateNumbering
  /// The exploration's first state, from which the parts no number records are taken.
  private let template: State
  /// The number of each tab's routes in `template`, whose stack is kept as it is.
  private let templateLists: [Int]
  /// How many numbers a key has.
  private let width: Int
  /// Whether states are packed at all (tests compare explorations with and without).
  private let packs: Bool
  /// Per kept state: its index, its key's numbers, its history's and its tab bar's.
  private var packed: [Int32] = []
  /// The states kept whole, with their keys and indices.
  private var whole: [(state: State, key: StateKey, index: Int32)] = []
  /// Each state in order: a position in `packed` (from 0), or −1 − a position in `whole`.
  private var order: [Int32] = []
  /// One stack per list number seen (`nil` until a state holding it is kept).
  private var stacks: [RouteStack<DynamicScreen>?] = []
  private var histories: [[TabID]] = []
  private var historyNumbers: [[TabID]: Int32] = [:]
  private var tabBars: [TabBarState] = []
  private var tabBarNumbers: [TabBarState: Int32] = [:]
  /// The history and the tab bar of the state kept last, with their numbers: a state kept mostly
  /// holds the very same (the same storage, the same bits), found without hashing. Kept here,
  /// their storage is not reused.
  private var lastHistory: (part: [TabID], number: Int32)?
  private var lastTabBar: (part: TabBarState, number: Int32)?

  /// An empty level, for an exploration from `template` whose keys `numbering` makes;
  /// `templateKey` is the first state's key. With `packs` false, every state is kept whole. The
  /// states rebuilt from the template note no removed routes, as an exploration's own states do
  /// not (``/TabFlowCore/TabCoordinatorState/stopNotingRemovals()``).
  init(numbering: StateNumbering, template: State, templateKey: StateKey, packs: Bool = true) {
    self.numbering = numbering
    self.packs = packs
    var template = template
    template.stopNotingRemovals()
    self.template = template
    width = templateKey.numbers.count
    templateLists = Array(templateKey.numbers[1..<(1 + template.tabs.count)])
  }

  /// How many states wait.
  var count: Int { order.count }

  /// Empties the level, keeping what rebuilds states.
  mutating func removeAll() {
    packed.removeAll(keepingCapacity: false)
    whole.removeAll(keepingCapacity: false)
    order.removeAll(keepingCapacity: false)
  }

  /// Adds `state`, whose key is `key` and index `index`.
  mutating func append(_ state: State, key: StateKey, index: Int) {
    guard packs, fitsTemplate(state), key.numbers.count == width else {
      order.append(-1 - Int32(whole.count))
      whole.append((state, key, Int32(truncatingIfNeeded: index)))
      return
    }
    order.append(Int32(packed.count))
    packed.append(Int32(truncatingIfNeeded: index))
    for number in key.numbers { packed.append(Int32(truncatingIfNeeded: number)) }
    packed.append(Self.number(of: state.storedHistory, in: &histories, numbers: &historyNumbers, last: &lastHistory))
    packed.append(Self.number(of: state.storedTabBar, in: &tabBars, numbers: &tabBarNumbers, last: &lastTabBar))
    // The stacks rebuilt states take: the first kept for each list of routes.
    let tabs = state.storedTabs
    for position in tabs.indices where key.numbers[1 + position] != templateLists[position] {
      keep(tabs[position].stack, as: key.numbers[1 + position])
    }
    let appLayer = key.numbers[width - 1]
    if appLayer != 0 { keep(state.storedAppLayer, as: appLayer) }
  }

  /// The state at `position`, its key and its index.
  func entry(at position: Int) -> (state: State, key: StateKey, index: Int) {
    let slot = Int(order[position])
    guard slot >= 0 else {
      let kept = whole[-1 - slot]
      return (kept.state, kept.key, Int(kept.index))
    }
    let index = Int(packed[slot])
    let numbers = (0..<width).map { Int(packed[slot + 1 + $0]) }
    let history = histories[Int(packed[slot + 1 + width])]
    let tabBar = tabBars[Int(packed[slot + 2 + width])]
    return (rebuilt(numbers: numbers, history: history, tabBar: tabBar), StateKey(numbers: numbers), index)
  }

  /// The state the numbers stand for, its other parts the template's.
  private func rebuilt(numbers: [Int], history: [TabID], tabBar: TabBarState) -> State {
    var state = template
    let tabCount = template.storedTabs.count
    let selected = numbering.selectableTabs[numbers[0]]
    state.storedSelectedTab = selected
    state.selectedIndex = state.positions[selected] ?? 0
    for position in 0..<tabCount where numbers[1 + position] != templateLists[position] {
      if let stack = stacks[numbers[1 + position]] { state.storedTabs[position].stack = stack }
    }
    state.context = numbering.contextsByNumber[numbers[1 + tabCount] - 1]
    state.storedHistory = history
    state.storedTabBar = tabBar
    let appLayer = numbers[5 + tabCount]
    if appLayer != 0, let stack = stacks[appLayer] { state.storedAppLayer = stack }
    return state
  }

  /// Whether `state` holds nothing but what its numbers and the template give: the template's
  /// tabs (their policies and items), back behaviour, first tab and pending link, no pending
  /// resume and no question waiting to be confirmed.
  private func fitsTemplate(_ state: State) -> Bool {
    guard state.pendingResume == nil, state.pendingLink == template.pendingLink, state.confirmable == nil, state.backBehavior == template.backBehavior,
      state.storedInitialTab == template.storedInitialTab, state.storedTabs.count == template.storedTabs.count
    else { return false }
    // The tabs read where their arrays hold them (a tab bound from an array is a copy of it).
    return state.storedTabs.withUnsafeBufferPointer { tabs in
      template.storedTabs.withUnsafeBufferPointer { firsts in
        tabs.indices.allSatisfy { index in
          tabs[index].id == firsts[index].id && tabs[index].reselect == firsts[index].reselect
            && tabs[index].onLeave == firsts[index].onLeave && tabs[index].item == firsts[index].item
        }
      }
    }
  }

  private mutating func keep(_ stack: RouteStack<DynamicScreen>, as list: Int) {
    if stacks.count <= list { stacks += Array(repeating: nil, count: list + 1 - stacks.count) }
    if stacks[list] == nil { stacks[list] = stack }
  }

  /// The number of `part` in `parts` (given it if it has none); at once when it is the same bits
  /// as the `last` part numbered, which it then becomes.
  private static func number<Part: Hashable>(
    of part: Part, in parts: inout [Part], numbers: inout [Part: Int32], last: inout (part: Part, number: Int32)?
  ) -> Int32 {
    if let known = last?.number, let kept = last?.part, StateNumbering.identical(kept, part) { return known }
    let number = numbers[part] ?? Int32(parts.count)
    if number == parts.count {
      parts.append(part)
      numbers[part] = number
    }
    last = (part, number)
    return number
  }
}
