import TabFlowCore
import TabFlowNavigation

/// A finding an exploration looks for, fed by the engine: each state the first time it is
/// reached, each state before its inputs are tried, each input tried, and the end, when it gives
/// its findings. One analysis per kind of finding (failed batches, traps…); an app's test adds
/// its own through ``Exploration/analyses``.
///
/// The engine calls an analysis on one thread, in the order states and inputs are explored
/// (breadth first: a state is reached by the fewest inputs before any state reached by more), so
/// the first occurrence of a finding is the one with the shortest reproduction. States are told
/// by their index, which ``ExplorationEnd`` turns into a reproduction; an analysis keeps indices,
/// not states.
public protocol ExplorationAnalysis<Screen, ScreenAction>: AnyObject {
  /// The coordinator's screen type.
  associatedtype Screen
  /// The screens' action type.
  associatedtype ScreenAction

  /// A state reached for the first time (the initial state included). Returning
  /// ``ExplorationDecision/stop`` keeps the engine from exploring on from it (an invariant
  /// it breaks); the default explores on.
  func reached(_ state: ReachedState<Screen>) -> ExplorationDecision
  /// A state whose inputs are about to be tried, each once; the default does nothing.
  func exploring(_ state: ReachedState<Screen>)
  /// An input tried from a state being explored.
  func tried(_ input: TriedInput<Screen, ScreenAction>)
  /// The findings, once the exploration ended, each with its reproduction (made by `end`).
  func findings(_ end: ExplorationEnd<Screen, ScreenAction>) -> [ExplorationFinding<Screen, ScreenAction>]
}

// Inlinable: an analysis that calls others of known types (a composite) pays nothing for the
// calls they leave to these.
extension ExplorationAnalysis {
  /// Explores on.
  @inlinable public func reached(_ state: ReachedState<Screen>) -> ExplorationDecision { .exploreOn }
  /// Does nothing.
  @inlinable public func exploring(_ state: ReachedState<Screen>) {}
  /// Does nothing.
  @inlinable public func tried(_ input: TriedInput<Screen, ScreenAction>) {}
}

/// Whether the engine explores on from a state an analysis was told about.
public enum ExplorationDecision: Hashable, Sendable {
  /// Try the state's inputs (unless it is at the depth limit).
  case exploreOn
  /// Do not: what lies only beyond it stays unexplored, and the exploration is not exhaustive.
  case stop
}

/// A state of an exploration, with its index (the order states were first reached in, the
/// initial state 0) and its depth (the number of inputs of its shortest reproduction).
public struct ReachedState<Screen> {
  /// The state's index.
  public let index: Int
  /// The number of inputs that reach it from the initial state.
  public let depth: Int
  /// The state.
  public let state: TabCoordinatorState<Screen>

  @usableFromInline
  init(index: Int, depth: Int, state: TabCoordinatorState<Screen>) {
    self.index = index
    self.depth = depth
    self.state = state
  }
}

/// An input tried from a state, and what it did.
public struct TriedInput<Screen, ScreenAction> {
  /// What the input did to the state.
  public enum Outcome: Hashable, Sendable {
    /// The state is the same state (a discarded batch, or a change that made the same state).
    case unchanged
    /// The input led to another state (``TriedInput/after``): `index` is its index, `nil` when
    /// it was new but the exploration had reached ``Exploration/maxStates``, or it lies beyond
    /// the depth (``ExplorationMode/triesInputsAtDepth``): it was not recorded.
    case moved(to: Int?)
  }

