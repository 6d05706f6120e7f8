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
  @exclusivity(unchecked) private var routeNumbers: [RouteContent: Int] = [:]
  @exclusivity(unchecked) private var listNumbers = RouteListNumbers()
  /// The list of route numbers being numbered (kept, so that numbering one allocates nothing).
  @exclusivity(unchecked) private var list: [Int] = []
  // Contexts and links are told apart as scripts tell them apart (`1` is not `1.0`, strings by
  // their bytes): Swift's `==` would merge states a rule can tell apart.
  @exclusivity(unchecked) private var contextNumbers: [LuaIdentity<FlowValue>: Int] = [:]
  @exclusivity(unchecked) private var linkNumbers: [LuaIdentity<String>: Int] = [:]
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
      let number = Self.number(of: LuaIdentity(FlowValue.object(state.context)), in: &contextNumbers)
      if number > contextsByNumber.count { contextsByNumber.append(state.context) }
      numbers.append(number)
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
      numbers.append(state.pendingLink.map { Self.number(of: LuaIdentity($0), in: &linkNumbers) } ?? 0)
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
    if shared > 0 {
      routes.withUnsafeBufferPointer { routes in
        keptRoutes.withUnsafeBufferPointer { keptRoutes in
          guard let routes = routes.baseAddress, let keptRoutes = keptRoutes.baseAddress else { return }
          while list.count < shared, ids[list.count] == keptIDs[list.count],
            sameRoute(routes + list.count, keptRoutes + list.count)
          {
            list.append(keptNumbers[list.count])
          }
        }
      }
    }
    while list.count < routes.count {
      list.append(Self.number(of: RouteContent(route: routes[list.count]), in: &routeNumbers))
    }
    if keptList != 0, list == keptNumbers { return keptList }
    return list.withUnsafeBufferPointer { listNumbers.number(of: $0) }
  }

  /// Whether two routes print the same, read where they are held (no copy): the same case and
  /// navigation flag, and the same screen — at once when its bytes are the same (the screen is
  /// the first value of every case of a route, so the first bytes of its memory: checked once,
  /// see ``screensLead``) — and, for sheets, the same configuration.
  private func sameRoute(_ lhs: UnsafePointer<Route<DynamicScreen>>, _ rhs: UnsafePointer<Route<DynamicScreen>>) -> Bool {
    guard screensLead, memcmp(lhs, rhs, MemoryLayout<DynamicScreen>.size) == 0 else {
      return RouteContent.same(lhs.pointee, rhs.pointee)
    }
    switch (lhs.pointee, rhs.pointee) {
    case let (.root(_, left), .root(_, right)), let (.cover(_, left), .cover(_, right)): return left == right
    case (.push, .push): return true
    case (.sheet, .sheet): return RouteContent.same(lhs.pointee, rhs.pointee)
    // Every case, and no `default:`: a new case fails to compile until it is compared above.
    case (.root, _), (.push, _), (.sheet, _), (.cover, _): return false
    }
  }

  /// Whether a route's screen is the first bytes of its memory, in every case (Swift lays each
  /// case's values out from the start): checked on a route of each case, so
  /// ``sameRoute(_:_:)`` compares screens by their bytes only when it holds.
  private let screensLead: Bool = {
    let screen = DynamicScreen("probe", state: ["probe": .int(1)])
    let routes: [Route<DynamicScreen>] = [
      .root(screen, withNavigation: true), .push(screen), .sheet(screen, withNavigation: true), .cover(screen, withNavigation: true),
    ]
    return withUnsafeBytes(of: screen) { screenBytes in
      routes.allSatisfy { route in
        withUnsafeBytes(of: route) { routeBytes in
          guard let routeStart = routeBytes.baseAddress, let screenStart = screenBytes.baseAddress,
            routeBytes.count >= screenBytes.count
          else { return false }
          return memcmp(routeStart, screenStart, screenBytes.count) == 0
        }
      }
    }
  }()

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

/// A route as a script sees it: style, screen and its state, the navigation flag of a root or
/// a presented route, a sheet's configuration — read through its accessors for the concrete
/// screen type (the route's own `Hashable` conformance would go through generic code), and
/// compared here only. Hashed by its ``digest``, made of the script's digests of the screen's
/// name and state (``/TabFlowNavigation/FlowValue/luaIdentityDigest``) with the case and the
/// flag: routes ``same(_:_:)`` has equal always have equal digests (a sheet's configuration is
/// left out of it, which only makes sheets differing in it share a digest). No `Hasher` reads
/// the screen: a route numbered costs a few mixes and one word hashed.
private struct RouteContent: Hashable {
  let route: Route<DynamicScreen>
  let digest: UInt64

  init(route: Route<DynamicScreen>) {
    self.route = route
    digest = Self.digest(of: route)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }

  /// The digest of what ``same(_:_:)`` compares, but a sheet's configuration.
  static func digest(of route: Route<DynamicScreen>) -> UInt64 {
    let style: UInt64 =
      switch route.style {
      case .root: 1
      case .push: 2
      case .sheet: 3
      case .cover: 4
      }
    let screen = route.screen
    var digest = FlowValue.arrayDigest(count: Int(style << 1 | (route.withNavigation ? 1 : 0)))
    digest = FlowValue.arrayDigest(digest, adding: screen.name.luaIdentityDigest)
    return FlowValue.arrayDigest(digest, adding: FlowValue.object(screen.state).luaIdentityDigest)
  }

  static func == (lhs: RouteContent, rhs: RouteContent) -> Bool {
    same(lhs.route, rhs.route)
  }

  /// Whether two routes are the same to a script; at once for screens sharing their storage
  /// (the same bits: a route's screen is compared, not the route, whose unused payload bytes may
  /// differ). Screens are compared as scripts compare them: `1` is not `1.0`, strings by bytes.
  static func same(_ lhs: Route<DynamicScreen>, _ rhs: Route<DynamicScreen>) -> Bool {
    guard lhs.style == rhs.style, lhs.withNavigation == rhs.withNavigation else { return false }
    let (left, right) = (lhs.screen, rhs.screen)
    return (StateNumbering.identical(left, right)
      || (left.name.isLuaIdentical(to: right.name) && FlowValue.object(left.state).isLuaIdentical(to: .object(right.state))))
      && lhs.sheetConfiguration == rhs.sheetConfiguration
  }
}
