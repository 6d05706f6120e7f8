/// What it takes to undo one validated change of a ``RouteStack`` exactly, IDs included.
///
/// Batches apply their commands in place and keep these, so a failed or rejected batch is rolled
/// back in O(changed routes) instead of copying whole stacks up front.
@usableFromInline
package struct StackUndo<Screen> {
  /// The routes the change removed, with their IDs.
  @usableFromInline package var removed: RemovedRoutes<Screen>
  /// How many routes the change appended (on top of what it kept).
  @usableFromInline package var appendedCount: Int
  @usableFromInline package var previousVersion: RouteID

  @inlinable
  init(removed: RemovedRoutes<Screen>, appendedCount: Int, previousVersion: RouteID) {
    self.removed = removed
    self.appendedCount = appendedCount
    self.previousVersion = previousVersion
  }
}

/// The routes a stack change removed from the top, bottom first, with their IDs. A push removes
/// none and a pop one, which are held without allocating.
@usableFromInline
package enum RemovedRoutes<Screen> {
  case none
  case one(Route<Screen>, RouteID)
  case many([Route<Screen>], [RouteID])
}

extension RouteStack {
  /// Applies a stack command and returns how to undo it; throws (changing nothing) when invalid.
  /// A push onto a layer with navigation and a pop of one pushed route, the commands most
  /// batches are made of, are made directly; every other command (and every invalid one) goes
  /// through the validation all operations share (``RouteCollection/edit(for:)``). `noteRemoved`
  /// is called with the ID of each route the change removes.
  @inlinable
  package mutating func applyRecordingUndo(
    _ command: NavigationCommand<Screen>, noteRemoved: (RouteID) -> Void = { _ in }
  ) throws(NavigationError) -> StackUndo<Screen>? {
    switch command {
    case let .push(screen) where !storedRoutes.isEmpty && storedRoutes[storedPresentedIndices.last ?? 0].withNavigation:
      let undo = StackUndo<Screen>(removed: .none, appendedCount: 1, previousVersion: structureVersion)
      storedRoutes.append(.push(screen))
      storedIDs.append(generator.next())
      structureVersion = generator.nextVersion()
      return undo
    case .pop(count: 1) where storedRoutes.count > 1 && storedRoutes[storedRoutes.count - 1].style == .push:
      // The route moves from the stack to the undo record (no copy of it).
      let previousVersion = structureVersion
      let route = storedRoutes.removeLast()
      let id = storedIDs.removeLast()
      noteRemoved(id)
      structureVersion = generator.nextVersion()
      return StackUndo(removed: .one(route, id), appendedCount: 0, previousVersion: previousVersion)
    case let .setTopScreen(screen) where !storedRoutes.isEmpty:
      // In place: the route keeps its ID, nothing is removed; undone by putting the old route back.
      let last = storedRoutes.count - 1
      let undo = StackUndo<Screen>(
        removed: .one(storedRoutes[last], storedIDs[last]), appendedCount: 1, previousVersion: structureVersion)
      storedRoutes[last].screen = screen
      return undo
    default:
      break
    }
    let edit = try edit(for: command)
    guard edit.removing > 0 || !edit.appending.isEmpty else { return nil }
    let removed: RemovedRoutes<Screen>
    switch edit.removing {
    case 0: removed = .none
    case 1: removed = .one(storedRoutes[storedRoutes.count - 1], storedIDs[storedIDs.count - 1])
    default: removed = .many(Array(storedRoutes.suffix(edit.removing)), Array(storedIDs.suffix(edit.removing)))
    }
    for id in storedIDs.suffix(edit.removing) { noteRemoved(id) }
    let undo = StackUndo(removed: removed, appendedCount: edit.appending.count, previousVersion: structureVersion)
    replaceTop(with: edit)
    return undo
  }

  /// Restores the stack as it was before the change `undo` was recorded for. The restored routes
  /// keep their original IDs: they never left, because the change is discarded.
  @inlinable
  package mutating func undo(_ undo: StackUndo<Screen>) {
    removeTop(undo.appendedCount)
    switch undo.removed {
    case .none:
      break
    case let .one(route, id):
      putBack(route, id: id)
    case let .many(routes, ids):
      for (route, id) in zip(routes, ids) { putBack(route, id: id) }
    }
    structureVersion = undo.previousVersion
  }

  /// Appends a route removed by a discarded change, with its original ID.
  @inlinable
  mutating func putBack(_ route: Route<Screen>, id: RouteID) {
    if route.isPresented { storedPresentedIndices.append(storedRoutes.count) }
    storedRoutes.append(route)
    storedIDs.append(id)
  }
}
