extension Effect {
  /// This effect, cancellable by `id`: a later ``cancel(id:)`` with the same ID (or another
  /// effect made cancellable with the same ID and `cancelInFlight: true`) cancels every task it
  /// started. Actions an effect sends after its cancellation are dropped.
  ///
  /// With `cancelInFlight`, effects already running under `id` are cancelled before this one
  /// starts — the usual way to keep only the latest search, refresh or timer. As in TCA,
  /// `.none` stays `.none` (use ``cancel(id:)`` to cancel without starting anything).
  ///
  /// ```swift
  /// enum CancelID { case search }
  ///
  /// case let .queryChanged(query):
  ///   return .run { send in
  ///     try await clock.sleep(for: .milliseconds(300))
  ///     await send(.results(try await api.search(query)))
  ///   }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// `.send` effects are delivered synchronously and so are never affected by cancellation.
  /// IDs are per store; effects of routes run by `forEachRoute`
  /// get their IDs scoped to their route, so two screens using the same ID do not interfere.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return .none }
    return Self(operation: .cancellable(id: AnyHashable(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels every running effect made cancellable with `id`.
  ///
  /// ```swift
  /// case .stopTimerTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: AnyHashable(id)))
  }

  /// An effect that cancels every running effect made cancellable with any of `ids`.
  ///
  /// ```swift
  /// return .cancel(ids: [CancelID.timer, CancelID.search])
  /// ```
  public static func cancel(ids: some Sequence<some Hashable & Sendable>) -> Self {
    .merge(ids.map { cancel(id: $0) })
  }
}
