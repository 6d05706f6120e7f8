import TabFlowCore
import TabFlowExploration
import TabFlowLua

/// The first of ``ScriptChecks``' analyses: what the others read of each step and state — how
/// the step failed (``ScriptStepFailure``, with the rules' guard errors counted around it),
/// whether it reached a new state — and the marks and user's moves `check`'s trap and cover
/// checks need (``ExploredStates``), taken as `check` takes them.
final class ScriptStepRecorder: ExplorationAnalysis {
  typealias State = TabCoordinatorState<DynamicScreen>
  private let run: ScriptCheckRun

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
    // What the user sees: the app layer's top when something is presented over the tab bar.
    let top = state.state.visibleTop
    let index = ExploredStates.Index(state.index)
    run.explored.expand(index, screen: top.screen.name, cover: top.style == .cover)
    if ScriptCheckRun.isAtRoot(state.state) { run.explored.mark(index, .atRoot) }
    run.deepestExplored = max(run.deepestExplored, state.depth)
    run.guardErrors = run.rules.guardErrorCount
  }

  func tried(_ input: TriedInput<DynamicScreen, DynamicAction>) {
    let errors = run.rules.guardErrorCount
    let guardFailed = errors != run.guardErrors
    run.failure = ScriptStepFailure(
      input.delegates, guardFailed: guardFailed, guardError: guardFailed ? run.rules.lastGuardError : nil)
    run.guardErrors = errors
    let to: Int? = if case let .moved(to?, _) = input.outcome { to } else { nil }
    run.reachedNew = to != nil && to == run.lastReached
    run.lastReached = nil

    let state = input.state
    let from = ExploredStates.Index(input.from)
    let isBack = if case .back = input.input.action { true } else { false }
    let isTap = if case .tabTapped = input.input.action { true } else { false }
    let tabBarShows = state.selectedStack.presentedIndices.isEmpty && !state.isAppLayerPresented
    // Back and a tab tap while the tab bar shows are the user's own moves.
    let move = isBack || (isTap && tabBarShows)
    if let failure = run.failure {
      // A move a guard asks about is a question to the user (the host re-sends it confirmed): a
      // way out, not a trap. A guard that blocks is no way out.
      if failure.kind == .guardQuestion, move { run.explored.mark(from, .asked) }
      return
    }
    guard case let .moved(_, after) = input.outcome, let to else { return }
    if move {
      run.explored.addMove(from: from, to: ExploredStates.Index(to))
      if ScriptCheckRun.isAtRoot(after) { run.explored.mark(ExploredStates.Index(to), .atRoot) }
    }
    // Back and taps are not a cover's way back.
    if !isBack, !isTap, state.visibleTop.style == .cover, ExploredStates.visibleDepth(after) < ExploredStates.visibleDepth(state) {
      run.explored.mark(from, .wayBack)
    }
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    []
  }
}
