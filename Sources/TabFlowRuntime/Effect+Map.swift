extension Effect {
  /// The same effect, with every action it sends transformed; this is how a parent embeds a
  /// child's effects in its own action type.
  ///
  /// ```swift
  /// let effect: Effect<AppAction> = counterEffect.map(AppAction.counter)
  /// ```
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    map(transform, cancellationScope: nil)
  }

  /// `map`, additionally putting every cancellation ID this effect uses (in `cancellable` and
  /// `cancel`) under `scope`, so that effects of different routes can use the same ID without
  /// cancelling one another.
  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    cancellationScope scope: AnyHashable?
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, operation):
      return Effect<NewAction>(
        operation: .run(priority) { send in
          await operation(Send { action in send.send(transform(action)) })
        })
    case let .merge(effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform, cancellationScope: scope) }))
    case let .concatenate(effects):
      return Effect<NewAction>(
        operation: .concatenate(effects.map { $0.map(transform, cancellationScope: scope) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<NewAction>(
        operation: .cancellable(
          id: Self.scoped(id, in: scope), cancelInFlight: cancelInFlight,
          effect.map(transform, cancellationScope: scope)))
    case let .cancel(id):
      return Effect<NewAction>(operation: .cancel(id: Self.scoped(id, in: scope)))
    case let .cancelCompact(id):
      guard scope != nil else { return Effect<NewAction>(operation: .cancelCompact(id)) }
      return Effect<NewAction>(operation: .cancel(id: Self.scoped(AnyHashable(id), in: scope)))
    }
  }

  private static func scoped(_ id: AnyHashable, in scope: AnyHashable?) -> AnyHashable {
    guard let scope else { return id }
    return AnyHashable(ScopedCancelID(scope: scope, id: id))
  }
}

/// A cancellation ID used inside a scope (a route), distinct from the same ID in other scopes.
struct ScopedCancelID: Hashable, @unchecked Sendable {
  // `@unchecked`: both values are made from `Hashable & Sendable` IDs (see `Effect.cancellable`).
  let scope: AnyHashable
  let id: AnyHashable
}
