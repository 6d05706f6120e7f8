/// TCA's `ReducerBuilder`: a body's reducers, run in order.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A reducer of this state and action (which lets `Reduce { state, action in … }` and
  /// `Scope(state:action:)` infer their types from the body's).
  public static func buildExpression<R: Reducer>(_ expression: R) -> R where R.State == State, R.Action == Action {
    expression
  }

  /// One reducer.
  public static func buildPartialBlock<R: Reducer>(first: R) -> R where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then one more.
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> Reduce<State, Action> where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    Reduce { state, action in
      let first = accumulated._reduce(into: &state, action: action)
      return .merge(first, next._reduce(into: &state, action: action))
    }
  }
}
