import TabFlowExploration
import TabFlowLua

/// `check`'s traps (``ExploredStates/traps(depth:lines:)``): explored states from which back and
/// tab taps (while the tab bar shows) reach no state at a tab's root — a move a guard asks about
/// counts as a way out. One per screen, with the shortest lines (the fewest, then the first in
/// order). None when the exploration was cut at its state limit.
final class ScriptTrapAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    guard !end.truncated else { return [] }
    // The lines of a trap's state are its reproduction's: replayed once for both.
    let reproductions = ReproductionMemo(end)
    let traps = run.explored.traps(depth: end.depth(of:), lines: { reproductions.reproduction(to: $0).labels })
    let findings = traps.map { trap in
      ExplorationFinding(
        kind: FailureKind.trap.findingKind, message: ExploredStates.trapMessage(screen: trap.screen),
        reproduction: reproductions.reproduction(to: trap.index))
    }
    return run.collect(findings, phase: ScriptCheckPhase.traps)
  }
}
