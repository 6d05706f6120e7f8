/// TCA's `Scope`: runs a child reducer on part of the state, for the actions of one case
/// (`Scope(state: \.child, action: \.child) { Child() }`, TCA 1.25's form).
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  let toChildState: WritableKeyPath<ParentState, Child.State>
  let toChildAction: Case<Child.Action>
  let child: Child

  /// The child on the state at `toChildState`, for the actions of the case `toChildAction`.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = Case<ParentAction>()[keyPath: toChildAction]
    self.child = child()
  }

  /// Runs the child on its part; its effects' actions come back embedded in the case.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    let embed = toChildAction.embed
    // `embed` makes the root, which is the parent's action by construction.
    return child._reduce(into: &state[keyPath: toChildState], action: childAction).compactMap {
      embed($0) as? ParentAction
    }
  }
}
