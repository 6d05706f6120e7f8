import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

/// `check`'s unreached screens: the declared screens no state reached shows (in the selected tab
/// or the app layer over it; every tab of the initial state). A problem when the exploration was
/// complete; otherwise a note that it may lie deeper (or beyond a state breaking an invariant).
/// None at depth 0 (nothing explored).
final class ScriptUnreachedScreenAnalysis: ExplorationAnalysis {
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  @exclusivity(unchecked) private var shown = Set<String>()
  /// The declared screens not shown yet: once none is left, what states show changes no finding,
  /// and is not looked at (each name shown was hashed, in every state reached).
  @exclusivity(unchecked) private var unshown: Set<String>

  init(_ run: ScriptCheckRun) {
    self.run = run
    unshown = Set(run.declarations.screenNames)
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    if unshown.isEmpty {
      // Every declared screen was shown.
    } else if state.index == 0 {
      for tab in state.state.storedTabs { show(tab.stack.storedRoutes) }
      if state.state.isAppLayerPresented { show(state.state.storedAppLayer.storedRoutes, from: 1) }
    } else {
      show(shownBy: state.state)
    }
    return .exploreOn
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    // A new state met at the state limit is not recorded, but it was shown: `check` counts it.
    // The outcome first: rare, and read without the run-time access check of a property.
    guard case .moved(to: nil) = input.outcome, !unshown.isEmpty else { return }
    show(shownBy: input.after)
  }

  /// Notes the screens of the selected tab of `state`, and of the app layer over it (read in place).
  private func show(shownBy state: TabCoordinatorState<DynamicScreen>) {
    show(state.storedTabs[state.selectedIndex].stack.storedRoutes)
    // The app layer's root stands for the tab bar: no screen of its own.
    if state.isAppLayerPresented { show(state.storedAppLayer.storedRoutes, from: 1) }
  }

  private func show(_ routes: [Route<DynamicScreen>], from start: Int = 0) {
    for index in routes.indices.dropFirst(start) where shown.insert(routes[index].screen.name).inserted {
      unshown.remove(routes[index].screen.name)
    }
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    guard end.depth > 0 else { return [] }
    // The depth `check` names: the levels explored in full.
    let depthReached = end.levelsExplored
    let none = ExplorationReproduction<DynamicScreen, DynamicAction>(inputs: [])
    let findings = run.declarations.screenNames.filter { !shown.contains($0) }.map { screen in
      if end.exhaustive {
        return ExplorationFinding(
          kind: ScriptFindingKinds.unreached, message: "screen '\(screen)' is declared but no explored sequence shows it",
          reproduction: none)
      }
      let why = run.stoppedAtViolations
        ? "; states breaking an invariant are not explored on, and it may lie beyond one or deeper"
        : "; explore deeper to check it"
      return ExplorationFinding(
        kind: ScriptFindingKinds.notReached(withinDepth: depthReached), message: "screen '\(screen)'" + why, reproduction: none)
    }
    return run.collect(findings, phase: ScriptCheckPhase.unreached)
  }
}
