import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

/// The engine against a naive explorer that keeps whole states (route IDs left out) in a `Set`,
/// on small apps generated from a seed: both must count the same states.
@Suite("Exploration against a naive explorer")
struct DifferentialExplorationTests {
  /// SplitMix64: the same apps for the same seed, on every platform.
  struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  typealias Rules = ClosureRules<TinyScreen, Int>
  typealias State = TabCoordinatorState<TinyScreen>

  /// The commands a generated rule may give.
  static let palette: [[NavigationCommand<TinyScreen>]] = [
    [.push(.page(0))], [.push(.page(1))], [.push(.page(2))],
    [.presentSheet(.sheet, withNavigation: true)], [.presentCover(.cover)], [.dismiss()], [.pop()],
    [.selectTab("other")], [.selectTab("home")], [.goBackToRoot], [.tab("other", .push(.page(1)))],
    [.app(.presentSheet(.sheet))], [.app(.dismissAll)], [.emit(NavigationEvent("done"))],
  ]

  static let screens: [TinyScreen] = [.home, .other, .page(0), .page(1), .page(2), .sheet, .cover]

  /// An app: each screen's actions are a few commands of the palette, by number.
  static func app(seed: UInt64) -> (rules: Rules, alphabet: ExplorationAlphabet<TinyScreen, Int>) {
    var random = Seeded(state: seed)
    var table: [TinyScreen: [[NavigationCommand<TinyScreen>]]] = [:]
    for screen in screens {
      table[screen] = (0..<random.next(4)).map { _ in palette[random.next(palette.count)] }
    }
    let counts = table.mapValues(\.count)
    let rules = Rules { action, route, _ in table[route.screen]?[action] ?? [] }
    let alphabet = ExplorationAlphabet<TinyScreen, Int>(context: [("k", [1, 2])]) { screen in
      (0..<(counts[screen] ?? 0)).map { ("a\($0)", $0) }
    }
    return (rules, alphabet)
  }

  /// A state without its route IDs (and without what the engine leaves out: badges, and the
  /// tab history while back does not use it).
  struct Whole: Hashable {
    let selected: TabID
    let history: [TabID]
    let tabs: [[Route<TinyScreen>]]
    let appLayer: [Route<TinyScreen>]
    let context: [String: FlowValue]
    let pendingLink: String?
    let order: [TabID]
    let hidden: Set<TabID>

    init(_ state: State) {
      selected = state.selectedTab
      history = state.backBehavior == .history ? state.history : []
      tabs = state.tabs.map(\.stack.routes)
      appLayer = state.appLayer
      context = state.context
      pendingLink = state.pendingLink
      order = state.tabOrder
      hidden = state.hiddenTabs
    }
  }

  /// The states reached within `depth` inputs, counted by keeping them whole.
  static func naiveCount(
    _ coordinator: TabCoordinator<Rules>, from initial: State, alphabet: ExplorationAlphabet<TinyScreen, Int>, depth: Int
  ) -> Int {
    var seen: Set<Whole> = [Whole(initial)]
    var frontier = [initial]
    for _ in 0..<depth {
      var next: [State] = []
      for state in frontier {
        for input in alphabet.inputs(for: state) {
          var after = state
          _ = coordinator.step(input.action, state: &after)
          if seen.insert(Whole(after)).inserted { next.append(after) }
        }
      }
      frontier = next
    }
    return seen.count
  }

  @Test(
    "The engine counts the states a naive explorer counts, on 40 generated apps, back by place or by history",
    arguments: 0..<20, [BackBehavior.firstRoute, .history])
  func sameCounts(seed: Int, back: BackBehavior) throws {
    let (rules, alphabet) = Self.app(seed: UInt64(seed))
    let coordinator = TabCoordinator(rules: rules)
    let initial = try TabCoordinatorState<TinyScreen>(
      tabs: [TabDefinition("home", root: .home), TabDefinition("other", root: .other)], backBehavior: back)
    let depth = 4
    let report = Exploration(coordinator: coordinator, initialState: initial, depth: depth, alphabet: alphabet).run()
    #expect(report.states == Self.naiveCount(coordinator, from: initial, alphabet: alphabet, depth: depth), "\(report.text)")
    #expect(!report.truncated)
  }
}
