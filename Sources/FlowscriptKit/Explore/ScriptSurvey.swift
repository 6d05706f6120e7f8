import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// An exploration of a session's script by the library's engine (`Exploration`), for the
/// commands that draw what it reaches (`map`, `graph`): from the session's state, with `check`'s
/// lines (``ScriptAlphabet/everyInput(for:)``), states told apart by `check`'s numbering (``StateNumbering``)
/// and kept packed while they wait (``FrontierStates``), and the context keys rules are seen to
/// read added round by round (``ContextSamples/exploring(from:declarations:rounds:_:)``), each
/// round with an analysis of its own; the last round's counts.
///
/// The engine steps the session's rules on the calling thread (one worker), each step noted as
/// `check` notes it (``ScriptChecks/noteStep(_:guardErrors:_:)``: how it failed, a guard's error
/// counted by the rules), so that it reads as its line's failure in the session
/// (``Round/failure(of:)``), and a failed step, as a failed line, changes nothing.
struct ScriptSurvey {
  typealias Report = ExplorationReport<DynamicScreen, DynamicAction>

  /// What one round's analysis is made from.
  struct Round {
    /// The context keys the inputs set.
    let context: ContextSamples
    /// The deep links of the coordinator explored.
    let deepLinks: DeepLinks<DynamicScreen>

    /// How `tried`'s step failed, as its line fails in a session: its kind, and what `send`
    /// prints; `nil` when it did not fail.
    func failure(of tried: TriedInput<DynamicScreen, DynamicAction>) -> (kind: FailureKind, message: String)? {
      guard let failure = tried.note as? ScriptStepFailure else { return nil }
      let first = tried.delegates.lazy.compactMap(\.failure).first
      return (failure.kind, failure.lineMessage(action: tried.input.action, firstFailure: first, deepLinks: deepLinks))
    }
  }

  let session: FlowSession
  let depth: Int
  let maxStates: Int
  var mode = ExplorationMode.survey
  /// Whether a state's tab history tells it apart (``StateNumbering/init(includesHistory:)``).
  var includesHistory = true

  /// Explores with an analysis `make` makes for each round; the last round's analysis and report.
  /// The session is handed back in the state it was in.
  func run<Analysis: ExplorationAnalysis>(
    _ make: (Round) -> Analysis
  ) -> (analysis: Analysis, report: Report) where Analysis.Screen == DynamicScreen, Analysis.ScreenAction == DynamicAction {
    let wasExploring = session.isExploring
    session.isExploring = true
    let initial = session.state
    defer {
      session.load(initial)
      session.isExploring = wasExploring
    }
    let rules = session.rules
    let declarations = rules.declarations
    let coordinator = TabCoordinator.quiet(script: rules)
    let start = ContextSamples(declarations: declarations, read: rules.contextKeysRead)
    return ContextSamples.exploring(from: start, declarations: [declarations]) { samples in
      let alphabet = ScriptAlphabet(declarations: declarations, context: samples)
      let analysis = make(Round(context: samples, deepLinks: coordinator.deepLinks))
      var exploration = Exploration(
        coordinator: coordinator, initialState: initial, depth: depth, maxStates: maxStates,
        analyses: [{ analysis }], inputs: alphabet.everyInput(for:))
      exploration.mode = mode
      exploration.noteStep = (start: { $0.guardErrorCount }, end: ScriptChecks.noteStep)
      let numbering = StateNumbering(includesHistory: includesHistory)
      let first = exploration.startState
      let frontier = FrontierStates(numbering: numbering, template: first, templateKey: numbering.key(of: first))
      let report = exploration.run(
        keying: numbering, frontier: frontier, workers: exploration.workers(jobs: 1) { nil })
      return ((analysis, report), rules.contextKeysRead)
    }
  }
}
