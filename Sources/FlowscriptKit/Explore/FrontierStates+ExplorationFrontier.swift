import TabFlowExploration
import TabFlowLua

/// `check`'s packed level as the library engine's frontier (the engine numbers reached states
/// with `Int`; the level keeps them as `Int32`, far above any state limit).
extension FrontierStates: ExplorationFrontier {
  typealias Screen = DynamicScreen
}
