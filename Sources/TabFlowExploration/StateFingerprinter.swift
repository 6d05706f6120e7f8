import TabFlowCore
import TabFlowNavigation

/// Makes the 64-bit fingerprint of a state, the same for states that differ only in route IDs.
///
/// What makes a state: the selected tab, each tab's routes (style, screen, navigation flag, sheet
/// configuration), the app layer's routes, the context, the pending deep link and pending resume,
/// the user's tab order and hidden tabs, and — only when `back` goes through it
/// (``BackBehavior/history``) — the tab history. Not the route IDs, and not the badges (a badge a
/// rule sets is no reason to explore more).
///
/// Each distinct part (a route, a list of routes, a context…) gets a number the first time it is
/// seen and keeps it; a state is the list of its parts' numbers, mixed into 64 bits. Numbers
/// depend only on the order states are met, so the same exploration makes the same fingerprints
/// in every run (Swift's `Hasher` is seeded per process: it is used for look-ups only). The
/// parts are kept, not the states: a route or a context is shared by many states.
///
/// Inlinable, as ``Exploration/run()`` is: specialized for the app's screen type in the module
/// that runs the exploration, it looks up no generic type metadata. The exploration's default
/// ``ExplorationKeying``: a state's key is its fingerprint. One per exploration, used on one thread.
public final class StateFingerprinter<Screen: Hashable> {
  @usableFromInline var routeNumbers: [Route<Screen>: Int] = [:]
  @usableFromInline var listNumbers: [[Int]: Int] = [:]
  @usableFromInline var contextNumbers: [[String: FlowValue]: Int] = [:]
  @usableFromInline var linkNumbers: [String: Int] = [:]
  @usableFromInline var historyNumbers: [[TabID]: Int] = [:]
  @usableFromInline var tabBarNumbers: [[TabID?]: Int] = [:]
  @usableFromInline var tabNumbers: [TabID: Int] = [:]
  /// Pending resumes are `Equatable` only, and rare: compared one by one.
  @usableFromInline var resumes: [PendingResume<Screen>] = []
  /// The numbers of the state being fingerprinted (kept to reuse the storage).
  @usableFromInline var numbers: [Int] = []

  /// A fingerprinter that has numbered nothing yet.
  public init() {}

  /// The fingerprint of `state`.
  @inlinable
  public func fingerprint(of state: TabCoordinatorState<Screen>) -> UInt64 {
    numbers.removeAll(keepingCapacity: true)
    numbers.append(Self.number(of: state.selectedTab, in: &tabNumbers))
    let tabs = state.tabs
    let order = state.tabOrder
    var declaredOrder = order.count == tabs.count
    for index in tabs.indices {
      numbers.append(number(of: tabs[index].stack.routes))
      if declaredOrder, order[index] != tabs[index].id { declaredOrder = false }
    }
    numbers.append(state.isAppLayerPresented ? number(of: state.appLayer) : 0)
    numbers.append(Self.number(of: state.context, in: &contextNumbers))
    if let link = state.pendingLink {
      numbers.append(Self.number(of: link, in: &linkNumbers))
    } else {
      numbers.append(0)
    }
    if let resume = state.pendingResume {
      numbers.append(number(of: resume))
    } else {
      numbers.append(0)
    }
    let history = state.backBehavior == .history ? state.history : []
    numbers.append(history.isEmpty ? 0 : Self.number(of: history, in: &historyNumbers))
    let hidden = state.hiddenTabs
    if hidden.isEmpty, declaredOrder {
      numbers.append(0)
    } else {
      let parts: [TabID?] = order + [nil] + hidden.sorted()
      numbers.append(Self.number(of: parts, in: &tabBarNumbers))
    }
    return Self.mix(numbers)
  }

  @inlinable
  func number(of routes: [Route<Screen>]) -> Int {
    var list: [Int] = []
    list.reserveCapacity(routes.count)
    for route in routes { list.append(Self.number(of: route, in: &routeNumbers)) }
    return Self.number(of: list, in: &listNumbers)
  }

  @usableFromInline
  func number(of resume: PendingResume<Screen>) -> Int {
    if let known = resumes.firstIndex(of: resume) { return known + 1 }
    resumes.append(resume)
    return resumes.count
  }

  /// The number of `part`, given it (the next one, from 1) the first time it is seen.
  @inlinable
  static func number<Part: Hashable>(of part: Part, in numbers: inout [Part: Int]) -> Int {
    if let known = numbers[part] { return known }
    let number = numbers.count + 1
    numbers[part] = number
    return number
  }

  /// The numbers mixed into 64 bits: each in turn, with SplitMix64's finaliser after each, so
  /// lists that differ anywhere differ here but for a chance of 2⁻⁶⁴.
  @usableFromInline
  static func mix(_ numbers: [Int]) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: numbers.count &+ 1)
    for number in numbers {
      hash = finalise(hash &+ 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(number)) &* 0xBF58_476D_1CE4_E5B9)
    }
    return hash
  }

  /// SplitMix64's finaliser.
  private static func finalise(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
