import TabFlowCore

/// Finds the screens the app expects that no reached state holds (in any tab's stack or the app
/// layer): a problem each, in the order the app listed them, with no reproduction. None at depth
/// 0 (nothing was explored) or when the exploration was cut at its state limit.
final class UnreachedScreenAnalysis<Screen: Hashable, ScreenAction>: ExplorationAnalysis {
  private let expected: [String]
  private let screenName: (Screen) -> String
  /// The screens of the states reached (screens, not names: naming is done once, at the end).
  private var shown = Set<Screen>()

  init(expected: [String], screenName: @escaping (Screen) -> String) {
    self.expected = expected
    self.screenName = screenName
  }

  func reached(_ state: ReachedState<Screen>) -> ExplorationDecision {
    for tab in state.state.tabs {
      for route in tab.stack.routes { shown.insert(route.screen) }
    }
    for route in state.state.appLayer { shown.insert(route.screen) }
    return .exploreOn
  }

  func findings(_ end: ExplorationEnd<Screen, ScreenAction>) -> [ExplorationFinding<Screen, ScreenAction>] {
    guard end.depth > 0, !end.truncated else { return [] }
    let names = Set(shown.map(screenName))
    let within = end.exhaustive ? "in any reachable state" : "within \(end.depth) inputs"
    return expected.filter { !names.contains($0) }.map { name in
      ExplorationFinding(
        kind: .unreachedScreen, message: "\(name) is never shown \(within)", reproduction: ExplorationReproduction(inputs: []))
    }
  }
}
