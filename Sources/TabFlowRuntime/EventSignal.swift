/// Wakes tasks waiting for "something happened" (an action arrived, an effect ended), with a
/// deadline, so test waits are driven by events rather than by polling.
@MainActor
final class EventSignal {
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextID = 0

  /// Suspends until the next ``fire()`` or until `deadline`, whichever comes first.
  func wait(until deadline: ContinuousClock.Instant) async {
    let id = nextID
    nextID += 1
    let timer = Task { [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      self?.resume(id)
    }
    await withCheckedContinuation { continuation in
      waiters[id] = continuation
    }
    timer.cancel()
  }

  /// Wakes every waiter.
  func fire() {
    guard !waiters.isEmpty else { return }
    let woken = waiters
    waiters.removeAll()
    for continuation in woken.values {
      continuation.resume()
    }
  }

  private func resume(_ id: Int) {
    waiters.removeValue(forKey: id)?.resume()
  }

  /// What a test wait does when its deadline has passed and what it waits for has not happened:
  /// lets the tasks that were ready before it run first — rounds of a task at the waiting
  /// task's priority (the effects' own, unless an effect names another), which the executor
  /// queues behind them — so that the wait fails only if it still has not happened then.
  ///
  /// The deadline is real time, and real time passes while the executor runs nothing of the
  /// test's: a test run on a small machine keeps its threads busy with other tests for seconds at
  /// a time, and an effect that was ready all along — an action on its way, an effect about to
  /// end — would otherwise be reported missing. A mitigation, not a proof: the executor promises
  /// no order. Past the deadline nothing new is waited for: an effect that waits on a test clock,
  /// or forever, still fails the wait.
  static func letReadyTasksRunPastTheDeadline() async {
    await yieldToOtherTasks(priority: Task.currentPriority)
  }

  /// Lets other tasks — effects on the global executor, tasks on the main actor — run until
  /// they reach their next suspension point, the way TCA's test store does: `count` rounds of a
  /// task at `priority`.
  static func yieldToOtherTasks(count: Int = 20, priority: TaskPriority = .background) async {
    for _ in 0..<count {
      await Task.detached(priority: priority) { await Task.yield() }.value
    }
  }
}
