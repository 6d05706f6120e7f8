/// TCA's `TestStore`: sends actions and checks each state change, and each action effects send
/// back, against what the test expects. TCA reports a mismatch as a test failure; the stand-in
/// lists it in ``failures`` for the test to check.
@MainActor
public final class TestStore<State: Equatable, Action> {
  private let store: Store<State, Action>
  private var received: [Action] = []
  /// How strictly changes are checked.
  public var exhaustivity: Exhaustivity = .on
  /// Stand-in only: what TCA would have reported as failures, in order.
  public private(set) var failures: [String] = []

  /// A test store holding `initialState`, reduced by `reducer`.
  public init<R: Reducer<State, Action>>(initialState: State, @ReducerBuilder<State, Action> reducer: () -> R) {
    store = Store(initialState: initialState, reducer: reducer)
    store.collect = { [weak self] action in self?.received.append(action) }
  }

  /// The current state.
  public var state: State { store.state }

  /// Sends `action`; `updateStateToExpectedResult` turns the state before into the one expected
  /// (exhaustive), or names the changes that must be among the actual ones (non-exhaustive).
  @discardableResult
  public func send(
    _ action: Action, assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil
  ) async -> TestStoreTask {
    if exhaustivity == .on, !received.isEmpty {
      failures.append("must handle \(received.count) received action(s) before sending an action")
    }
    let before = store.state
    let tasks = store.process(action)
    check(before, updateStateToExpectedResult, after: "sending \(action)")
    return TestStoreTask(StoreTask(tasks))
  }

  /// Takes the next action an effect sent, which must match `isMatching` (non-exhaustive: the
  /// first that matches; the others are skipped), reduces it and checks the change. TCA waits for
  /// it; the stand-in takes what effects have sent so far.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil
  ) async {
    while let next = received.first {
      received.removeFirst()
      if isMatching(next) {
        let before = store.state
        store.collect = { [weak self] action in self?.received.append(action) }
        _ = store.process(next)
        check(before, updateStateToExpectedResult, after: "receiving \(next)")
        return
      }
      if exhaustivity == .on {
        failures.append("received an unexpected action: \(next)")
        return
      }
    }
    failures.append("expected to receive a matching action, but none was sent")
  }

  private func check(_ before: State, _ update: ((inout State) throws -> Void)?, after what: String) {
    // Exhaustive: the state before, changed as asserted, must be the state now. Non-exhaustive:
    // the state now, changed as asserted, must still be the state now.
    var expected = exhaustivity == .on ? before : store.state
    do {
      try update?(&expected)
    } catch {
      failures.append("the assertion threw \(error) after \(what)")
      return
    }
    if expected != store.state {
      failures.append("the state after \(what) is not the one expected")
    }
  }
}

/// TCA's `TestStoreTask`: the effects a test store's action started.
public struct TestStoreTask: Sendable {
  let task: StoreTask

  init(_ task: StoreTask) { self.task = task }

  /// Whether every effect it started was cancelled.
  public var isCancelled: Bool { task.isCancelled }

  /// Cancels them.
  public func cancel() async { task.cancel() }

  /// Waits until they end.
  public func finish() async { await task.finish() }
}
