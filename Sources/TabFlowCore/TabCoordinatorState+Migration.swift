import TabFlowNavigation

extension TabCoordinatorState {
  /// This state with its tabs in the order of `definitions`: tabs it already has keep their
  /// stacks (each screen passed through `migrate`, route IDs kept) and take their definition's
  /// policies and root navigation flag, new ones start at their roots; selection, history,
  /// context, the pending link and the user's tab order, hidden tabs and badges are kept (a tab
  /// the reload adds goes after the saved order; a hidden tab no longer `hideable` is shown).
  /// Throws, changing nothing, when a tab this state has
  /// is not among `definitions` (it is in use), or a ``MigrationConflict`` when a tab's root
  /// loses its navigation while pushes stand on it (they could only be dropped). The initial
  /// tab becomes `initialTab` (the first definition's when `nil`).
  package func migrated(
    toTabs definitions: [TabDefinition<Screen>], initialTab: TabID? = nil, backBehavior: BackBehavior,
    screens migrate: (Screen) throws -> Screen
  ) throws -> TabCoordinatorState {
    var tabs: [TabState<Screen>] = []
    tabs.reserveCapacity(definitions.count)
    for definition in definitions {
      if let position = positions[definition.id] {
        var tab = storedTabs[position]
        for id in tab.stack.ids {
          _ = try tab.stack.updateScreen(id: id) { screen in screen = try migrate(screen) }
        }
        try tab.stack.setRootNavigation(definition.rootWithNavigation, tab: tab.id)
        tab.reselect = definition.reselect
        tab.onLeave = definition.onLeave
        tab.item = definition.item
        tabs.append(tab)
      } else {
        tabs.append(TabState(
          id: definition.id, reselect: definition.reselect, onLeave: definition.onLeave,
          stack: RouteStack(root: definition.root, withNavigation: definition.rootWithNavigation, ids: idGenerator),
          item: definition.item))
      }
    }
    var state = try TabCoordinatorState(
      restoring: tabs, selectedTab: selectedTab, history: history, initialTab: initialTab, backBehavior: backBehavior,
      context: context, pendingLink: pendingLink, pendingResume: migrated(pendingResume, screens: migrate),
      ids: idGenerator
    ).keepingTabBar(order: tabOrder, hidden: hiddenTabs, badges: badges, checkingHideable: true)
    // The app layer keeps its routes and IDs, its screens migrated; its stand-in root follows
    // the new first tab's root (it is never shown, and the old one may be gone).
    var appLayer = storedAppLayer
    appLayer.setScreen(state.storedTabs[0].stack.root.screen, at: 0)
    for id in appLayer.ids.dropFirst() {
      _ = try appLayer.updateScreen(id: id) { screen in screen = try migrate(screen) }
    }
    state.storedAppLayer = appLayer
    return state
  }

  /// A pending resume with its screens migrated; `nil` (dropped) when one of them no longer fits.
  private func migrated(
    _ resume: PendingResume<Screen>?, screens migrate: (Screen) throws -> Screen
  ) -> PendingResume<Screen>? {
    guard let resume else { return nil }
    guard let commands = try? resume.commands.map({ try $0.map(migrate, match: { $0 }) }) else { return nil }
    return PendingResume(commands: commands, source: resume.source, route: resume.route)
  }
}

extension RouteStack {
  /// Gives the root route the navigation flag `withNavigation`, keeping every route and ID; a
  /// ``MigrationConflict`` (nothing changed) when the root loses its navigation while its layer
  /// holds pushes.
  fileprivate mutating func setRootNavigation(_ withNavigation: Bool, tab: TabID) throws(MigrationConflict) {
    guard case let .root(screen, current) = storedRoutes[0], current != withNavigation else { return }
    let rootLayerEnd = storedPresentedIndices.first ?? storedRoutes.count
    guard withNavigation || rootLayerEnd == 1 else {
      throw MigrationConflict(.pushesOnRootWithoutNavigation(tab: tab, path: routes.pathDescription()))
    }
    storedRoutes[0] = .root(screen, withNavigation: withNavigation)
  }
}

extension TabCoordinatorState {
  /// This state with only the tabs in `tabs`, each stack cut before its first route whose screen
  /// `keeps` refuses (a tab whose root is refused goes too); the selection moves to the first
  /// tab left when its tab went, and history forgets the tabs that went. `nil` when no tab is
  /// left. The app layer is cut the same way (all of it when its first route is refused). What
  /// rolling rules back to a script that lacks some of them keeps of the navigation.
  package func trimmed(toTabs tabs: Set<TabID>, keeping keeps: (Screen) -> Bool) -> TabCoordinatorState? {
    var kept: [TabState<Screen>] = []
    for var tab in storedTabs where tabs.contains(tab.id) {
      let routes = tab.stack.routes
      guard let first = routes.first, keeps(first.screen) else { continue }
      let length = routes.firstIndex { !keeps($0.screen) } ?? routes.count
      if length < routes.count, let stack = try? RouteStack(validating: Array(routes.prefix(length)), ids: idGenerator) {
        tab.stack = stack
      }
      kept.append(tab)
    }
    guard let firstTab = kept.first?.id else { return nil }
    let ids = Set(kept.map(\.id))
    let selected = ids.contains(selectedTab) ? selectedTab : firstTab
    let appRoutes = appLayer
    let appLength = appRoutes.firstIndex { !keeps($0.screen) } ?? appRoutes.count
    return try? TabCoordinatorState(
      restoring: kept, selectedTab: selected, history: history.filter { ids.contains($0) && $0 != selected },
      initialTab: ids.contains(initialTab) ? initialTab : firstTab, backBehavior: backBehavior, context: context, pendingLink: pendingLink,
      appLayer: Array(appRoutes.prefix(appLength)), ids: idGenerator
    ).keepingTabBar(order: tabOrder, hidden: hiddenTabs, badges: badges, checkingHideable: true)
  }
}
