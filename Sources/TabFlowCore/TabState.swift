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
  /// What the tab declares for the tab bar (a declaration: not saved with the navigation).
  public var item: TabBarItem

  /// A tab with the given stack.
  public init(
    id: TabID, reselect: ReselectPolicy = .popToRoot, onLeave: LeavePolicy = .keep, stack: RouteStack<Screen>,
    item: TabBarItem = TabBarItem()
  ) {
    self.id = id
    self.reselect = reselect
    self.onLeave = onLeave
    self.stack = stack
    self.item = item
  }
}

/// Tabs are equal when every field is: synthesized, so a new field takes part at once. (The
/// coordinator's hot path compares tabs in place, field by field, in
/// `TabCoordinatorState.sameTabs`; `EqualityCoverageTests` fails until a new field is compared
/// there too.)
extension TabState: Equatable where Screen: Equatable {}
extension TabState: Sendable where Screen: Sendable {}
