import IssueReporting
import TabFlowNavigation

/// Work a reducer asks the store to do after it changed the state: send more actions, run async
/// work, or cancel work started earlier.
///
/// A reducer returns `.none` when there is nothing to do, which costs nothing: no task is created
/// for `.none` or `.send`; only ``run(priority:operation:catch:fileID:filePath:line:column:)`` and
/// `concatenate(_:)` start tasks.
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     let items = try await api.fetchItems()
///     await send(.itemsLoaded(items))
///   }
///   .cancellable(id: CancelID.refresh, cancelInFlight: true)
/// ```
public struct Effect<Action> {
  // `run` and `cancel` hold types of the standard library whose layout is not known to client
  // code (`TaskPriority`, `AnyHashable`): they are boxed, so an effect has a fixed layout and is
  // copied, destroyed and tested in place rather than through its value witnesses — which every
  // action pays for, `.none` included.
  @usableFromInline
  package enum Operation {
    case none
    case send(Action)
    indirect case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    indirect case cancellable(id: AnyHashable, cancelInFlight: Bool, Effect<Action>)
    indirect case cancel(id: AnyHashable)
    /// `.cancel(id:)` for an ID of fixed layout, boxed into an `AnyHashable` only when something
    /// is running under a cancellation ID (`forEachRoute` cancels a leaving route's effects so).
    case cancelCompact(CompactCancelID)
  }

  @usableFromInline
  package let operation: Operation

  @usableFromInline
  package init(operation: Operation) {
    self.operation = operation
  }
}

extension Effect {
  /// An effect that does nothing. Returning it costs no allocation and starts no task.
  ///
  /// ```swift
  /// case .increment:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Self { Self(operation: .none) }

  /// An effect that sends `action` back into the store right after the current action, before
  /// any action sent later. No task is involved: the store queues the action and processes it
  /// synchronously, in order.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return .send(.delegate(.didSave))
  /// ```
  @inlinable
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// An effect that runs `operation` in a new task; it can send any number of actions through
  /// `send` (on the main actor, in the order sent).
  ///
  /// A thrown `CancellationError`, or any error thrown after the effect was cancelled, ends the
  /// effect quietly. Any other error goes to `handler`, or when there is none, is reported
  /// through IssueReporting (a test failure in tests) with the place where the effect was made.
  ///
  /// ```swift
  /// case .incrementLaterTapped:
  ///   return .run { [clock] send in
  ///     try await clock.sleep(for: .seconds(1))
  ///     await send(.increment)
  ///   }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      operation: .run(priority) { send in
        do {
          try await operation(send)
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          if let handler {
            await handler(error, send)
          } else {
            reportIssue(
              error,
              "An effect threw an error it did not handle; pass 'catch:' to '.run' to handle it.",
              fileID: fileID, filePath: filePath, line: line, column: column)
          }
        }
      })
  }

  /// An effect that runs all `effects` at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.tick) })
  /// ```
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that runs all `effects` at the same time; `.none` elements are dropped.
  ///
  /// ```swift
  /// return .merge(screens.map { .send(.refresh($0)) })
  /// ```
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var kept: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case let .merge(inner): kept.append(contentsOf: inner)
      default: kept.append(effect)
      }
    }
    switch kept.count {
    case 0: return .none
    case 1: return kept[0]
    default: return Self(operation: .merge(kept))
    }
  }

  /// An effect that runs `effects` one after another: each starts when the previous one (and
  /// every task it started) has finished. Runs in one task, started only when there are at least
  /// two non-`.none` effects.
  ///
  /// ```swift
  /// return .concatenate(.run { _ in await analytics.flush() }, .send(.didFlush))
  /// ```
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs `effects` one after another; `.none` elements are dropped.
  ///
  /// ```swift
  /// return .concatenate(steps.map { .send(.step($0)) })
  /// ```
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let kept = effects.filter {
      if case .none = $0.operation { return false }
      return true
    }
    switch kept.count {
    case 0: return .none
    case 1: return kept[0]
    default: return Self(operation: .concatenate(kept))
    }
  }

  /// This effect merged with `other`.
  ///
  /// ```swift
  /// return screenEffect.merge(with: .send(.didNavigate))
  /// ```
  public func merge(with other: Self) -> Self {
    .merge(self, other)
  }

  /// This effect followed by `other`.
  ///
  /// ```swift
  /// return .send(.willSave).concatenate(with: saveEffect)
  /// ```
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
  }

  /// Whether this effect only cancels, by a compact ID (what `forEachRoute` returns when a route
  /// left): nothing to do when nothing runs under a cancellation ID.
  @inlinable
  var onlyCancelsByCompactID: Bool {
    if case .cancelCompact = operation { return true }
    return false
  }

  /// Whether this effect does nothing.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}
