/// A reducer made from a closure: the usual way to write a coordinator's own logic in a `body`.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .logoutTapped:
///     state.user = nil
///     return .send(.delegate(.didLogout))
///   default:
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  package let reduce: (inout State, Action) -> Effect<Action>

  /// A reducer that runs `reduce`.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps any reducer of the same state and action (type erasure).
  ///
  /// ```swift
  /// let erased = Reduce(Counter())
  /// ```
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
