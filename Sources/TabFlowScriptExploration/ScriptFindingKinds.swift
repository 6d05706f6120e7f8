import TabFlowExploration

/// The kinds of ``ScriptChecks``' findings that are not a ``FailureKind``.
public enum ScriptFindingKinds {
  /// A declared screen no state of a complete exploration shows.
  public static let unreached = ExplorationFindingKind("unreached")
  /// A declared screen no state shows within the depth explored (a note: it may lie deeper).
  public static func notReached(withinDepth depth: Int) -> ExplorationFindingKind {
    ExplorationFindingKind("not reached within depth \(depth) (note)", isNote: true)
  }
  /// A cover whose actions never lead back.
  public static let noWayBack = ExplorationFindingKind("no way back")
}
