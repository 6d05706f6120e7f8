/// Runs a child reducer on part of the parent's state, for the parent actions that carry a child
/// action; the child's effects are embedded back into parent actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.profile, action: .profile) {
///     Profile()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// Other actions pass through untouched, at the cost of one `extract` call.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline package let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline package let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline package let child: Child

  /// Runs `child` on `state` for the actions `action` extracts.
  ///
  /// ```swift
  /// Scope(state: \.settings, action: .settings) { Settings() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs the child for a child action; does nothing for other actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if effect.isNone { return .none }
    return effect.map(toChildAction.embed)
  }
}
