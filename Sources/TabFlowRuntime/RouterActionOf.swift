import TabFlowCore

/// The router action of a screen reducer whose state is the screen:
/// `RouterActionOf<Child>` is `RouterAction<Child.State, Child.Action>`.
///
/// ```swift
/// enum Action { case router(RouterActionOf<Child>) }
/// ```
public typealias RouterActionOf<ScreenReducer: Reducer> = RouterAction<ScreenReducer.State, ScreenReducer.Action>
