import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// Says how far `check --explore` got, on stderr, every second or so (when stderr is a
/// terminal): `… 12000 states, depth 6`. It finds nothing.
final class CheckProgress: ExplorationAnalysis {
  private var states = 0
  private var depth = 0
  private var steps = 0
  private var last = ContinuousClock.now

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    states += 1
    depth = max(depth, state.depth)
    return .exploreOn
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    steps += 1
    // The clock is read every few hundred steps.
    guard steps % 256 == 0, ContinuousClock.now - last > .seconds(1) else { return }
    last = ContinuousClock.now
    Output.error("… \(states) states, depth \(depth)")
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    []
  }
}
