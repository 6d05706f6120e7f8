import TabFlowNavigation

/// The routes a tab coordinator removed while it handled one action, gathered from the batches
/// it applied: what `forEachRoute` would otherwise learn by recording every tab's route IDs
/// before the action and comparing them after it (which also makes every push and pop copy the
/// changed stack's IDs).
///
/// Exact because every change a batch makes to a stack is journaled with the routes it removed
/// (``UndoJournal``), a rejected batch's changes are undone and its journal dropped, and the
/// coordinator changes routes only through batches — except when it adopts a reloaded state,
/// which `forEachRoute` diffs as before. A route added during the action and removed again was
/// never in the container when the action started, so it is not reported (nor would the diff
/// report it): its ID is newer than ``mark``. A reported route is checked to be gone when the
/// action ends (a replaced stack notes all its old routes; the UI keeps some of them).
@usableFromInline
package struct RouteRemovals {
  /// The generation of the newest route ID the coordinator's generator had handed out when the
  /// action started.
  @usableFromInline package let mark: UInt64
  @usableFromInline package var removed = RemovedRouteIDs()
  /// Whether the action was a route's and that route was gone: nothing was applied.
  @usableFromInline package var actionRouteIsGone = false

  /// Starts gathering for an action about to be handled by a coordinator whose routes get their
  /// IDs from `ids`.
  @inlinable
  package init(ids: RouteIDGenerator) {
    mark = ids.lastGeneration
  }

  /// Adds the routes an applied batch removed.
  @inlinable
  package mutating func record(_ batch: RemovedRouteIDs) {
    let mark = self.mark
    batch.forEach { tab, id in
      if id.generation <= mark { removed.append(id, tab: tab) }
    }
  }

  /// The one route gathered, when there is exactly one (a pop: the common case).
  @inlinable
  package var onlyRemoval: (tab: Int, id: RouteID)? {
    removed.rest == nil ? removed.first : nil
  }

  /// Whether `state` no longer holds a gathered route.
  @inlinable
  package func isGone<Screen>(_ removal: (tab: Int, id: RouteID), in state: TabCoordinatorState<Screen>) -> Bool {
    if removal.tab == TabCoordinatorState<Screen>.appLayerPosition {
      return !state.storedAppLayer.contains(routeID: removal.id)
    }
    return removal.tab < 0 || removal.tab >= state.storedTabs.count
      || !state.storedTabs[removal.tab].stack.contains(routeID: removal.id)
  }

  /// The IDs of the gathered routes that `state` no longer holds, in the order the diff gives
  /// them (``TabCoordinatorState/routeIDsRemoved(since:)-(TabsRouteSnapshot)``): the app
  /// layer's first, then by tab, then by ID.
  @inlinable
  package func removedIDs<Screen>(in state: TabCoordinatorState<Screen>) -> [RouteID] {
    guard let first = removed.first else { return [] }
    guard var all = removed.rest else { return isGone(first, in: state) ? [first.id] : [] }
    all.append(first)
    all.sort { ($0.tab, $0.id.generation) < ($1.tab, $1.id.generation) }
    var ids: [RouteID] = []
    for (index, removal) in all.enumerated() where index == 0 || all[index - 1] != removal {
      if isGone(removal, in: state) { ids.append(removal.id) }
    }
    return ids
  }
}
