/// TCA's `Effect`: work a reducer asks the store to do. Sendable, as TCA's (whose operations hold a
/// Combine publisher or an async closure); here it holds actions to send, async work, and
/// cancellations, which only the store on the main actor reads.
public struct Effect<Action>: @unchecked Sendable {
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

  /// Runs asynchronous work that may send actions and may throw; a `CancellationError` ends it
  /// quietly, any other error goes to `handler` (TCA reports an issue when there is none; the
  /// stand-in drops it).
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
  ) -> Self {
    Self(operations: [
      .run(id: nil) { send in
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          await handler?(error, send)
        }
      }
    ])
  }

  /// Cancels the effects running under `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operations: [.cancel(id: AnyHashableSendable(id))])
  }

  /// All of them.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// All of them.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    Self(operations: effects.flatMap(\.operations))
  }

  /// The same effect, cancellable with `.cancel(id:)`.
  public func cancellable(id: some Hashable & Sendable) -> Self {
    Self(
      operations: operations.map {
        if case let .run(_, work) = $0 { .run(id: AnyHashableSendable(id), work) } else { $0 }
      })
  }

  /// The same effect for a parent's action, without the actions `transform` maps to `nil`.
  func compactMap<Parent>(_ transform: @escaping @Sendable (Action) -> Parent?) -> Effect<Parent> {
    Effect<Parent>(
      operations: operations.compactMap {
        switch $0 {
        case let .send(action): transform(action).map { .send($0) }
        case let .cancel(id): .cancel(id: id)
        case let .run(id, work):
          .run(id: id) { send in
            await work(Send { action in if let parent = transform(action) { send(parent) } })
          }
        }
      })
  }

  /// The same effect for a parent's action. TCA 1.25 deprecates it ("avoid transforming effects"):
  /// softly by default, with a warning under its `ComposableArchitecture2Deprecations` trait; its
  /// own operators (`Scope`, `forEach`) still use it, and so does TabFlowTCA, once. An app's code
  /// should not.
  public func map<Parent>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
    compactMap(transform)
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

  /// Sends `action`, unless the effect's task was cancelled (as TCA does).
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}

/// TCA's `Exhaustivity` of a `TestStore`.
public enum Exhaustivity: Equatable, Sendable {
  /// Every change and received action must be asserted.
  case on
  /// Only what is asserted is checked; `showSkippedAssertions` would list the rest (the stand-in
  /// lists nothing).
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, quietly.
  public static let off = Self.off(showSkippedAssertions: false)
}
