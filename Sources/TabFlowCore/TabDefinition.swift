import TabFlowNavigation

/// A tab as an app declares it: its identifier, root screen, reselect and leave policies, and
/// what the tab bar shows of it (``TabBarItem``).
///
/// ```swift
/// let tabs: [TabDefinition<Screen>] = [
///   TabDefinition("home", root: .feed),
///   TabDefinition("profile", root: .account, reselect: .none),
///   TabDefinition("search", root: .query, onLeave: .popToRoot),
/// ]
/// ```
public struct TabDefinition<Screen> {
  /// The tab's identifier.
  public var id: TabID
  /// The screen at the root of the tab's stack.
  public var root: Screen
  /// Whether screens can be pushed onto the root (the default).
  public var rootWithNavigation: Bool
  /// What tapping the tab while it is selected does.
  public var reselect: ReselectPolicy
  /// What happens to the tab's stack when another tab is selected.
  public var onLeave: LeavePolicy
  /// Its role, sidebar section, image and whether the user may hide it.
  public var item: TabBarItem

  /// Declares a tab.
  public init(
    _ id: TabID, root: Screen, rootWithNavigation: Bool = true, reselect: ReselectPolicy = .popToRoot,
    onLeave: LeavePolicy = .keep, item: TabBarItem = TabBarItem()
  ) {
    self.id = id
    self.root = root
    self.rootWithNavigation = rootWithNavigation
    self.reselect = reselect
    self.onLeave = onLeave
    self.item = item
  }
}

extension TabDefinition: Equatable where Screen: Equatable {}
extension TabDefinition: Sendable where Screen: Sendable {}
