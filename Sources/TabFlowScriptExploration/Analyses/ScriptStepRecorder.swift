import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// The first of ``ScriptChecks``' analyses: what the others read of each step and state — how
/// the step failed (``ScriptStepFailure``, as ``ScriptChecks/noteStep(_:guardErrors:_:)`` noted it),
/// whether it reached a new state — and the marks and user's moves `check`'s trap and cover
/// checks need (``ExploredStates``), taken as `check` takes them.
final class ScriptStepRecorder: ExplorationAnalysis {
  typealias State = TabCoordinatorState<DynamicScreen>
  private let run: ScriptCheckRun
  // Told by the engine on one thread, one call at a time: no run-time exclusivity checks.
  /// What the steps from the state being explored read of it, read once when it is told
  /// (``exploring(_:)``) instead of at each input: whether a tab tap there is the user's move (the
  /// tab bar shows) and whether it shows a cover.
  @exclusivity(unchecked) private var source: (index: Int, tapMoves: Bool, showsCover: Bool)?

  init(_ run: ScriptCheckRun) {
    self.run = run
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    run.explored.append()
    if state.index == 0 {
      run.initial = state.state
      if ScriptCheckRun.isAtRoot(state.state) { run.explored.mark(0, .atRoot) }
    }
    run.lastReached = state.index
    return .exploreOn
  }

  func exploring(_ state: ReachedState<DynamicScreen>) {
    // What the user sees: the app layer's top when something is presented over the tab bar
    // (read from the routes as held, not through a copy of the route).
    let cover = state.state.showsCover
    let index = ExploredStates.Index(state.index)
    run.explored.expand(index, screen: state.state.shownScreen.name, cover: cover)
    if ScriptCheckRun.isAtRoot(state.state) { run.explored.mark(index, .atRoot) }
    source = (state.index, Self.tapMoves(state.state), cover)
  }

  /// Whether a tab tap in `state` is the user's own move: the tab bar shows (nothing is
  /// presented over it, nor over the selected tab's root).
  private static func tapMoves(_ state: State) -> Bool {
    !state.isAppLayerPresented && !selectedTabPresents(state)
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    // Classified where the step ran (``ScriptChecks/noteStep(_:guardErrors:_:)``): its rules counted its
    // guard errors; a noted step without a note did not fail (the note is bound, a copy, only
    // when there is one). Without the note (an exploration that does not note steps), from the
    // delegates alone: a guard's error then reads as its rejection.
    // The note is read (a copy of an existential) only when there is one.
    if input.hasNote, let failure = input.note as? ScriptStepFailure {
      run.failure = failure
    } else if !input.hasNote && (run.stepsNoted || !input.input.isExplorable) {
      // Most steps follow one that did not fail either: nothing to clear (and release).
      if case .some = run.failure { run.failure = nil }
    } else {
      run.failure = ScriptStepFailure(input.delegates, guardFailed: false, guardError: nil)
    }
    let to: Int? = if case let .moved(to?) = input.outcome { to } else { nil }
    run.reachedNew = to != nil && to == run.lastReached
    run.lastReached = nil
    // A line that cannot be written was not sent: no move, no mark.
    guard input.input.isExplorable else { return }

    let from = ExploredStates.Index(input.from)
    let isBack = if case .back = input.input.action { true } else { false }
    let isTap = if case .tabTapped = input.input.action { true } else { false }
    // What the source state shows, read when it was told (or here, for a state never told).
    let known = source.flatMap { $0.index == input.from ? $0 : nil }
    // Back and a tab tap while the tab bar shows are the user's own moves (read in place).
    let move = isBack || (isTap && (known?.tapMoves ?? Self.tapMoves(input.state)))
    if let failure = run.failure {
      // A move a guard asks about is a question to the user (the host re-sends it confirmed): a
      // way out, not a trap. A guard that blocks is no way out.
      if failure.kind == .guardQuestion, move { run.explored.mark(from, .asked) }
      return
    }
    // Back and taps are not a cover's way back.
    let leavesCover = !isBack && !isTap && (known?.showsCover ?? input.state.showsCover)
    guard move || leavesCover, let to else { return }
    if move {
      run.explored.addMove(from: from, to: ExploredStates.Index(to))
      if ScriptCheckRun.isAtRoot(input.after) { run.explored.mark(ExploredStates.Index(to), .atRoot) }
    }
    if leavesCover, ExploredStates.visibleDepth(input.after) < ExploredStates.visibleDepth(input.state) {
      run.explored.mark(from, .wayBack)
    }
  }

  /// Whether the selected tab has a sheet or cover presented above its root, read in place: the
  /// stack keeps the indices of its presented routes, bottom to top, so the last one tells.
  static func selectedTabPresents(_ state: State) -> Bool {
    (state.storedTabs[state.selectedIndex].stack.storedPresentedIndices.last ?? 0) > 0
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    []
  }
}
