import Synchronization

/// A subscription to a store's states, returned by ``Store/observe(_:)``. Observing stops when
/// you call ``cancel()`` or when the last reference to the observation goes away.
///
/// ```swift
/// let observation = store.observe { state in render(state) }
/// …
/// observation.cancel()
/// ```
public final class StoreObservation: Sendable {
  let flag = ObservationFlag()

  init() {}

  deinit {
    flag.cancel()
  }

  /// Stops the observation; the observer is not called again.
  public func cancel() {
    flag.cancel()
  }

  /// Whether the observation has been cancelled.
  public var isCancelled: Bool { flag.isCancelled }
}

/// The cancelled bit shared by an observation and its store. Atomic because an observation can
/// be released on any thread.
final class ObservationFlag: Sendable {
  private let cancelled = Atomic<Bool>(false)

  func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  var isCancelled: Bool {
    cancelled.load(ordering: .relaxed)
  }
}
