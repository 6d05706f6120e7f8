/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// await store.send(.refreshTapped).finish()   // waits for the refresh effect to end
/// ```
///
/// Covers the tasks started while processing the sent action and the actions queued behind it
/// in the same call (for example those sent with `.send`). A `send` made while the store was
/// already processing an action is queued; its effects belong to the outer call's task, and the
/// task it returns is empty.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline package let tasks: [Task<Void, Never>]

  @usableFromInline
  package init(tasks: [Task<Void, Never>] = []) {
    self.tasks = tasks
  }

  /// Whether no task was started.
  public var isEmpty: Bool { tasks.isEmpty }

  /// Waits until every task has finished (or been cancelled and returned).
  ///
  /// ```swift
  /// await store.send(.load).finish()
  /// ```
  public func finish() async {
    for task in tasks {
      await task.value
    }
  }

  /// Cancels the tasks; actions they try to send from now on are dropped.
  ///
  /// ```swift
  /// let timer = store.send(.startTimer)
  /// timer.cancel()
  /// ```
  public func cancel() {
    for task in tasks {
      task.cancel()
    }
  }

  /// Whether every task has been cancelled (`true` when there are none).
  public var isCancelled: Bool {
    tasks.allSatisfy(\.isCancelled)
  }
}
