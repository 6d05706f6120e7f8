import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowScriptExploration

/// What `flowscript map` explored: every state reachable within a number of lines, in the order
/// a breadth-first search first reached them (so the first state showing a screen is reached by
/// the fewest lines), each with the line that first reached it and what each of its inputs did.
///
/// The search is `check --explore`'s: the same inputs (``StateExplorer/Inputs``), run by the same
/// ``ExplorationWorkers``, states told apart by the same ``StateNumbering``. Unlike `check`, it
/// keeps every transition's outcome — the page follows them — and also runs the inputs of the
/// states at the depth limit, so it can say which inputs change nothing or are rejected there and
/// which lead beyond the explored depth.
///
/// It keeps no explored state: each is drawn into a row of the page's tables when it is reached
/// (``MapStateRow``), and only the states of the level being explored and of the next are whole.
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
    let parent: (index: Int, line: String)?
    /// The lines tried from this state, in the order of ``StateExplorer/Inputs``.
    var inputs: [String] = []
    /// What each of ``inputs`` did.
    var outcomes: [Outcome] = []
  }

  /// The states, initial first, in the order they were reached.
  private(set) var nodes: [Node] = []
  /// How many lines deep the search went.
  let depth: Int
  /// Whether the state limit cut the search short.
  private(set) var truncated = false
  /// The context keys the inputs set, and their values.
  let context: ContextSamples
  /// The context keys rules read that the context lacked.
  private(set) var read: Set<String> = []
  /// The page's tables, with every explored state's stacks and contexts numbered (the declared
  /// screens first, in their order).
  private(set) var tables = MapTables()
  /// The tabs, in the order of the initial state's.
  private(set) var tabIDs: [TabID] = []

  /// Explores from `session`'s state as `check` does, with the context keys rules are seen to
  /// read added round by round (``ContextSamples/exploring(from:declarations:rounds:_:)``).
  static func explore(
    session: FlowSession, depth: Int, maxStates: Int, jobs: Int = ExplorationWorkers.defaultCount
  ) -> MapExploration {
    let declarations = session.rules.declarations
    let samples = ContextSamples(declarations: declarations, read: session.rules.contextKeysRead)
    return ContextSamples.exploring(from: samples, declarations: [declarations]) { samples in
      let exploration = MapExploration(session: session, depth: depth, maxStates: maxStates, context: samples, jobs: jobs)
      return (exploration, exploration.read)
    }
  }

  /// Explores from `session`'s state, `depth` lines deep, keeping at most `maxStates` states,
  /// with `jobs` sessions at once, setting the context keys of `context`. The session is handed
  /// back in the state it was in.
  init(session: FlowSession, depth: Int, maxStates: Int, context: ContextSamples, jobs: Int = ExplorationWorkers.defaultCount) {
    self.depth = depth
    self.context = context
    let wasExploring = session.isExploring
    session.isExploring = true
    let initial = session.state
    defer {
      session.load(initial)
      session.isExploring = wasExploring
    }
    let declarations = session.rules.declarations
    var inputs = StateExplorer.Inputs(declarations: declarations, context: context)
    let workers = ExplorationWorkers(session: session, count: jobs)
    let numbering = StateNumbering(includesHistory: declarations.backBehavior == .history)
    // Declared screens first, in their order; a screen the script never declared is added as seen.
    var tables = MapTables()
    for screen in declarations.screens { _ = tables.screen(screen.name, title: screen.title) }
    let tabIDs = initial.tabs.map(\.id)
    // A state's URL is its top screen's (the links do not change while exploring).
    var urlOfScreen: [DynamicScreen: String?] = [:]
    func row(of state: State) -> MapStateRow {
      let top = state.visibleTop.screen
      let url = urlOfScreen[top] ?? {
        let url = session.currentURL(of: state)
        urlOfScreen[top] = url
        return url
      }()
      return MapStateRow(state, tabIDs: tabIDs, url: url, tables: &tables)
    }
    var keys: [StateKey] = [numbering.key(of: initial)]
    var index: [StateKey: Int] = [keys[0]: 0]
    var nodes = [Node(row: row(of: initial), parent: nil)]
    var truncated = false
    var level = 0..<1
    // The states of the level being explored (`level`, in order) and of the next.
    var levelStates = [initial]
    // Each level's states run their inputs; the last level's record new states only as beyond.
    for lineCount in 0...depth {
      let planned = levelStates.map { inputs.lines(for: $0) }
      var nextStates: [State] = []
      let first = level.lowerBound
      workers.run(levelStates, inputs: planned) { offset, steps in
        let from = first + offset
        let fromState = levelStates[offset]
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(steps.count)
        for (input, step) in zip(planned[offset], steps) {
          switch step {
          case .unexplorable: outcomes.append(.unexplorable)
          case let .failed(kind, message): outcomes.append(.failed(kind, message))
          case .unchanged: outcomes.append(.unchanged)
          case let .changed(reached):
            let after = reached.state
            let key = numbering.key(of: after, from: fromState, parentKey: keys[from])
            if let known = index[key] {
              outcomes.append(.state(known))
            } else if lineCount == depth || nodes.count >= maxStates {
              if lineCount < depth { truncated = true }
              outcomes.append(.beyond)
            } else {
              index[key] = nodes.count
              keys.append(key)
              nodes.append(Node(row: row(of: after), parent: (from, input.text)))
              nextStates.append(after)
              outcomes.append(.state(nodes.count - 1))
            }
          }
        }
        nodes[from].inputs = planned[offset].map(\.text)
        nodes[from].outcomes = outcomes
        return true
      }
      level = level.upperBound..<nodes.count
      levelStates = nextStates
      if level.isEmpty { break }
    }
    self.nodes = nodes
    self.tables = tables
    self.tabIDs = tabIDs
    self.truncated = truncated
    read = workers.contextKeysRead
  }
}
