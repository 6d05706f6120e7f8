import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// Numbers the parts of explored states for their ``StateKey``s: each distinct list of routes,
/// route, context and pending link gets a number the first time it is seen and keeps it, so
/// equal parts have equal numbers. One per exploration, used on one thread.
///
/// Numbering a part by its contents hashes and compares them. A state reached by a transition
/// mostly repeats the state it came from, whose key is known, and what it repeats is found
/// without that: a tab whose routes are the same array (a transition usually changes one tab),
/// the routes a changed tab kept (the same route IDs, at the same positions, with the same
/// bits — a route's screen can change under its ID, so the route itself is compared), the same
/// context or pending link.
final class StateNumbering {
  typealias State = TabCoordinatorState<DynamicScreen>

  // One exploration's, used one key at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var tabIDs: [TabID] = []
  @exclusivity(unchecked) private var routeNumbers = RouteNumbers()
  @exclusivity(unchecked) private var listNumbers = RouteListNumbers()
  /// The list of route numbers being numbered (kept, so that numbering one allocates nothing).
  @exclusivity(unchecked) private var list: [Int] = []
  // Contexts and links are told apart as scripts tell them apart (`1` is not `1.0`, strings by
  // their bytes): Swift's `==` would merge states a rule can tell apart.
  @exclusivity(unchecked) private var contextNumbers: [LuaIdentity<FlowValue>: Int] = [:]
  @exclusivity(unchecked) private var linkNumbers: [LuaIdentity<String>: Int] = [:]
  /// The contexts and pending links numbered lately, by their bits (most recur in the very
  /// storage numbered before: found without their digests or a comparison).
  @exclusivity(unchecked) private var recentContexts = RecentBits<[String: FlowValue]>(standIn: [:])
  @exclusivity(unchecked) private var recentLinks = RecentBits<String>(standIn: "")
  @exclusivity(unchecked) private var historyNumbers: [[TabID]: Int] = [:]
  /// Each tab history by its number (0: none).
  @exclusivity(unchecked) private var histories: [[TabID]] = [[]]
  /// The number of the history a state's came to be, by the number of its parent's history and
  /// the tabs selected in both (``number(ofHistory:parentHistory:parentSelected:selected:)``).
  @exclusivity(unchecked) private var historyAfter: [Int: Int] = [:]
  /// The user's tab order followed by a separator and the hidden tabs, sorted (badges are not
  /// part of a state: a badge value a rule sets is no reason to explore more).
  @exclusivity(unchecked) private var tabBarNumbers: [[TabID?]: Int] = [:]
  /// Whether the tab history is part of a state: only `back` reads it, and only with
  /// `app { back = "history" }`.
  private let includesHistory: Bool

  // What numbers stand for, to rebuild a state from its key (``FrontierStates``; each tab's
  // routes are rebuilt from stacks it keeps itself).
  /// The tabs, by the number of the selected one (from 0).
  var selectableTabs: [TabID] { tabIDs }
  /// Each context, by its number (the first, at 0, is number 1).
  @exclusivity(unchecked) private(set) var contextsByNumber: [[String: FlowValue]] = []
  /// The selected tab's routes of the state last keyed (kept, so that no other array can take
  /// their place in memory), and their number.
  @exclusivity(unchecked) private var lastSelected: (routes: [Route<DynamicScreen>], number: Int)?

  /// A numbering; `includesHistory` when the script's `back` goes through the tab history.
  init(includesHistory: Bool = true) {
    self.includesHistory = includesHistory
  }

  /// The key of the exploration's first state (no parent).
  func key(of state: State) -> StateKey {
    makeKey(of: state, parent: state, parentNumbers: nil)
  }

  /// The key of `state`, reached from `parent`, whose key `parentKey` this numbering made: the
  /// parts the step left as they were keep the parent's numbers, found without hashing them.
  func key(of state: State, from parent: State, parentKey: StateKey) -> StateKey {
    makeKey(of: state, parent: parent, parentNumbers: parentKey.numbers)
  }

  /// The key of `state`; with `parentNumbers`, `parent`'s key, whose parts `state` may repeat.
  /// The parent is read field by field, never bound or copied whole (a copy of a state retains
  /// and releases each of its arrays: it once cost more than the numbering itself), and the tabs
  /// of both are read where their arrays hold them (an element read from an array is a copy).
  private func makeKey(of state: State, parent: State, parentNumbers: [Int]?) -> StateKey {
    // An unchanged copy of the parent (a step that failed, or moved nowhere) is the parent.
    if let parentNumbers, state.isUnchangedCopy(of: parent) {
      let selected = state.selectedIndex
      lastSelected = (state.storedTabs[selected].stack.storedRoutes, parentNumbers[1 + selected])
      return StateKey(numbers: parentNumbers)
    }
    return state.storedTabs.withUnsafeBufferPointer { tabs in
      parent.storedTabs.withUnsafeBufferPointer { parentTabs in
        makeKey(of: state, tabs: tabs, parent: parent, parentTabs: parentTabs, parentNumbers: parentNumbers)
      }
    }
  }

