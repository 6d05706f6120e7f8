import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// What `flowscript map` explored: every state reachable within a number of lines, in the order
/// a breadth-first search first reached them (so the first state showing a screen is reached by
/// the fewest lines), each with the line that first reached it and what each of its inputs did.
///
/// The search is the library's engine, as `check` runs it (``ScriptSurvey``: the same lines,
/// states told apart by the same ``StateNumbering``), fed to ``MapAnalysis``. Unlike `check`, it
/// keeps every transition's outcome — the page follows them — and also runs the inputs of the
/// states at the depth limit (``/TabFlowExploration/ExplorationMode/survey``), so it can say
/// which inputs change nothing or are rejected there and which lead beyond the explored depth.
///
/// It keeps no explored state: each is drawn into a row of the page's tables when it is reached
/// (``MapStateRow``).
struct MapExploration {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// What one input did from one state.
  enum Outcome: Equatable {
    /// The input leads to the state with this number.
    case state(Int)
    /// The input ran and changed nothing.
    case unchanged
    /// The input leads to a state beyond the explored depth (or past the state limit).
    case beyond
    /// The input failed: a guard rejected it, a rule raised an error, …, with the message.
    case failed(FailureKind, String)
    /// The input cannot be written in the line language, so it was not run.
    case unexplorable
  }

  /// One explored state.
  struct Node {
    /// What the page draws of it.
    let row: MapStateRow
    /// The state that first reached this one (`nil` for the initial state) and the line from it.
    var parent: (index: Int, line: String)?
    /// The lines tried from this state, in the order of ``ScriptAlphabet``.
    var inputs: [String] = []
    /// What each of ``inputs`` did.
    var outcomes: [Outcome] = []
  }

  /// The states, initial first, in the order they were reached.
  let nodes: [Node]
  /// How many lines deep the search went.
  let depth: Int
  /// Whether the state limit cut the search short.
  let truncated: Bool
  /// The context keys the inputs set, and their values.
  let context: ContextSamples
  /// The page's tables, with every explored state's stacks and contexts numbered (the declared
  /// screens first, in their order).
  let tables: MapTables
  /// The tabs, in the order of the initial state's.
  let tabIDs: [TabID]

  /// Explores from `session`'s state, `depth` lines deep, keeping at most `maxStates` states, as
  /// `check` does, with the context keys rules are seen to read added round by round. The
  /// session is handed back in the state it was in.
  static func explore(session: FlowSession, depth: Int, maxStates: Int) -> MapExploration {
    var survey = ScriptSurvey(session: session, depth: depth, maxStates: maxStates)
    survey.includesHistory = session.rules.declarations.backBehavior == .history
    let (map, report) = survey.run { MapAnalysis(session: session, round: $0) }
    return MapExploration(
      nodes: map.nodes, depth: depth, truncated: report.truncated, context: map.context, tables: map.tables,
      tabIDs: map.tabIDs)
  }
}
