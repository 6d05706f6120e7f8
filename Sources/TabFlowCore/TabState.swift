import TabFlowNavigation

/// One tab of a coordinator: its identifier, reselect and leave policies and its own stack.
public struct TabState<Screen> {
  /// The tab's identifier.
  public let id: TabID
  /// What tapping the tab while it is selected does.
  public var reselect: ReselectPolicy
  /// What happens to the stack when another tab is selected.
  public var onLeave: LeavePolicy
  /// The tab's stack, root first.
  public var stack: RouteStack<Screen>

  /// A tab with the given stack.
  public init(id: TabID, reselect: ReselectPolicy = .popToRoot, onLeave: LeavePolicy = .keep, stack: RouteStack<Screen>) {
    self.id = id
    self.reselect = reselect
    self.onLeave = onLeave
    self.stack = stack
  }
}

extension TabState: Equatable where Screen: Equatable {
  /// Tabs are equal when every field is (inlinable, unlike a synthesized conformance, so it is
  /// specialized for the screen type). `TabCoordinatorState.sameTabs` compares the same fields.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.reselect == rhs.reselect && lhs.onLeave == rhs.onLeave && lhs.stack == rhs.stack
  }
}
extension TabState: Sendable where Screen: Sendable {}
