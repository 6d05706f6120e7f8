extension TabCoordinatorState {
  /// This state with its tabs in the order of `definitions`: tabs it already has keep their
  /// stacks (each screen passed through `migrate`, route IDs kept), new ones start at their
  /// roots; selection, history, context and the pending link are kept. Throws, changing
  /// nothing, when a tab this state has is not among `definitions` (it is in use).
  func migrated(
    toTabs definitions: [TabDefinition<Screen>], backBehavior: BackBehavior, screens migrate: (Screen) throws -> Screen
  ) throws -> TabCoordinatorState {
    var tabs: [TabState<Screen>] = []
    tabs.reserveCapacity(definitions.count)
    for definition in definitions {
      if let position = positions[definition.id] {
        var tab = storedTabs[position]
        for id in tab.stack.ids {
          _ = try tab.stack.updateScreen(id: id) { screen in screen = try migrate(screen) }
        }
        tab.reselect = definition.reselect
        tab.onLeave = definition.onLeave
        tabs.append(tab)
      } else {
        tabs.append(TabState(
          id: definition.id, reselect: definition.reselect, onLeave: definition.onLeave,
          stack: RouteStack(root: definition.root, withNavigation: definition.rootWithNavigation)))
      }
    }
    return try TabCoordinatorState(
      restoring: tabs, selectedTab: selectedTab, history: history, backBehavior: backBehavior, context: context,
      pendingLink: pendingLink)
  }
}
