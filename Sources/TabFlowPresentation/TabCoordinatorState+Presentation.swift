import TabFlowCore
import TabFlowNavigation

extension TabCoordinatorState {
  /// What the tab bar shows: every tab in the user's order, with its role, section, image,
  /// badge and whether it is hidden, and the selected one.
  public var tabBar: TabBar {
    TabBar(
      entries: tabOrder.compactMap { tab in
        guard let position = try? index(of: tab) else { return nil }
        return TabBarEntry(id: tab, item: tabs[position].item, isHidden: isHidden(tab), badge: badge(of: tab))
      },
      selected: selectedTab)
  }

  /// The presentation layers of a tab's stack, or `nil` for an unknown tab.
  ///
  /// ```swift
  /// for tab in state.tabs {
  ///   let layers = state.layers(of: tab.id) ?? []
  /// }
  /// ```
  public func layers(of tab: TabID) -> [PresentationLayer]? {
    stack(for: tab)?.layers
  }

  /// The action that tells the coordinator what the user did to a layer of `tab`:
  /// `.router(.updateRoutes(…))` with the routes the user now sees (the routes that stay keep
  /// their IDs; the effects of those that left are cancelled by `forEachRoute`), or `nil` when the
  /// change changes nothing.
  ///
  /// `updateRoutes` applies to the selected tab, the only one on screen; a report about another
  /// tab is refused (``PresentationError/tabNotSelected(_:selected:)``), as is a change that does
  /// not fit the tab's layers. Nothing changes when it throws.
  ///
  /// ```swift
  /// if let action = try store.state.action(for: .dismiss(layer: sheet.id), in: "home") {
  ///   store.send(action)
  /// }
  /// ```
  public func action<ScreenAction>(
    for change: LayerChange, in tab: TabID
  ) throws(PresentationError) -> TabCoordinatorAction<Screen, ScreenAction>? {
    guard let stack = stack(for: tab) else { throw .unknownTab(tab, known: tabIDs) }
    guard tab == selectedTab else { throw .tabNotSelected(tab, selected: selectedTab) }
    let action: RouterAction<Screen, ScreenAction>? = try stack.routerAction(for: change)
    return action.map { .router($0) }
  }

  /// The presentation layers of the app layer — the sheets and covers presented over the whole
  /// tab bar, bottom to top, each with its pushes — or empty when nothing is presented over it.
  /// Every one is presented (the app layer has no root layer: the tab bar is under it).
  public var appLayers: [PresentationLayer] {
    guard isAppLayerPresented else { return [] }
    return Array(storedAppLayer.layers.dropFirst())
  }

  /// The action that tells the coordinator what the user did to a layer of the app layer (a
  /// sheet dragged down, a swipe back in a presented flow): `.perform([.app(.goBack(count: n))])`
  /// removing the routes the user no longer sees (the routes that stay keep their IDs), or `nil`
  /// when the change changes nothing. Throws, changing nothing, for a layer the app layer does not
  /// have or a path that does not fit it.
  public func appLayerAction<ScreenAction>(
    for change: LayerChange
  ) throws(PresentationError) -> TabCoordinatorAction<Screen, ScreenAction>? {
    let layers = storedAppLayer.layers
    guard layers.count > 1, layers[0].start != change.layer else {
      throw .unknownLayer(change.layer, layers: appLayers.map(\.start))
    }
    guard let kept = try change.keptRouteCount(in: layers) else { return nil }
    let removed = storedAppLayer.count - kept
    return removed > 0 ? .perform([.app(.goBack(count: removed))]) : nil
  }
}
