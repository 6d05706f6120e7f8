// A stand-in for The Composable Architecture, for tests only: it declares TCA's public names that
// TabFlow's own runtime also declares, in TCA's shapes, so that a file importing it beside
// TabFlow's TCA-facing modules shows whether any name is ambiguous. TCA itself does not build on
// Linux. The module's name can never be an app's real dependency.

/// TCA's `Reducer`: a `body` of composed reducers, or `reduce(into:action:)`.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action
  associatedtype Body

  /// The reducers this one is made of (TCA's `@ReducerBuilder var body`).
  @ReducerBuilder<State, Action> var body: Body { get }

  /// Evolves the state and returns the effect to run.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body (as in TCA).
  public var body: Body {
    preconditionFailure("\(Self.self) has no body: it implements reduce(into:action:)")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// A reducer with a body reduces through it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// TCA's `ReducerOf<R>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
