import CustomDump
import IssueReporting
import Synchronization
import TabFlowNavigation

/// A store for tests that makes you account for everything a feature does, like TCA's.
///
/// Each ``send(_:assert:fileID:filePath:line:column:)`` says how the state must change; each
/// action an effect sends must be received (`receive(_:timeout:assert:)`),
/// with its state change; and every effect must have finished by the end of the test. Anything
/// else fails the test through IssueReporting (a Swift Testing issue or an XCTest failure),
/// with a diff of expected against actual state (`−` expected, `+` actual).
///
/// ```swift
/// @MainActor @Test func incrementLater() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
///
///   await store.send(.incrementLater)
///   await clock.advance(by: .seconds(1))
///   await store.receive(.increment) { $0.count = 1 }
///   await store.finish()
/// }
/// ```
///
/// Run test-store tests on the main actor (`@MainActor`). The end-of-test checks (unasserted
/// received actions, effects still running) run in ``finish(timeout:fileID:filePath:line:column:)``
/// and again when the test releases the store, so a test that forgets `finish()` still fails.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as asserted so far: the actual state after the last sent or received action the
  /// test accounted for.
  public internal(set) var state: State

  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on {
    didSet { syncPendingWork() }
  }

  /// How long `receive` and `finish` wait by default, in real time. Waits end early as soon as
  /// the awaited thing happens or can no longer happen.
  public var timeout: Duration = .seconds(1)

  let store: Store<State, Action>
  let recorder: ActionRecorder<State, Action>
  private let location: IssueLocation
  private var sends: [SentAction] = []

  /// The generator the store's route stacks take their IDs from: fresh for each test store, so
  /// its routes are `#1`, `#2`, … whatever ran before (TCA's `StackElementID` in tests). IDs an
  /// assertion closure takes while it builds the expected state (a push on `$0`) are given back
  /// afterwards, so assertions do not shift the numbers of the routes the store adds later.
  public let idGenerator: RouteIDGenerator

  /// A test store running `reducer` from `initialState`. `initialState` is built, and every
  /// action reduced, with `ids` (a fresh generator unless given) as
  /// ``/TabFlowNavigation/RouteIDGenerator/current``, so a test can write route IDs as literals.
  /// Build the state in the call (`try TestStore(initialState: rules.initialState())`): a state
  /// built before keeps the generator it was built with.
  ///
  /// ```swift
  /// let store = TestStore(initialState: App.State()) { App(clock: clock) }
  /// await store.send(.routes(.routeAction(id: 2, action: .buyTapped)))
  /// ```
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () throws -> State,
    ids: RouteIDGenerator = RouteIDGenerator(),
    @ReducerBuilder<State, Action> reducer: () -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows {
    let reducer = reducer()
    let recorder = ActionRecorder<State, Action>()
    let initialState = try RouteIDGenerator.$current.withValue(ids) { try initialState() }
    self.state = initialState
    self.idGenerator = ids
    self.recorder = recorder
    self.location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.store = Store(initialState: initialState) { state, action in
      let effect = RouteIDGenerator.$current.withValue(ids) { reducer.reduce(into: &state, action: action) }
      recorder.record(action, state)
      return effect
    }
    store.effectsDidChange = { [weak self, recorder] in
      recorder.signal.fire()
      self?.syncPendingWork()
    }
    recorder.receivedDidChange = { [weak self] in self?.syncPendingWork() }
  }

  // A copy of what would fail the test if it ended now, kept in sync on the main actor so that
  // `deinit` — which is nonisolated, and runs in the test's task when the test releases the
  // store, so issues reach that test — can report it.
  private let pendingWork = Mutex(PendingWork())

  deinit {
    let pending = pendingWork.withLock { $0 }
    guard pending.isExhaustive else { return }
    if !pending.receivedActions.isEmpty {
      report(Self.unreceivedMessage(pending.receivedActions), at: location)
    }
    guard pending.runningEffects > 0 else { return }
    for sent in pending.runningSends {
      report(Self.runningEffectMessage(sent.action), at: sent.location)
    }
    if pending.runningSends.isEmpty {
      report(Self.runningReceivedEffectsMessage(pending.runningEffects), at: location)
    }
  }

  // MARK: - Sending

  /// Sends `action` as the user would, and asserts how the state changes: `assert` receives the
  /// state before the action and must turn it into the state after. Without `assert`, the state
  /// must not change.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// await store.send(.noop)
  /// ```
  ///
  /// Fails when the state differs from the expectation (with a diff), and, when exhaustive, when
  /// actions received from effects were not yet asserted.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        report(
          """
          Must handle \(recorder.received.count) received action(s) before sending an action: \
          unhandled:
          \(describe(recorder.received.map(\.action)))
          """, at: location)
      }
      if let last = recorder.received.last { state = last.state }
      recorder.received.removeAll()
    }

    recorder.expectingSent = true
    let task = store.send(action)
    recorder.expectingSent = false
    let actual = recorder.sent ?? store.state
    recorder.sent = nil

    expectState(from: state, to: actual, updateStateToExpectedResult, at: location)
    state = actual
    if !task.isEmpty {
      sends.append(SentAction(tasks: task.tasks, action: describe(action), location: location))
      syncPendingWork()
    }
    await waitForEffectsToStart()
    await EventSignal.yieldToOtherTasks()
    let store = self.store
    let signal = recorder.signal
    return TestStoreTask(
      task: task,
      cancel: { [weak store] in store?.cancel(task.tasks) },
      isRunning: { [weak store] in task.tasks.contains { store?.isRunning($0) == true } },
      wait: { [weak signal] deadline in await signal?.wait(until: deadline) },
      defaultTimeout: timeout)
  }

  /// Waits (event-driven, bounded by the timeout) until every effect the store spawned has begun
  /// running: a started effect runs up to its first suspension, such as registering a sleep on a
  /// test clock, so advancing the clock next cannot run ahead of it — however loaded the machine.
  private func waitForEffectsToStart() async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while store.effectsWaitingToStart > 0, ContinuousClock.now < deadline {
      await recorder.signal.wait(until: deadline)
    }
    if store.effectsWaitingToStart > 0 { await EventSignal.letReadyTasksRunPastTheDeadline() }
  }

  // MARK: - Finishing

  /// Waits for every effect to finish, then fails if any is still running after `timeout` (it
  /// is then cancelled) or, when exhaustive, if received actions were not asserted.
  ///
  /// ```swift
  /// await store.finish()
  /// ```
  ///
  /// Effects sleeping on a `TestClock` are still running until the test advances the clock.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: timeout)
    await EventSignal.yieldToOtherTasks()
    while store.runningEffectCount > 0, ContinuousClock.now < deadline {
      await recorder.signal.wait(until: deadline)
    }
    if store.runningEffectCount > 0 { await EventSignal.letReadyTasksRunPastTheDeadline() }
    let running = store.runningEffectCount
    if running > 0 {
      if exhaustivity == .on {
        report(
          """
          Expected effects to finish, but \(running) effect(s) are still running after \(timeout). \
          If an effect waits on a clock, advance it; if it runs forever, cancel it (for example \
          with a 'cancel(id:)' action) before the end of the test.
          """, at: location)
      }
      store.cancelAllEffects()
      sends.removeAll()
    }
    checkCompletion(at: location)
  }

  /// Fails (when exhaustive) for each unasserted received action and each effect still running,
  /// then forgets them (cancelling the effects) so they are reported once.
  private func checkCompletion(at finishLocation: IssueLocation) {
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        report(Self.unreceivedMessage(recorder.received.map { describe($0.action) }), at: finishLocation)
      }
      if let last = recorder.received.last { state = last.state }
      recorder.received.removeAll()
    }
    if store.runningEffectCount > 0, exhaustivity == .on {
      let running = runningSends()
      for sent in running {
        report(Self.runningEffectMessage(sent.action), at: sent.location)
      }
      if running.isEmpty {
        report(Self.runningReceivedEffectsMessage(store.runningEffectCount), at: finishLocation)
      }
    }
    store.cancelAllEffects()
    sends.removeAll()
    syncPendingWork()
  }

  private func runningSends() -> [SentAction] {
    sends.filter { $0.tasks.contains(where: store.isRunning) }
  }

  private func syncPendingWork() {
    let received = recorder.received.map { describe($0.action) }
    let running = store.runningEffectCount
    let runningSends = running == 0 ? [] : self.runningSends().map { ($0.action, $0.location) }
    let isExhaustive = exhaustivity == .on
    pendingWork.withLock {
      $0 = PendingWork(
        isExhaustive: isExhaustive, receivedActions: received, runningEffects: running,
        runningSends: runningSends)
    }
  }

  private nonisolated static func unreceivedMessage(_ actions: [String]) -> String {
    """
    The store received \(actions.count) unexpected action(s) by the end of this test:
    \(actions.map { "  • " + $0 }.joined(separator: "\n"))
    Assert them with 'receive', or skip them with 'skipReceivedActions()'.
    """
  }

  private nonisolated static func runningEffectMessage(_ action: String) -> String {
    """
    An effect returned for this action is still running: \(action)
    It must finish before the end of the test: call 'await store.finish()' after advancing any \
    test clock it waits on, or cancel it.
    """
  }

  private nonisolated static func runningReceivedEffectsMessage(_ count: Int) -> String {
    """
    \(count) effect(s) started by received actions are still running at the end of the test. \
    They must finish, or be cancelled, before it ends.
    """
  }

  // MARK: - Helpers

  /// Checks `actual` against `before` changed by `update`, reporting a diff on mismatch.
  func expectState(
    from before: State, to actual: State,
    _ update: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) {
    var expected = exhaustivity == .on ? before : actual
    if let update {
      // An expectation that adds routes takes IDs from the store's generator; `expected` is
      // thrown away, so they go back: what the test writes next keeps its numbers.
      let mark = idGenerator.mark
      defer { idGenerator.rewind(to: mark) }
      do {
        try update(&expected)
      } catch {
        report("The assertion closure threw an error: \(error)", at: location)
        return
      }
    }
    if expected == actual {
      if exhaustivity == .on, update != nil, before == actual {
        report(
          """
          Expected the state to change, but no change occurred: the assertion closure made no \
          observable change. If no change is expected, omit the closure.
          """, at: location)
      }
      return
    }
    let difference = describeDifference(expected: expected, actual: actual)
    let headline =
      update == nil
      ? "State was not expected to change, but a change occurred:"
      : "A state change does not match expectation:"
    report("\(headline)\n\n\(difference)", at: location)
  }

  func describe(_ action: Action) -> String {
    dump(action)
  }

  func describe(_ actions: [Action]) -> String {
    actions.map { "  • " + dump($0).indent(by: 4).dropFirst(4) }.joined(separator: "\n")
  }

  /// A diff of two values, `−` for expected and `+` for actual, or both dumped when they print
  /// the same.
  func describeDifference<Value>(expected: Value, actual: Value) -> String {
    diff(expected, actual, format: .proportional)
      .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
      ?? "Expected:\n\(dump(expected).indent(by: 2))\nActual:\n\(dump(actual).indent(by: 2))"
  }

  func dump(_ value: some Any) -> String {
    var text = ""
    customDump(value, to: &text)
    return text
  }

  nonisolated func report(_ message: String, at location: IssueLocation) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  private struct SentAction {
    let tasks: [Task<Void, Never>]
    let action: String
    let location: IssueLocation
  }

  private struct PendingWork: Sendable {
    var isExhaustive = true
    var receivedActions: [String] = []
    var runningEffects = 0
    var runningSends: [(action: String, location: IssueLocation)] = []
  }
}

/// Records, for the test store, the state after the action the test sent and every action
/// received from effects with the state it produced.
@MainActor
final class ActionRecorder<State, Action> {
  var expectingSent = false
  var sent: State?
  var received: [(action: Action, state: State)] = [] {
    didSet { receivedDidChange?() }
  }
  var receivedDidChange: (() -> Void)?
  let signal = EventSignal()

  func record(_ action: Action, _ state: State) {
    if expectingSent {
      expectingSent = false
      sent = state
    } else {
      received.append((action, state))
      signal.fire()
    }
  }
}

extension String {
  fileprivate func indent(by count: Int) -> String {
    let prefix = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : prefix + $0 }
      .joined(separator: "\n")
  }
}