  /// The index of the state the input was tried from.
  public let from: Int
  /// The state the input was tried from, held once for all the inputs tried from it: read in
  /// place, a read copies nothing.
  @inlinable public var state: TabCoordinatorState<Screen> {
    _read { yield source.state }
  }
  /// The input.
  @inlinable public var input: ExplorationInput<Screen, ScreenAction> {
    _read { yield inputs[position] }
  }
  /// The input's position in the state's input list (what a reproduction replays).
  public let position: Int
  /// The state's input list, shared by the inputs tried from it: each holds the list (one
  /// reference), not a copy of its input (an action and a label).
  @usableFromInline let inputs: [ExplorationInput<Screen, ScreenAction>]
  /// What the coordinator told the host: reports, a failed or rejected batch.
  @inlinable public var delegates: [TabCoordinatorDelegate<Screen>] {
    _read { yield stepped.delegates }
  }
  /// What the input did to the state.
  public let outcome: Outcome
  /// What ``Exploration/noteStep`` noted of the step, on the thread that ran it; `nil` when it
  /// noted nothing, or the input was not sent.
  @inlinable public var note: (any Sendable)? {
    _read { yield stepped.note }
  }
  /// The delegates and the note, as the step gave them.
  @usableFromInline let stepped: Stepped<Screen>
  /// Whether there is a ``note``: known without reading it (an existential, copied through its
  /// type's witnesses at each read).
  package let hasNote: Bool
  /// The state after the input: ``state`` when it was not sent. Unlike ``outcome``, which tells
  /// states apart by their fingerprints, it shows a change they ignore (new route IDs).
  public let after: TabCoordinatorState<Screen>
  /// Where ``state`` is held.
  @usableFromInline let source: SourceState<Screen>

  @usableFromInline
  init(
    from: Int, source: SourceState<Screen>, inputs: [ExplorationInput<Screen, ScreenAction>], position: Int,
    stepped: consuming Stepped<Screen>, outcome: Outcome, after: consuming TabCoordinatorState<Screen>
  ) {
    // The note's case read where it is (`!= nil` copies the existential out, and destroys it).
    switch stepped.note {
    case .none: hasNote = false
    case .some: hasNote = true
    }
    self.stepped = stepped
    self.from = from
    self.source = source
    self.inputs = inputs
    self.position = position
    self.outcome = outcome
    self.after = after
  }
}

/// What analyses are given when an exploration ends: how it went, and reproductions.
public struct ExplorationEnd<Screen, ScreenAction> {
  /// How many states were reached.
  public let states: Int
  /// The depth the exploration was asked to reach.
  public let depth: Int
  /// Whether the exploration was cut at ``Exploration/maxStates``: some states' inputs were not
  /// all tried, so nothing may be concluded from the absence of a move (no trap is proven).
  public let truncated: Bool
  /// Whether every reachable state was reached (the exploration ran out of new states before
  /// the depth limit, none was cut or left unexplored by a ``ExplorationDecision/stop``).
  public let exhaustive: Bool
  /// How many levels were explored in full (``ExplorationReport/levelsExplored``).
  public let levelsExplored: Int
  let visited: VisitedTable
  let replay: ([Int]) -> [ExplorationInput<Screen, ScreenAction>]

  @usableFromInline
  init(
    states: Int, depth: Int, truncated: Bool, exhaustive: Bool, levelsExplored: Int, visited: VisitedTable,
    replay: @escaping ([Int]) -> [ExplorationInput<Screen, ScreenAction>]
  ) {
    self.levelsExplored = levelsExplored
    self.states = states
    self.depth = depth
    self.truncated = truncated
    self.exhaustive = exhaustive
    self.visited = visited
    self.replay = replay
  }

  /// The number of inputs that reach state `index`.
  public func depth(of index: Int) -> Int { Int(visited.depths[index]) }

  /// The shortest reproduction of state `index`: the fewest inputs, then the first found.
  public func reproduction(to index: Int) -> ExplorationReproduction<Screen, ScreenAction> {
    ExplorationReproduction(inputs: replay(visited.path(to: index)))
  }

  /// The shortest reproduction of state `index`, then the input at `position` of its list.
  public func reproduction(to index: Int, then position: Int) -> ExplorationReproduction<Screen, ScreenAction> {
    ExplorationReproduction(inputs: replay(visited.path(to: index) + [position]))
  }
}
