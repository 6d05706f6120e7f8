import TabFlowCore

/// What a ``PairedExploration`` feeds: the pairs of states it reaches, and each input tried on
/// both sides, to judge whether the sides agree. Called on the calling thread, in breadth-first
/// order (the same order whatever the number of threads).
public protocol PairedAnalysis<Screen, ScreenAction, Outcome>: AnyObject {
  /// The coordinators' screen type.
  associatedtype Screen
  /// The screens' action type.
  associatedtype ScreenAction
  /// What a side's step tells (``PairedSide/step``).
  associatedtype Outcome

  /// A pair of states reached for the first time, the initial pair first.
  func reached(_ pair: PairedState<Screen>)
  /// Whether the two outcomes of `transition` agree, as far as this analysis tells. The engine
  /// compares the states after them itself, by key (``PairedTransition/statesAgree``): an input
  /// is followed only when they agree and every analysis agrees.
  func agree(_ transition: PairedTransition<Screen, ScreenAction, Outcome>) -> Bool
  /// An input whose sides do not agree (by an analysis, or by the states after it): the pair it
  /// leads to is not explored (what follows differs because of it).
  func differs(_ transition: PairedTransition<Screen, ScreenAction, Outcome>)
}

extension PairedAnalysis {
  /// Nothing to do.
  public func reached(_ pair: PairedState<Screen>) {}
  /// Agrees.
  public func agree(_ transition: PairedTransition<Screen, ScreenAction, Outcome>) -> Bool { true }
  /// Nothing to do.
  public func differs(_ transition: PairedTransition<Screen, ScreenAction, Outcome>) {}
}

/// A pair of states a ``PairedExploration`` reached: one per side, reached by the same labels.
/// A class, so that each input tried from it holds it with one retain.
public final class PairedState<Screen> {
  /// Its number, in the order reached (the initial pair is 0).
  public let index: Int
  /// How many inputs lead to it.
  public let depth: Int
  /// The old side's state.
  public let old: TabCoordinatorState<Screen>
  /// The new side's state.
  public let new: TabCoordinatorState<Screen>
  /// The labels of the inputs that lead to it from the initial pair, first to last: the
  /// shortest way (breadth first).
  public let labels: [String]

  /// A pair of states.
  @inlinable
  public init(index: Int, depth: Int, old: TabCoordinatorState<Screen>, new: TabCoordinatorState<Screen>, labels: [String]) {
    self.index = index
    self.depth = depth
    self.old = old
    self.new = new
    self.labels = labels
  }
}

/// One input tried on both sides of a pair: what each side was sent, what it did, and the state
/// after it.
public struct PairedTransition<Screen, ScreenAction, Outcome> {
  /// The pair the input was sent in.
  public let pair: PairedState<Screen>
  /// The labels of the pair, each with both sides' inputs (read in place: an input is copied
  /// only when an analysis asks for it).
  @usableFromInline let list: [(label: String, old: ExplorationInput<Screen, ScreenAction>, new: ExplorationInput<Screen, ScreenAction>)]
  /// The position of the input in the pair's labels.
  public let position: Int
  /// What each side did.
  public let outcomes: (old: Outcome, new: Outcome)
  /// Each side's state after it, `nil` when the step said none (the pair's state).
  public let stepped: (old: TabCoordinatorState<Screen>?, new: TabCoordinatorState<Screen>?)
  /// Whether the states after it have the same key.
  public let statesAgree: Bool

  /// A transition: the input at `position` of `list`.
  @inlinable
  init(
    pair: PairedState<Screen>,
    list: [(label: String, old: ExplorationInput<Screen, ScreenAction>, new: ExplorationInput<Screen, ScreenAction>)],
    position: Int, outcomes: (old: Outcome, new: Outcome),
    stepped: (old: TabCoordinatorState<Screen>?, new: TabCoordinatorState<Screen>?), statesAgree: Bool
  ) {
    self.pair = pair
    self.list = list
    self.position = position
    self.outcomes = outcomes
    self.stepped = stepped
    self.statesAgree = statesAgree
  }

  /// The label both sides were sent.
  @inlinable
  public var label: String { list[position].label }

  /// Each side's input for the label.
  @inlinable
  public var inputs: (old: ExplorationInput<Screen, ScreenAction>, new: ExplorationInput<Screen, ScreenAction>) {
    (list[position].old, list[position].new)
  }

  /// Each side's state after it (the pair's state when the step said none).
  @inlinable
  public var after: (old: TabCoordinatorState<Screen>, new: TabCoordinatorState<Screen>) {
    (stepped.old ?? pair.old, stepped.new ?? pair.new)
  }
}

/// What a ``PairedExploration`` did: how far it went; what differs is its analyses'.
public struct PairedReport: Hashable, Sendable {
  /// Pairs of states reached.
  public var pairs = 0
  /// Inputs tried on both sides.
  public var transitions = 0
  /// Levels explored to the end (the depth every pair up to which was compared).
  public var levelsExplored = 0
  /// Whether it stopped at ``PairedExploration/maxPairs``.
  public var truncated = false
  /// Whether the initial states have other keys: nothing was explored.
  public var initialStatesDiffer = false
  /// Inputs whose sides did not agree.
  public var differences = 0

  /// An empty report.
  public init() {}
}

/// The inputs whose sides differ, each with the labels that reproduce it: an analysis for a
/// ``PairedExploration`` whose outcomes are compared by `agree`.
public final class PairedDifferences<Screen, ScreenAction, Outcome>: PairedAnalysis {
  /// An input whose sides differ.
  public struct Difference {
    /// The labels that lead to the pair it was sent in, then its own.
    public let labels: [String]
    /// The transition.
    public let transition: PairedTransition<Screen, ScreenAction, Outcome>
  }

  private let agreeing: (Outcome, Outcome) -> Bool
  /// The differences found, breadth first (each with its shortest labels).
  public private(set) var differences: [Difference] = []

  /// Differences told by `agree` (and by the states after).
  public init(agree: @escaping (Outcome, Outcome) -> Bool) {
    agreeing = agree
  }

  /// Whether `agree` says the outcomes agree.
  public func agree(_ transition: PairedTransition<Screen, ScreenAction, Outcome>) -> Bool {
    agreeing(transition.outcomes.old, transition.outcomes.new)
  }

  /// Keeps the difference.
  public func differs(_ transition: PairedTransition<Screen, ScreenAction, Outcome>) {
    differences.append(Difference(labels: transition.pair.labels + [transition.label], transition: transition))
  }
}
