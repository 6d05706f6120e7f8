import TabFlowCore
import TabFlowNavigation

/// One side of a ``PairedExploration``: a coordinator, the state it starts in, the inputs it
/// tries, and what a step tells the comparison (its `Outcome`).
///
/// Each input is labelled (``ExplorationInput/label``): the two sides are sent the same labels,
/// each its own input for a label. A label only the other side gives in a state is turned into
/// this side's input by ``input``.
public struct PairedSide<Rules: NavigationRules, Outcome> where Rules.Screen: Hashable {
  /// A state of the coordinator.
  public typealias State = TabCoordinatorState<Rules.Screen>
  /// An input.
  public typealias Input = ExplorationInput<Rules.Screen, Rules.ScreenAction>
  /// The coordinator.
  public typealias Coordinator = TabCoordinator<Rules>

  /// The coordinator the calling thread steps (other threads step coordinators of their own:
  /// ``PairedExploration/workers(jobs:makeCoordinators:)``).
  public var coordinator: Coordinator
  /// Where this side starts. It is used as it is (its route IDs are kept).
  public var initialState: State
  /// The inputs to try from a state, in order (the same list for the same state).
  public var inputs: (State) -> [Input]
  /// This side's input for a label only the other side gives in `state`; by default an input
  /// that is not sent (``ExplorationInput/isExplorable`` false).
  public var input: (_ label: String, _ state: State) -> Input
  /// What `input` did from `state`, stepped with `coordinator` (a worker's, on its thread): the
  /// outcome the analyses compare, and the state after it — `nil` for the state before (an
  /// input not sent, or a step whose change does not count).
  public var step: (_ coordinator: Coordinator, _ input: Input, _ state: State) -> (outcome: Outcome, after: State?)

  /// A side whose steps are told by `step`.
  public init(
    coordinator: Coordinator, initialState: State, inputs: @escaping (State) -> [Input],
    input: ((String, State) -> Input)? = nil,
    step: @escaping (Coordinator, Input, State) -> (outcome: Outcome, after: State?)
  ) {
    self.coordinator = coordinator
    self.initialState = initialState
    self.inputs = inputs
    self.input = input ?? { label, _ in Input(label, .back, isExplorable: false) }
    self.step = step
  }
}

/// What one input did on one side, as ``PairedSide/init(coordinator:initialState:inputs:input:)``
/// tells it: what the coordinator told the host.
public struct PairedStep<Screen> {
  /// Whether the input was sent (``ExplorationInput/isExplorable``).
  public var isSent: Bool
  /// What the coordinator told the host, in order.
  public var delegates: [TabCoordinatorDelegate<Screen>]

  /// A step that sent an input (or not) and was told `delegates`.
  public init(isSent: Bool, delegates: [TabCoordinatorDelegate<Screen>]) {
    self.isSent = isSent
    self.delegates = delegates
  }

  /// The first batch the coordinator discarded (failed or rejected), if any.
  public var failure: BatchFailure? { delegates.lazy.compactMap(\.failure).first }

  /// What the host was told besides failures: events, reselects, redirects, links.
  public var reports: [NavigationReport] {
    delegates.compactMap { delegate in
      if case let .report(report) = delegate { report } else { nil }
    }
  }

  /// Whether two steps look the same to the host: both sent or neither, the same reports and
  /// the same failure (by its message).
  public func agrees(with other: PairedStep<Screen>) -> Bool {
    isSent == other.isSent && reports == other.reports && failure?.message == other.failure?.message
  }
}

extension PairedSide where Outcome == PairedStep<Rules.Screen> {
  /// A side stepped by the coordinator's pure step (``/TabFlowCore/TabCoordinator/step(_:state:)``):
  /// each outcome is what it told the host (``PairedStep``), and the state after it counts.
  public init(
    coordinator: Coordinator, initialState: State, inputs: @escaping (State) -> [Input],
    input: ((String, State) -> Input)? = nil
  ) {
    self.init(coordinator: coordinator, initialState: initialState, inputs: inputs, input: input) { coordinator, input, state in
      guard input.isExplorable else { return (PairedStep(isSent: false, delegates: []), nil) }
      var after = state
      let step = coordinator.step(input.action, state: &after)
      return (PairedStep(isSent: true, delegates: step.delegates), after)
    }
  }
}
