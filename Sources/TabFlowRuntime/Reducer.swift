/// A feature's logic: how an action changes the state, and which effects it starts.
///
/// Implement either ``reduce(into:action:)`` — for logic written out by hand — or ``body`` — to
/// compose other reducers with the ``ReducerBuilder`` — never both.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action: Equatable { case increment, incrementLater }
///   let clock: any Clock<Duration>
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment:
///       state.count += 1
///       return .none
///     case .incrementLater:
///       return .run { [clock] send in
///         try await clock.sleep(for: .seconds(1))
///         await send(.increment)
///       }
///     }
///   }
/// }
///
/// struct App: Reducer {
///   struct State: Equatable { var counter = Counter.State(); var log: [String] = [] }
///   enum Action { case counter(Counter.Action) }
///   let clock: any Clock<Duration>
///
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: ActionPath(embed: Action.counter) { if case let .counter(a) = $0 { a } else { nil } }) {
///       Counter(clock: clock)
///     }
///     Reduce { state, action in
///       state.log.append("\(action)")
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer works on.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body``: a composed reducer, or ``ReducerHasNoBody`` for a reducer that
  /// implements ``reduce(into:action:)`` itself.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run next (`.none` for none).
  ///
  /// ```swift
  /// func reduce(into state: inout State, action: Action) -> Effect<Action> {
  ///   state.count += 1
  ///   return .none
  /// }
  /// ```
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order for every action; their effects are
  /// merged.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEachRoute(\.routes, action: .router) { Screen() }
  /// }
  /// ```
  @ReducerBuilder<State, Action>
  var body: Body { get }

}

/// The ``Reducer/Body`` of a reducer that implements ``Reducer/reduce(into:action:)`` itself
/// rather than composing a body. It does nothing and is never run.
///
/// ```swift
/// struct Plain: Reducer {
///   func reduce(into state: inout Int, action: Void) -> Effect<Void> { .none }
///   // Body is inferred as ReducerHasNoBody<Int, Void>.
/// }
/// ```
public struct ReducerHasNoBody<State, Action>: Sendable {
  /// The placeholder body.
  @inlinable
  public init() {}
}

extension Reducer where Body == ReducerHasNoBody<State, Action> {
  /// A placeholder: this reducer implements ``reduce(into:action:)`` and has no body.
  @inlinable
  public var body: Body { ReducerHasNoBody() }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
