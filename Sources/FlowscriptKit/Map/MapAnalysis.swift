import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// What `flowscript map` draws, taken from the engine as it explores (``ScriptSurvey``): each
/// state reached, drawn into a row of the page's tables (``MapStateRow``) when it is reached,
/// with the line that first reached it; and each input of each state, with what it did
/// (``MapExploration/Outcome``) — as its line does in a session: failed (with the kind and
/// message `send` prints), unchanged, to a state (itself, when only route IDs changed), beyond
/// the explored depth or the state limit, or not expressible as a line.
///
/// It keeps no state: only the rows, and the states' URLs by their top screen.
final class MapAnalysis: ExplorationAnalysis {
  typealias State = TabCoordinatorState<DynamicScreen>

  private let session: FlowSession
  private let round: ScriptSurvey.Round
  /// The states, initial first, in the order they were reached.
  private(set) var nodes: [MapExploration.Node] = []
  /// The page's tables, with every state's stacks and context numbered as it was reached.
  private(set) var tables = MapTables()
  /// The tabs, in the order of the initial state's.
  private(set) var tabIDs: [TabID] = []
  /// The context keys the inputs set, and their values.
  var context: ContextSamples { round.context }
  /// A state's URL is its top screen's (the links do not change while exploring).
  private var urlOfScreen: [DynamicScreen: String?] = [:]

  /// The analysis of an exploration of `session`'s script in `round`; the declared screens are
  /// numbered first, in their order (a screen the script never declared is added as seen).
  init(session: FlowSession, round: ScriptSurvey.Round) {
    self.session = session
    self.round = round
    for screen in session.rules.declarations.screens { _ = tables.screen(screen.name, title: screen.title) }
  }

  func reached(_ state: ReachedState<DynamicScreen>) -> ExplorationDecision {
    if state.index == 0 { tabIDs = state.state.tabs.map(\.id) }
    nodes.append(MapExploration.Node(row: row(of: state.state), parent: nil))
    return .exploreOn
  }

  func tried(_ tried: TriedInput<DynamicScreen, DynamicAction>) {
    let outcome = outcome(of: tried)
    nodes[tried.from].inputs.append(tried.input.label)
    nodes[tried.from].outcomes.append(outcome)
    // The line that first reached a state: the input that just recorded it.
    if case let .moved(to?) = tried.outcome, to > 0, nodes[to].parent == nil {
      nodes[to].parent = (tried.from, tried.input.label)
    }
  }

  func findings(_ end: ExplorationEnd<DynamicScreen, DynamicAction>) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    []
  }

  /// What `tried`'s line did, as the page tells it.
  private func outcome(of tried: TriedInput<DynamicScreen, DynamicAction>) -> MapExploration.Outcome {
    guard tried.input.isExplorable else {
      // A line that parses sends no action when it addresses no route of the state: it fails in
      // the session as `send` says it.
      guard let line = try? FlowLineParser.parse(tried.input.label) else { return .unexplorable }
      session.load(tried.state)
      let outcome = session.execute(line)
      if case let .failed(message) = outcome { return .failed(session.lastFailureKind ?? .input, message) }
      return .unchanged
    }
    if let failure = round.failure(of: tried) { return .failed(failure.kind, failure.message) }
    // The same state, to the route IDs: unchanged, as a session tells it.
    if tried.after == tried.state { return .unchanged }
    switch tried.outcome {
    case .unchanged: return .state(tried.from)
    case let .moved(to): return to.map { .state($0) } ?? .beyond
    }
  }

  /// What the page draws of `state`.
  private func row(of state: State) -> MapStateRow {
    let top = state.visibleTop.screen
    let url = urlOfScreen[top] ?? {
      let url = session.currentURL(of: state)
      urlOfScreen[top] = url
      return url
    }()
    return MapStateRow(state, tabIDs: tabIDs, url: url, tables: &tables)
  }
}
