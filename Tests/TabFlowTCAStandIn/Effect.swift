/// TCA's `Effect`: work a reducer asks the store to do.
public struct Effect<Action> {
  enum Operation {
    case send(Action)
    case run(id: AnyHashableSendable?, @Sendable (Send<Action>) async -> Void)
    case cancel(id: AnyHashableSendable)
  }

  let operations: [Operation]

  /// No effect.
  public static var none: Self { Self(operations: []) }

  /// Sends an action back into the store at once.
  public static func send(_ action: Action) -> Self { Self(operations: [.send(action)]) }

  /// Runs asynchronous work that may send actions.
  public static func run(operation: @escaping @Sendable (_ send: Send<Action>) async -> Void) -> Self {
    Self(operations: [.run(id: nil, operation)])
  }

  /// Cancels the effects running under `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operations: [.cancel(id: AnyHashableSendable(id))])
  }

  /// All of them.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// All of them.
  public static func merge(_ effects: [Self]) -> Self { Self(operations: effects.flatMap(\.operations)) }

  /// The same effect, cancellable with `.cancel(id:)`.
  public func cancellable(id: some Hashable & Sendable) -> Self {
    Self(
      operations: operations.map {
        if case let .run(_, work) = $0 { .run(id: AnyHashableSendable(id), work) } else { $0 }
      })
  }

  /// The same effect for a parent's action.
  public func map<Parent>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
    Effect<Parent>(
      operations: operations.map {
        switch $0 {
        case let .send(action): .send(transform(action))
        case let .cancel(id): .cancel(id: id)
        case let .run(id, work):
          .run(id: id) { send in await work(Send { action in send(transform(action)) }) }
        }
      })
  }
}

/// A cancellation ID of any hashable, sendable type.
struct AnyHashableSendable: Hashable, @unchecked Sendable {
  let base: AnyHashable
  init(_ base: some Hashable & Sendable) { self.base = AnyHashable(base) }
}

/// TCA's `Send`: how a running effect sends actions, on the main actor.
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// A sender.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) { self.send = send }

  /// Sends `action`.
  @MainActor
  public func callAsFunction(_ action: Action) { send(action) }
}

/// TCA's `Exhaustivity` of a `TestStore`.
public enum Exhaustivity: Sendable {
  /// Every change and received action must be asserted.
  case on
  /// Only what is asserted is checked.
  case off
}
