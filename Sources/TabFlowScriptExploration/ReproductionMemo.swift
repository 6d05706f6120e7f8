import TabFlowExploration

/// The reproductions of an ended exploration (``ExplorationEnd/reproduction(to:)``), each made
/// once per state: a reproduction replays its inputs from the initial state (steps that run the
/// rules), and `check`'s traps ask the lines of a state to pick the shortest, then its
/// reproduction again for the finding.
final class ReproductionMemo<Screen, ScreenAction> {
  private let end: ExplorationEnd<Screen, ScreenAction>
  private var made: [Int: ExplorationReproduction<Screen, ScreenAction>] = [:]

  /// Reproductions made by `end`.
  init(_ end: ExplorationEnd<Screen, ScreenAction>) {
    self.end = end
  }

  /// The shortest reproduction of state `index`, made the first time it is asked.
  func reproduction(to index: Int) -> ExplorationReproduction<Screen, ScreenAction> {
    if let known = made[index] { return known }
    let reproduction = end.reproduction(to: index)
    made[index] = reproduction
    return reproduction
  }
}
