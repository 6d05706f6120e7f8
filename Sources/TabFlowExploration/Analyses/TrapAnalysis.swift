import TabFlowCore

/// Finds traps: explored states from which the user's own moves — back, and a tab tap while the
/// tab bar shows (nothing presented) — never lead to a state showing a tab's root with nothing
/// presented, every such move changing nothing or being redirected back. A move a guard asks
/// about counts as a way out (the user may confirm it); a state not explored (at the depth
/// limit) may lead anywhere, so it proves no trap. One problem per screen shown (the one the
/// user sees, named by the exploration's screen names), at its shortest reproduction (the
/// fewest inputs, then the first found). None when the exploration was cut at its state limit:
/// some moves were not tried.
final class TrapAnalysis<Screen, ScreenAction>: ExplorationAnalysis {
  private let screenName: (Screen) -> String
  /// Per state: whether it is at a tab's root, whether a guard asked about a move from it,
  /// whether its inputs were tried, and the screen it shows (when they were).
  private var atRoot: [Bool] = []
  private var asked: [Bool] = []
  private var expanded: [Bool] = []
  private var screens: [String?] = []
  /// The user's moves, as the states they lead from and to.
  private var moves: [(from: Int, to: Int)] = []

  init(screenName: @escaping (Screen) -> String) {
    self.screenName = screenName
  }

  func reached(_ state: ReachedState<Screen>) -> ExplorationDecision {
    atRoot.append(Self.isAtRoot(state.state))
    asked.append(false)
    expanded.append(false)
    screens.append(nil)
    return .exploreOn
  }

  func exploring(_ state: ReachedState<Screen>) {
    expanded[state.index] = true
    screens[state.index] = screenName(state.state.visibleTop.screen)
  }

  func tried(_ input: TriedInput<Screen, ScreenAction>) {
    guard input.input.isUserMove else { return }
    // A tab tap is a move only while the tab bar shows.
    if case .tabTapped = input.input.action, !Self.showsTabBar(input.state) { return }
    if input.delegates.contains(where: { if case let .rejected(batch) = $0 { batch.asks } else { false } }) {
      asked[input.from] = true
    }
    if case let .moved(to?) = input.outcome { moves.append((input.from, to)) }
  }

  func findings(_ end: ExplorationEnd<Screen, ScreenAction>) -> [ExplorationFinding<Screen, ScreenAction>] {
    guard !end.truncated else { return [] }
    let count = atRoot.count
    // The moves into each state.
    var sources = [[Int]](repeating: [], count: count)
    for move in moves { sources[move.to].append(move.from) }
    // States that escape: at a root, asked about, or not explored; then whatever moves into one.
    var escapes = (0..<count).map { atRoot[$0] || asked[$0] || !expanded[$0] }
    var queue = (0..<count).filter { escapes[$0] }
    while let index = queue.popLast() {
      for from in sources[index] where !escapes[from] {
        escapes[from] = true
        queue.append(from)
      }
    }
    // Per screen, the trapped state reached first (breadth first: the fewest inputs).
    var first: [String: Int] = [:]
    for index in 0..<count where !escapes[index] {
      if let screen = screens[index], first[screen] == nil { first[screen] = index }
    }
    return first.sorted { $0.key < $1.key }.map { screen, index in
      ExplorationFinding(
        kind: .trap,
        message: "the user is stuck on \(screen): no back or tab tap leads to a tab's root from here (each is "
          + "redirected back or changes nothing)",
        reproduction: end.reproduction(to: index))
    }
  }

  /// Whether the state shows a tab's root, with nothing presented.
  static func isAtRoot(_ state: TabCoordinatorState<Screen>) -> Bool {
    state.selectedStack.count == 1 && !state.isAppLayerPresented
  }

  /// Whether the tab bar shows: nothing is presented over the selected tab or the tab bar.
  static func showsTabBar(_ state: TabCoordinatorState<Screen>) -> Bool {
    state.selectedStack.presentedIndices.isEmpty && !state.isAppLayerPresented
  }
}
