// A stand-in for The Composable Architecture 1.25.5, for TabFlow's tests only: it declares the
// part of TCA's public API that TabFlow's TCA glue (TabFlowTCA) and the article "Using TabFlow in
// a TCA app" use, in TCA's shapes, so that the same source compiles here, where TCA does not build
// (Linux), and — beside TabFlow's TCA-facing modules — shows whether any name is ambiguous. Its
// behaviour is the part of TCA's those tests rely on, no more: it is not TCA.

/// TCA's `Reducer`: a `body` of composed reducers, or `reduce(into:action:)`.
///
/// As in TCA 1.25, the store and the reducer operators run a reducer through `_reduce(into:action:)`;
/// calling `reduce(into:action:)` yourself is deprecated (TCA 2.0 removes it).
public protocol Reducer<State, Action>: _ReduceInto {
  associatedtype State
  associatedtype Action
  associatedtype Body

  /// The reducers this one is made of (TCA's `@ReducerBuilder var body`).
  @ReducerBuilder<State, Action> var body: Body { get }

  /// Evolves the state and returns the effect to run: implement it, never call it.
  @available(*, deprecated, message: "Don't invoke a reducer directly; compose it in a body (Scope, ifLet…) or send an action")
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// How the store and the operators run a reducer.
  func _reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// `reduce(into:action:)` undeprecated: how `_reduce` reaches a reducer's own implementation
/// without a deprecation warning in the stand-in (TCA's source makes the same call, warned).
public protocol _ReduceInto<State, Action> {
  associatedtype State
  associatedtype Action

  /// The reducer's own `reduce(into:action:)`.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

extension Reducer {
  /// Runs `reduce(into:action:)`.
  public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    _callReduceInto(self, &state, action)
  }

  /// Runs `_reduce(into:action:)`: a reducer with a body reduces through it.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    _reduce(into: &state, action: action)
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body (as in TCA).
  public var body: Body {
    preconditionFailure("\(Self.self) has no body: it implements reduce(into:action:)")
  }
}

extension Reducer where Body: Reducer<State, Action> {
  /// A reducer with a body reduces through it.
  public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    body._reduce(into: &state, action: action)
  }
}

func _callReduceInto<R: _ReduceInto>(_ reducer: R, _ state: inout R.State, _ action: R.Action) -> Effect<R.Action> {
  reducer.reduce(into: &state, action: action)
}

/// TCA's `ReducerOf<R>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
