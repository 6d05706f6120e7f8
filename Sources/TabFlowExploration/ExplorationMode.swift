/// How an ``Exploration`` treats its limits, and whether it runs its built-in analyses. The
/// default explores as a check does: the states at ``Exploration/depth`` are reached but their
/// inputs are not tried, and the exploration stops at the first new state past
/// ``Exploration/maxStates``.
///
/// A survey of the states — a map of them, the steps between screens — wants every input of the
/// states it drew, and everything within its limits: ``survey``.
public struct ExplorationMode: Hashable, Sendable {
  /// Whether the inputs of the states at the depth limit are tried too, so that analyses learn
  /// where each leads: to a state reached before, or — told as
  /// ``TriedInput/Outcome/moved(to:after:)`` with no index — to one beyond the depth, which is
  /// not recorded. The exploration is then exhaustive when none leads beyond.
  public var triesInputsAtDepth: Bool
  /// Whether exploring goes on once ``Exploration/maxStates`` states were reached: the inputs of
  /// every state recorded are still tried, and a new state each reaches is told as moved with no
  /// index (not recorded). The exploration is ``ExplorationReport/truncated`` all the same.
  public var goesOnAtStateLimit: Bool
  /// Whether the engine's own analyses (failed batches, guard rejections, invariants, traps,
  /// unreached screens) run before ``Exploration/analyses``; without them, the report's findings
  /// are the caller's analyses' alone.
  public var runsBuiltInAnalyses: Bool

  /// A mode; the defaults are a check's.
  public init(triesInputsAtDepth: Bool = false, goesOnAtStateLimit: Bool = false, runsBuiltInAnalyses: Bool = true) {
    self.triesInputsAtDepth = triesInputsAtDepth
    self.goesOnAtStateLimit = goesOnAtStateLimit
    self.runsBuiltInAnalyses = runsBuiltInAnalyses
  }

  /// A check's: the engine's analyses run, the states at the depth are not explored, and the
  /// state limit stops the exploration.
  public static let check = ExplorationMode()

  /// A survey's: every input of every state recorded is tried (those at the depth limit too),
  /// up to the state limit and past it, and only the caller's analyses run.
  public static let survey = ExplorationMode(triesInputsAtDepth: true, goesOnAtStateLimit: true, runsBuiltInAnalyses: false)
}
