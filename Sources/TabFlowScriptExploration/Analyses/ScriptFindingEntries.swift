import TabFlowExploration
import TabFlowLua

/// Findings an analysis of ``ScriptChecks`` met while exploring, kept until the end turns each
/// into a reproduction: its kind and message, the state it was met in (then the input at
/// `position`, if any), and its order among all findings met while exploring.
struct ScriptFindingEntries {
  private(set) var entries: [(kind: ExplorationFindingKind, message: String, index: Int, position: Int?, order: Int)] = []

  mutating func append(_ kind: ExplorationFindingKind, _ message: String, at index: Int, then position: Int? = nil, order: Int) {
    entries.append((kind, message, index, position, order))
  }

  /// The findings, with their reproductions, kept by `run` in `phase`.
  func findings(
    _ end: ExplorationEnd<DynamicScreen, DynamicAction>, run: ScriptCheckRun, phase: Int
  ) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    let findings = entries.map { entry in
      ExplorationFinding(
        kind: entry.kind, message: entry.message,
        reproduction: entry.position.map { end.reproduction(to: entry.index, then: $0) } ?? end.reproduction(to: entry.index))
    }
    return run.collect(findings, phase: phase, orders: entries.map(\.order))
  }
}

/// Where each kind of ``ScriptChecks``' findings comes in `check`'s report.
enum ScriptCheckPhase {
  static let declarations = 0
  static let exploring = 1
  static let deferredLinks = 2
  static let roundTrips = 3
  static let traps = 4
  static let payloadFields = 5
  static let unreached = 6
  static let noWayBack = 7
}
