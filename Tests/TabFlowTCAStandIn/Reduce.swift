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
    reducers.reduce(into: &state, action: action)
  }
}

/// TCA's `Scope`: runs a child reducer on part of the state, for the actions of one case.
public struct Scope<State, Action, Child: Reducer>: Reducer {
  let state: WritableKeyPath<State, Child.State>
  let extract: (Action) -> Child.Action?
  let embed: @Sendable (Child.Action) -> Action
  let child: Child

  /// The child on `state`, for the actions `extract` finds (TCA takes a case key path).
  public init(
    state: WritableKeyPath<State, Child.State>, action extract: @escaping (Action) -> Child.Action?,
    embed: @escaping @Sendable (Child.Action) -> Action, child: () -> Child
  ) {
    self.state = state
    self.extract = extract
    self.embed = embed
    self.child = child()
  }

  /// Runs the child on its part.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let childAction = extract(action) else { return .none }
    return child.reduce(into: &state[keyPath: self.state], action: childAction).map(embed)
  }
}