  /// ``makeKey(of:parent:parentNumbers:)`` with the tabs of `state` and `parent` in place.
  private func makeKey(
    of state: State, tabs: UnsafeBufferPointer<TabState<DynamicScreen>>, parent: State,
    parentTabs: UnsafeBufferPointer<TabState<DynamicScreen>>, parentNumbers: [Int]?
  ) -> StateKey {
    // A parent with other tabs (never, while one script is explored) has a key of another shape.
    let known: [Int]
    if let parentNumbers, parentTabs.count == tabs.count {
      known = parentNumbers
    } else {
      known = []
    }
    let sameShape = !known.isEmpty
    var numbers: [Int] = []
    numbers.reserveCapacity(tabs.count + 6)
    if sameShape, Self.identical(state.storedSelectedTab, parent.storedSelectedTab) {
      numbers.append(known[0])
    } else {
      numbers.append(number(ofSelected: state.storedSelectedTab))
    }
    for index in tabs.indices {
      guard sameShape else {
        numbers.append(number(routes: tabs[index].stack.storedRoutes, ids: tabs[index].stack.storedIDs))
        continue
      }
      let parentNumber = known[1 + index]
      if Self.address(of: tabs[index].stack.storedRoutes) == Self.address(of: parentTabs[index].stack.storedRoutes) {
        numbers.append(parentNumber)
      } else {
        numbers.append(number(
          routes: tabs[index].stack.storedRoutes, ids: tabs[index].stack.storedIDs,
          keptRoutes: parentTabs[index].stack.storedRoutes, keptIDs: parentTabs[index].stack.storedIDs,
          keptList: parentNumber))
      }
    }
    let contextNumber = numbers.count
    if sameShape, Self.identical(state.context, parent.context) {
      numbers.append(known[contextNumber])
    } else {
      numbers.append(Self.number(of: state.context, recent: &recentContexts) { context in
        let number = Self.number(of: LuaIdentity(FlowValue.object(context)), in: &contextNumbers)
        if number > contextsByNumber.count { contextsByNumber.append(context) }
        return number
      })
    }
    if let resume = state.pendingResume {
      // A pending resume (rare) is numbered with the pending link: states that differ in either go different ways.
      var resumed = ""
      dump(resume.commands, to: &resumed)
      numbers.append(Self.number(
        of: LuaIdentity("\(state.pendingLink ?? "")\u{0}\(resume.source)\u{0}\(resumed)"), in: &linkNumbers))
    } else if sameShape, parent.pendingResume == nil,
      // The same bits first (comparing the strings retains and releases both).
      Self.identical(state.pendingLink, parent.pendingLink) || state.pendingLink.isLuaIdentical(to: parent.pendingLink)
    {
      numbers.append(known[contextNumber + 1])
    } else {
      numbers.append(
        state.pendingLink.map { link in
          Self.number(of: link, recent: &recentLinks) { Self.number(of: LuaIdentity($0), in: &linkNumbers) }
        } ?? 0)
    }
    // The tabs selected before, which `back` returns to (app { back = "history" }): states that
    // differ only there go different ways.
    if !includesHistory {
      numbers.append(0)
    } else if sameShape, state.storedHistory == parent.storedHistory {
      numbers.append(known[contextNumber + 2])
    } else if state.storedHistory.isEmpty {
      numbers.append(0)
    } else {
      numbers.append(number(
        ofHistory: state.storedHistory, parentHistory: sameShape ? known[contextNumber + 2] : nil,
        parentSelected: known.first ?? 0, selected: numbers[0]))
    }
    // The user's order and hidden tabs: 0 while they are the declared order and none hidden.
    // (Read in place: a copy of the tab bar retains and releases its three collections. The
    // hidden tabs' same storage first: comparing sets retains and releases both.)
    if sameShape, state.storedTabBar.order == parent.storedTabBar.order,
      Self.identical(state.storedTabBar.hidden, parent.storedTabBar.hidden)
        || state.storedTabBar.hidden == parent.storedTabBar.hidden
    {
      numbers.append(known[contextNumber + 3])
    } else if state.storedTabBar.hidden.isEmpty, state.storedTabBar.order.elementsEqual(tabs.lazy.map(\.id)) {
      numbers.append(0)
    } else {
      let tabBar = state.storedTabBar
      let parts: [TabID?] = tabBar.order + [nil] + tabBar.hidden.sorted()
      numbers.append(Self.number(of: parts, in: &tabBarNumbers))
    }
    // The app layer (what is presented over the tab bar): 0 while nothing is.
    if !state.isAppLayerPresented {
      numbers.append(0)
    } else if sameShape, parent.isAppLayerPresented,
      Self.address(of: state.storedAppLayer.storedRoutes) == Self.address(of: parent.storedAppLayer.storedRoutes)
    {
      numbers.append(known[contextNumber + 4])
    } else {
      numbers.append(number(routes: state.storedAppLayer.storedRoutes, ids: state.storedAppLayer.storedIDs))
    }
    lastSelected = (tabs[state.selectedIndex].stack.storedRoutes, numbers[1 + state.selectedIndex])
    return StateKey(numbers: numbers)
  }

