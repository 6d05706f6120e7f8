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
final class StateFingerprinter<Screen: Hashable> {
  private var routeNumbers: [Route<Screen>: Int] = [:]
  private var listNumbers: [[Int]: Int] = [:]
  private var contextNumbers: [[String: FlowValue]: Int] = [:]
  private var linkNumbers: [String: Int] = [:]
  private var historyNumbers: [[TabID]: Int] = [:]
  private var tabBarNumbers: [[TabID?]: Int] = [:]
  private var tabNumbers: [TabID: Int] = [:]
  /// Pending resumes are `Equatable` only, and rare: compared one by one.
  private var resumes: [PendingResume<Screen>] = []
  /// The numbers of the state being fingerprinted (kept to reuse the storage).
  private var numbers: [Int] = []

  /// The fingerprint of `state`.
  func fingerprint(of state: TabCoordinatorState<Screen>) -> UInt64 {
    numbers.removeAll(keepingCapacity: true)
    numbers.append(Self.number(of: state.selectedTab, in: &tabNumbers))
    for tab in state.tabs {
      numbers.append(number(of: tab.stack.routes))
    }
    numbers.append(state.isAppLayerPresented ? number(of: state.appLayer) : 0)
    numbers.append(Self.number(of: state.context, in: &contextNumbers))
    numbers.append(state.pendingLink.map { Self.number(of: $0, in: &linkNumbers) } ?? 0)
    numbers.append(state.pendingResume.map(number(of:)) ?? 0)
    let history = state.backBehavior == .history ? state.history : []
    numbers.append(history.isEmpty ? 0 : Self.number(of: history, in: &historyNumbers))
    if state.hiddenTabs.isEmpty, state.tabOrder.elementsEqual(state.tabs.lazy.map(\.id)) {
      numbers.append(0)
    } else {
      let parts: [TabID?] = state.tabOrder + [nil] + state.hiddenTabs.sorted()
      numbers.append(Self.number(of: parts, in: &tabBarNumbers))
    }
    return Self.mix(numbers)
  }

  private func number(of routes: [Route<Screen>]) -> Int {
    let list = routes.map { Self.number(of: $0, in: &routeNumbers) }
    return Self.number(of: list, in: &listNumbers)
  }

  private func number(of resume: PendingResume<Screen>) -> Int {
    if let known = resumes.firstIndex(of: resume) { return known + 1 }
    resumes.append(resume)
    return resumes.count
  }

  /// The number of `part`, given it (the next one, from 1) the first time it is seen.
  private static func number<Part: Hashable>(of part: Part, in numbers: inout [Part: Int]) -> Int {
    if let known = numbers[part] { return known }
    let number = numbers.count + 1
    numbers[part] = number
    return number
  }

  /// The numbers mixed into 64 bits: each in turn, with SplitMix64's finaliser after each, so
  /// lists that differ anywhere differ here but for a chance of 2⁻⁶⁴.
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
