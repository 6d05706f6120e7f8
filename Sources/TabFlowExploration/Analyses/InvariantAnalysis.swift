import TabFlowCore

/// Checks the invariants on each state reached: each invariant's first violation (at its
/// shortest reproduction) is a problem, and a state breaking any is not explored on.
final class InvariantAnalysis<Screen, ScreenAction>: ExplorationAnalysis {
  private let invariants: [StateInvariant<Screen>]
  private var violated = Set<String>()
  private var found = FindingsByMessage()

  init(_ invariants: [StateInvariant<Screen>]) {
    self.invariants = invariants
  }

  func reached(_ state: ReachedState<Screen>) -> ExplorationDecision {
    var decision = ExplorationDecision.exploreOn
    for invariant in invariants {
      guard let message = invariant.check(state.state) else { continue }
      decision = .stop
      if violated.insert(invariant.name).inserted {
        found.note("\(invariant.name): \(message)", at: state.index)
      }
    }
    return decision
  }

  func findings(_ end: ExplorationEnd<Screen, ScreenAction>) -> [ExplorationFinding<Screen, ScreenAction>] {
    found.findings(.invariantViolation, end)
  }
}
