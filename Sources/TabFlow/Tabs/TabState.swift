/// One tab of a coordinator: its identifier, reselect policy and its own stack.
public struct TabState<Screen> {
  /// The tab's identifier.
  public let id: TabID
  /// What tapping the tab while it is selected does.
  public var reselect: ReselectPolicy
  /// The tab's stack, root first.
  public var stack: RouteStack<Screen>

  /// A tab with the given stack.
  public init(id: TabID, reselect: ReselectPolicy = .popToRoot, stack: RouteStack<Screen>) {
    self.id = id
    self.reselect = reselect
    self.stack = stack
  }
}

extension TabState: Equatable where Screen: Equatable {}
extension TabState: Sendable where Screen: Sendable {}