  /// The number of the routes of `state`'s selected tab in its key — equal numbers are routes a
  /// script cannot tell apart (the same screens, styles and states, in order) — when `state`
  /// holds the very routes of the state this numbering keyed last (the engine tells the analyses
  /// of a state it reached right after keying it); `nil` otherwise.
  func routesNumber(ofSelectedTabInLastKeyed state: State) -> Int? {
    guard let lastSelected else { return nil }
    let routes = state.storedTabs[state.selectedIndex].stack.storedRoutes
    return Self.address(of: routes) == Self.address(of: lastSelected.routes) ? lastSelected.number : nil
  }

  /// The number of a tab `history`. A history changes when the selected tab does, and follows
  /// from the history before and the tabs selected before and after: the number found the last
  /// time the parent's history (number `parentHistory`) met those selected tabs (`parentSelected`,
  /// `selected`: numbers) is checked — the same tabs in order — and taken, without hashing it.
  private func number(ofHistory history: [TabID], parentHistory: Int?, parentSelected: Int, selected: Int) -> Int {
    guard let parentHistory else { return number(ofHistory: history) }
    let move = parentHistory << 16 | parentSelected << 8 | selected
    if let known = historyAfter[move], histories[known] == history { return known }
    let number = number(ofHistory: history)
    historyAfter[move] = number
    return number
  }

  /// The number of a tab `history`, looked up by its tabs.
  private func number(ofHistory history: [TabID]) -> Int {
    let number = Self.number(of: history, in: &historyNumbers)
    if number == histories.count { histories.append(history) }
    return number
  }

  private func number(ofSelected tab: TabID) -> Int {
    if let index = tabIDs.firstIndex(of: tab) { return index }
    tabIDs.append(tab)
    return tabIDs.count - 1
  }

  /// The number of a tab's `routes` (with their `ids`); those it shares with the same tab in
  /// the state it came from — `keptRoutes` and `keptIDs`, whose list number is `keptList` — keep
  /// their numbers, and the same routes as there (a stack copied, routes given new IDs) keep its
  /// list's number without looking the list up. The arrays are passed as they are held (a stack
  /// passed whole, with its other arrays, was copied for the call).
  private func number(
    routes: [Route<DynamicScreen>], ids: [RouteID], keptRoutes: [Route<DynamicScreen>] = [], keptIDs: [RouteID] = [],
    keptList: Int = 0
  ) -> Int {
    let keptNumbers = listNumbers.lists[keptList]
    list.removeAll(keepingCapacity: true)
    let shared = min(routes.count, keptIDs.count, keptNumbers.count)
    routes.withUnsafeBufferPointer { buffer in
      guard let routes = buffer.baseAddress else { return }
      if shared > 0 {
        keptRoutes.withUnsafeBufferPointer { keptRoutes in
          guard let keptRoutes = keptRoutes.baseAddress else { return }
          while list.count < shared, ids[list.count] == keptIDs[list.count],
            routeNumbers.same(routes + list.count, keptRoutes + list.count)
          {
            list.append(keptNumbers[list.count])
          }
        }
      }
      while list.count < buffer.count {
        list.append(routeNumbers.number(of: routes + list.count))
      }
    }
    if keptList != 0, list == keptNumbers { return keptList }
    return list.withUnsafeBufferPointer { listNumbers.number(of: $0) }
  }

  /// The number of `part` in `numbers`, given it (the next one, from 1) if it has none: one
  /// look-up either way.
  private static func number<Part: Hashable>(of part: Part, in numbers: inout [Part: Int]) -> Int {
    let next = numbers.count + 1
    func assigned(_ number: inout Int) -> Int {
      if number == 0 { number = next }
      return number
    }
    return assigned(&numbers[part, default: 0])
  }

  /// The number of `value`: the one kept with its bits in `recent`, or the one `lookUp` finds
  /// (then kept there).
  private static func number<Value>(of value: Value, recent: inout RecentBits<Value>, lookUp: (Value) -> Int) -> Int {
    withUnsafePointer(to: value) { pointer in
      let slot = recent.slot(of: pointer)
      if let known = recent.number(at: slot, of: pointer) { return known }
      let number = lookUp(value)
      recent.keep(value, number: number, at: slot)
      return number
    }
  }

  /// The address of an array's storage (arrays of routes are never empty: a stack has its root).
  private static func address(of routes: [Route<DynamicScreen>]) -> UInt {
    routes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }

  /// Whether two values are the same bits (for a dictionary: the same storage), and so equal;
  /// `false` says nothing.
  static func identical<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in
        guard let left = lhs.baseAddress, let right = rhs.baseAddress, lhs.count == rhs.count else { return false }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }
}
