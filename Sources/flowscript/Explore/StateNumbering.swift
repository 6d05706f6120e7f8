import Foundation
import TabFlow

/// Numbers the parts of explored states for their ``StateKey``s: each distinct list of routes,
/// route, context and pending link gets a number the first time it is seen and keeps it, so
/// equal parts have equal numbers. One per exploration, used on one thread.
///
/// Numbering a part by its contents hashes and compares them; a part seen before is found
/// without that, by what it shares with the state it was seen in:
/// - a tab's routes by the address of their storage (a transition usually changes one tab; the
///   others hold the same arrays as the state it came from). The entry keeps the array alive, so
///   no other array can have that address, and no owner can change it in place (it is not
///   uniquely referenced, so a change copies it first);
/// - a route by its ID (a route keeps its ID as it is copied from state to state), checked equal
///   to the route remembered with it — a route's screen can change under its ID — which costs
///   little when, as usual, they share their storage;
/// - a context among the last few (most explorations toggle a few flags), compared the same way.
final class StateNumbering {
  typealias State = TabCoordinatorState<DynamicScreen>

  // One exploration's, used one key at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var tabIDs: [TabID] = []
  @exclusivity(unchecked) private var routeNumbers: [RouteContent: Int] = [:]
  @exclusivity(unchecked) private var listNumbers: [[Int]: Int] = [:]
  @exclusivity(unchecked) private var contextNumbers: [[String: FlowValue]: Int] = [:]
  @exclusivity(unchecked) private var linkNumbers: [String: Int] = [:]
  @exclusivity(unchecked) private var routesByID: [RouteID: (route: Route<DynamicScreen>, number: Int)] = [:]
  @exclusivity(unchecked) private var listsByAddress: [UInt: (routes: [Route<DynamicScreen>], number: Int)] = [:]
  @exclusivity(unchecked) private var recentContexts: [(context: [String: FlowValue], number: Int)] = []

  /// Routes and lists remembered by ID and address, each; past it that memory starts again
  /// empty (the numbers stay).
  static var capacity: Int { 200_000 }
  /// Contexts remembered as recent.
  static var recentContextCount: Int { 8 }

  /// The key of `state`.
  func key(of state: State) -> StateKey {
    let tabs = state.tabs
    var numbers: [Int] = []
    numbers.reserveCapacity(tabs.count + 3)
    numbers.append(number(ofSelected: state.selectedTab))
    for tab in tabs {
      numbers.append(number(of: tab.stack))
    }
    numbers.append(number(of: state.context))
    numbers.append(state.pendingLink.map(number(ofLink:)) ?? 0)
    return StateKey(numbers: numbers)
  }

  private func number(ofSelected tab: TabID) -> Int {
    if let index = tabIDs.firstIndex(of: tab) { return index }
    tabIDs.append(tab)
    return tabIDs.count - 1
  }

  /// The number of a tab's routes.
  private func number(of stack: RouteStack<DynamicScreen>) -> Int {
    let routes = stack.routes
    let address = routes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    if let known = listsByAddress[address] { return known.number }
    var list: [Int] = []
    list.reserveCapacity(routes.count)
    for (route, id) in zip(routes, stack.ids) {
      list.append(number(of: route, id: id))
    }
    let number = Self.number(of: list, in: &listNumbers)
    if listsByAddress.count >= Self.capacity { listsByAddress.removeAll() }
    listsByAddress[address] = (routes, number)
    return number
  }

  private func number(of route: Route<DynamicScreen>, id: RouteID) -> Int {
    if let known = routesByID[id], RouteContent.identical(known.route, route) || RouteContent.same(known.route, route) {
      return known.number
    }
    let number = Self.number(of: RouteContent(route: route), in: &routeNumbers)
    if routesByID.count >= Self.capacity { routesByID.removeAll() }
    routesByID[id] = (route, number)
    return number
  }

  private func number(of context: [String: FlowValue]) -> Int {
    for index in recentContexts.indices where recentContexts[index].context == context {
      return recentContexts[index].number
    }
    let number = Self.number(of: context, in: &contextNumbers)
    if recentContexts.count >= Self.recentContextCount { recentContexts.removeFirst() }
    recentContexts.append((context, number))
    return number
  }

  private func number(ofLink link: String) -> Int {
    Self.number(of: link, in: &linkNumbers)
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
}

/// A route as `state` prints it: style, screen and its state, the navigation flag of a root or
/// a presented route, a sheet's configuration — read through its accessors for the concrete
/// screen type (the route's own `Hashable` conformance would go through generic code), and
/// hashed and compared here only, so the two always agree.
private struct RouteContent: Hashable {
  let route: Route<DynamicScreen>

  func hash(into hasher: inout Hasher) {
    hasher.combine(route.style)
    hasher.combine(route.screen)
    hasher.combine(route.withNavigation)
    hasher.combine(route.sheetConfiguration)
  }

  static func == (lhs: RouteContent, rhs: RouteContent) -> Bool {
    same(lhs.route, rhs.route)
  }

  /// Whether two routes are the same bits — the same case, the same storage for the screen's
  /// name and state — and so print the same; `false` says nothing (an unused payload byte may
  /// differ).
  static func identical(_ lhs: Route<DynamicScreen>, _ rhs: Route<DynamicScreen>) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in
        guard let left = lhs.baseAddress, let right = rhs.baseAddress, lhs.count == rhs.count else { return false }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }

  static func same(_ lhs: Route<DynamicScreen>, _ rhs: Route<DynamicScreen>) -> Bool {
    lhs.style == rhs.style && lhs.withNavigation == rhs.withNavigation && lhs.screen == rhs.screen
      && lhs.sheetConfiguration == rhs.sheetConfiguration
  }
}
