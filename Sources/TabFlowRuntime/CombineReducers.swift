/// Groups reducers into one, run in order for every action with their effects merged — to apply
/// a modifier such as `forEachRoute`
/// to several reducers at once.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   CombineReducers {
///     Reduce(coordinatorLogic)
///     Reduce(analytics)
///   }
///   .forEachRoute(\.routes, action: .router) { Screen() }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  package let reducers: Reducers

  /// The reducers built by `build`, as one.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the reducers in order.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
