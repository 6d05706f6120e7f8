import TabFlowCore
import TabFlowExploration
import TabFlowNavigation

/// A tiny app for the engine's tests: a few screens, actions that are commands, rules as a
/// closure, guards and links per test.
enum TinyScreen: Hashable, Sendable {
  case home
  case other
  case page(Int)
  case sheet
  case cover
}

enum TinyAction: Hashable, Sendable {
  case push(Int)
  case presentSheet
  case presentCover
  case dismiss
  case again
  case fail
  case invalid
}

struct TinyError: Error, CustomStringConvertible {
  var description: String { "the rule broke" }
}

enum TinyApp {
  typealias Rules = ClosureRules<TinyScreen, TinyAction>
  typealias State = TabCoordinatorState<TinyScreen>
  typealias Input = ExplorationInput<TinyScreen, TinyAction>

  static var rules: Rules {
    Rules { action, route, _ in
      switch action {
      case let .push(page): return [.push(.page(page))]
      case .presentSheet: return [.presentSheet(.sheet, withNavigation: true)]
      case .presentCover: return [.presentCover(.cover)]
      case .dismiss: return [.dismiss()]
      // The same screen again, as a new route (a new route ID): the same state.
      case .again: return [.pop(), .push(route.screen)]
      case .fail: throw TinyError()
      case .invalid: return [.pop(count: 9)]
      }
    }
  }

  /// Tabs `home` (root `.home`) and, unless `oneTab`, `other` (root `.other`).
  static func state(oneTab: Bool = false) throws -> State {
    let tabs: [TabDefinition<TinyScreen>] =
      oneTab ? [TabDefinition("home", root: .home)] : [TabDefinition("home", root: .home), TabDefinition("other", root: .other)]
    return try TabCoordinatorState(tabs: tabs)
  }

  /// An exploration of the tiny app: `actions` per screen, tab taps unless `taps` is false.
  static func exploration(
    guards: [NavigationGuard<TinyScreen>] = [],
    links: DeepLinks<TinyScreen> = DeepLinks(),
    oneTab: Bool = false,
    taps: Bool = true,
    urls: [String] = [],
    depth: Int = 6,
    maxStates: Int = 1_000_000,
    invariants: [StateInvariant<TinyScreen>] = [],
    expectedScreens: [String] = [],
    analyses: [() -> any ExplorationAnalysis<TinyScreen, TinyAction>] = [],
    actions: @escaping (TinyScreen) -> [(label: String, action: TinyAction)]
  ) throws -> Exploration<Rules> {
    Exploration(
      coordinator: TabCoordinator(rules: rules, guards: guards, deepLinks: links),
      initialState: try state(oneTab: oneTab),
      depth: depth, maxStates: maxStates, invariants: invariants, expectedScreens: expectedScreens,
      analyses: analyses,
      alphabet: ExplorationAlphabet(tabTaps: taps, urls: urls, screenActions: actions))
  }
}
