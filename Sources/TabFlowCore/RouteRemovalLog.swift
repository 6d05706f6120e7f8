import TabFlowNavigation

/// The routes a ``TabCoordinatorState`` removed since it was last marked
/// (``TabCoordinatorState/markRemovals()``): what the runtime needs to cancel their effects,
/// kept by the state itself so nothing has to record every tab's route IDs before an action and
/// compare them after it (TCA's `StackState` keeps its mounted IDs the same way).
///
/// Exact because every change a batch makes to a stack is journaled with the routes it removed
/// (``UndoJournal``), and only a committed batch's removals are noted here — a rejected batch's
/// changes are undone and its journal dropped. A route added after the mark and removed again was
/// never in the container when the mark was taken, so it is not reported: its ID is newer than
/// the mark. A noted route is checked to be gone when asked (a replaced stack notes all its old
/// routes; the UI keeps some of them).
///
/// Bookkeeping, not navigation: `==`, persistence and reloads leave it out.
@usableFromInline
package struct RouteRemovalLog: Sendable {
  /// The routes noted since the last mark, with their tabs' positions, in the order noted.
  @usableFromInline package var removed: RemovedRouteIDs
  /// The first noted route's ID alone, in an array kept from mark to mark: the answer for a pop,
  /// the common case, given without allocating (its element is overwritten in place).
  @usableFromInline package var firstAnswer: [RouteID]
  /// Whether removals are no longer noted (``TabCoordinatorState/stopNotingRemovals()``).
  @usableFromInline package var isStopped = false

  /// None.
  @inlinable
  package init() {
    removed = RemovedRouteIDs()
    firstAnswer = []
  }

  /// Notes one removed route.
  @inlinable
  package mutating func append(_ id: RouteID, tab: Int) {
    guard !isStopped else { return }
    if removed.first == nil {
      if firstAnswer.count == 1 { firstAnswer[0] = id } else { firstAnswer = [id] }
    }
    removed.append(id, tab: tab)
  }

  /// Notes the routes a committed batch removed.
  @inlinable
  package mutating func note(_ batch: RemovedRouteIDs) {
    batch.forEach { tab, id in append(id, tab: tab) }
  }

  /// Forgets every noted route (a mark was taken). Writes nothing when there is none.
  @inlinable
  package mutating func clear() {
    if removed.first != nil { removed = RemovedRouteIDs() }
  }
}

extension TabCoordinatorState {
  /// Starts a new record of the routes removed from the tabs and the app layer: O(1), and
  /// allocates nothing. ``routeIDsRemoved(since:)-(RouteID)`` then says which routes left since.
  /// The mark is the newest route ID the state's generator (``idGenerator``) has handed out so
  /// far (a route with a newer one was added after the mark). Taking a mark ends the record of
  /// any earlier one.
  @inlinable
  public mutating func markRemovals() -> RouteID {
    // Read before writing: a state whose record is empty keeps sharing its box.
    if removalLog.removed.first != nil { removalLog.clear() }
    return RouteID(generation: idGenerator.lastGeneration)
  }

  /// Notes the routes a committed batch removed; writes nothing when it removed none, so a
  /// state sharing its box with a copy keeps sharing it.
  @inlinable
  mutating func noteRemovals(_ removed: RemovedRouteIDs) {
    if removed.first != nil, !removalLog.isStopped { removalLog.note(removed) }
  }

  /// Stops noting the routes batches remove, in this state and the states made from it by
  /// batches: ``routeIDsRemoved(since:)-(RouteID)`` then answers none. For states that are only
  /// explored (an exploration's, whose removals no one asks), which then make no record of them
  /// on every step. Writes nothing when already stopped.
  @inlinable
  package mutating func stopNotingRemovals() {
    guard !removalLog.isStopped else { return }
    removalLog.clear()
    removalLog.isStopped = true
  }

  /// Whether neither `appLayer` nor `tabs` holds a noted route.
  @inlinable
  static func isGone(_ removal: (tab: Int, id: RouteID), appLayer: RouteStack<Screen>, tabs: [TabState<Screen>]) -> Bool {
    if removal.tab == appLayerPosition { return !appLayer.contains(routeID: removal.id) }
    return removal.tab < 0 || removal.tab >= tabs.count || !tabs[removal.tab].stack.contains(routeID: removal.id)
  }

  /// The IDs of the routes held at `mark` that no tab nor the app layer holds now: the app
  /// layer's first, then by tab, then oldest first — the order of
  /// ``routeIDsRemoved(since:)-(TabsRouteSnapshot)``. A pop, the common case, makes one noted
  /// route and no sorting; its answer is an array the record keeps for it, and allocates nothing.
  ///
  /// Reads only the fields it needs, and hands the sorting only those: where the state is reached
  /// through an `inout` (`forEachRoute`'s container), a call handed the whole state would first
  /// copy it (measured: a `memcpy` of the state, about 50 instructions, per call).
  @inlinable
  public func routeIDsRemoved(since mark: RouteID) -> [RouteID] {
    guard let first = removalLog.removed.first else { return [] }
    guard removalLog.removed.rest != nil else {
      // A pop: the answer kept for it (no array is made).
      guard first.id.generation <= mark.generation, Self.isGone(first, appLayer: storedAppLayer, tabs: storedTabs)
      else { return [] }
      return removalLog.firstAnswer
    }
    return Self.routeIDs(noted: removalLog.removed, since: mark, appLayer: storedAppLayer, tabs: storedTabs)
  }

  /// ``routeIDsRemoved(since:)-(RouteID)`` of the routes in `noted` (more than one).
  @inlinable
  static func routeIDs(
    noted log: RemovedRouteIDs, since mark: RouteID, appLayer: RouteStack<Screen>, tabs: [TabState<Screen>]
  ) -> [RouteID] {
    guard let first = log.first, var all = log.rest else { return [] }
    all.append(first)
    all.sort { ($0.tab, $0.id.generation) < ($1.tab, $1.id.generation) }
    var ids: [RouteID] = []
    for (index, removal) in all.enumerated() where index == 0 || all[index - 1] != removal {
      if removal.id.generation <= mark.generation, isGone(removal, appLayer: appLayer, tabs: tabs) {
        ids.append(removal.id)
      }
    }
    return ids
  }
}

extension TabCoordinatorState {
  /// Replaces this state wholesale with `other` (a reload's or a rollback's migrated state),
  /// keeping the record of removed routes: the routes that leave are found by comparing the tabs,
  /// and noted with those removed before.
  @inlinable
  package mutating func replace(with other: TabCoordinatorState) {
    let before = routeSnapshot
    var log = removalLog
    self = other
    forEachRouteRemoved(since: before) { tab, ids in
      for id in ids { log.append(id, tab: tab) }
    }
    removalLog = log
  }
}
