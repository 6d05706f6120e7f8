/// TCA's `Store`: runs a reducer on the main actor, its effects as tasks.
@MainActor
public final class Store<State, Action> {
  /// The current state.
  public private(set) var state: State
  private let reducer: any Reducer<State, Action>
  private var running: [AnyHashableSendable: [Task<Void, Never>]] = [:]

  /// A store holding `initialState`, reduced by `reducer`.
  public init<R: Reducer<State, Action>>(initialState: State, @ReducerBuilder<State, Action> reducer: () -> R) {
    state = initialState
    self.reducer = reducer()
  }

  /// Sends an action; the returned task is the effects it started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    var tasks: [Task<Void, Never>] = []
    var queue = [action]
    while !queue.isEmpty {
      let effect = reducer.reduce(into: &state, action: queue.removeFirst())
      for operation in effect.operations {
        switch operation {
        case let .send(next):
          queue.append(next)
        case let .cancel(id):
          running.removeValue(forKey: id)?.forEach { $0.cancel() }
        case let .run(id, work):
          let send = Send<Action> { [weak self] action in self?.send(action) }
          let task = Task { await work(send) }
          tasks.append(task)
          if let id { running[id, default: []].append(task) }
        }
      }
    }
    return StoreTask(tasks)
  }

  /// How many effects run under `id`, not cancelled.
  public func runningEffects(id: some Hashable & Sendable) -> Int {
    running[AnyHashableSendable(id)]?.filter { !$0.isCancelled }.count ?? 0
  }
}

/// TCA's `StoreOf<R>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// TCA's `StoreTask`: the effects an action started.
public struct StoreTask: Sendable {
  let tasks: [Task<Void, Never>]

  init(_ tasks: [Task<Void, Never>]) { self.tasks = tasks }

  /// Whether every effect it started was cancelled.
  public var isCancelled: Bool { tasks.allSatisfy(\.isCancelled) }

  /// Cancels them.
  public func cancel() { tasks.forEach { $0.cancel() } }

  /// Waits until they end.
  public func finish() async {
    for task in tasks { await task.value }
  }
}

/// TCA's `TestStore`: sends actions and checks each state change against an expectation.
@MainActor
public final class TestStore<State: Equatable, Action> {
  private let store: Store<State, Action>
  /// How strictly changes are checked.
  public var exhaustivity: Exhaustivity = .on

  /// A test store holding `initialState`, reduced by `reducer`.
  public init<R: Reducer<State, Action>>(initialState: State, @ReducerBuilder<State, Action> reducer: () -> R) {
    store = Store(initialState: initialState, reducer: reducer)
  }

  /// The current state.
  public var state: State { store.state }

  /// Sends `action`; `assert` makes the expected state from the one before, and the result says
  /// whether the store's state is that (TCA reports a failure instead).
  @discardableResult
  public func send(_ action: Action, assert: ((inout State) -> Void)? = nil) -> Bool {
    var expected = store.state
    assert?(&expected)
    store.send(action)
    return assert == nil && exhaustivity == .off ? true : store.state == expected
  }
}
