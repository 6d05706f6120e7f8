import IssueReporting

/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``:
/// cancel them (a long-living effect the test is done with), or wait for them.
///
/// ```swift
/// let timer = await store.send(.startTimer)
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.seconds = 1 }
/// await timer.cancel()
/// ```
public struct TestStoreTask: Sendable {
  let task: StoreTask
  let cancelTasks: @MainActor @Sendable () -> Void
  let isRunning: @MainActor @Sendable () -> Bool
  let wait: @MainActor @Sendable (ContinuousClock.Instant) async -> Void
  let defaultTimeout: Duration

  init(
    task: StoreTask,
    cancel: @escaping @MainActor @Sendable () -> Void,
    isRunning: @escaping @MainActor @Sendable () -> Bool,
    wait: @escaping @MainActor @Sendable (ContinuousClock.Instant) async -> Void,
    defaultTimeout: Duration
  ) {
    self.task = task
    self.cancelTasks = cancel
    self.isRunning = isRunning
    self.wait = wait
    self.defaultTimeout = defaultTimeout
  }

  /// Cancels the effects; they stop counting as running at once.
  ///
  /// ```swift
  /// await task.cancel()
  /// ```
  @MainActor
  public func cancel() async {
    cancelTasks()
    await EventSignal.yieldToOtherTasks()
  }

  /// Waits for the effects to finish; fails the test if they are still running after `timeout`
  /// (the test store's ``TestStore/timeout`` by default).
  ///
  /// ```swift
  /// await store.send(.save).finish()
  /// ```
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? defaultTimeout
    let deadline = ContinuousClock.now.advanced(by: timeout)
    await EventSignal.yieldToOtherTasks()
    while isRunning(), ContinuousClock.now < deadline {
      await wait(deadline)
    }
    if isRunning() { await EventSignal.letReadyTasksRunPastTheDeadline() }
    if isRunning() {
      reportIssue(
        "Expected the effects of this action to finish, but they are still running after \(timeout).",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Whether every effect of the action has been cancelled (`true` when it started none).
  public var isCancelled: Bool { task.isCancelled }
}
