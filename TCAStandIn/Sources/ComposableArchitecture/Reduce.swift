/// TCA's `Reduce`: a reducer made of a closure.
public struct Reduce<State, Action>: Reducer {
  let reduce: (inout State, Action) -> Effect<Action>

  /// A reducer running `reduce`.
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Runs the closure.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// TCA's `EmptyReducer`: changes nothing.
public struct EmptyReducer<State, Action>: Reducer {
  /// The reducer that does nothing.
  public init() {}

  /// Nothing.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// TCA's `CombineReducers`: runs its reducers in order, merging their effects.
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  let reducers: Reducers

  /// Groups `build`'s reducers.
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    reducers = build()
  }

  /// Runs them.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers._reduce(into: &state, action: action)
  }
}
