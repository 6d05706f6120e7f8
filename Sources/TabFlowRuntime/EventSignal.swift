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

  /// Lets other tasks — effects on the global executor, tasks on the main actor — run until
  /// they reach their next suspension point, the way TCA's test store does.
  static func yieldToOtherTasks(count: Int = 20) async {
    for _ in 0..<count {
      await Task.detached(priority: .background) { await Task.yield() }.value
    }
  }
}
