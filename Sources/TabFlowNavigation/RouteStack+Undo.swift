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
/// none and a pop one, which are held without allocating; a change removing more keeps the
/// stack's arrays as they were (retained, not copied), put back whole when it is undone.
@usableFromInline
package enum RemovedRoutes<Screen> {
  case none
  case one(Route<Screen>, RouteID)
  /// The stack's routes, IDs and presented indices before the change.
  case all([Route<Screen>], [RouteID], [Int])
}

extension RouteStack {
  /// Applies a stack command and returns how to undo it; throws (changing nothing) when invalid.
  /// A push onto a layer with navigation and a pop of one pushed route, the commands most
  /// batches are made of, are made directly, and so is a deep link's usual open (one screen
  /// pushed over the root); every other command (and every invalid one) goes through the
  /// validation all operations share (``RouteCollection/edit(for:)``). A change removing routes
  /// makes the stack's arrays anew (``rebuildTop(keeping:appending:)``). `noteRemoved` is called
  /// with the ID of each route the change removes. With `recordingUndo` false (the caller keeps
  /// the stack as it was, to put back) no route is copied into an undo record: a change that
  /// replaces or removes routes answers `nil`; a push and a pop of one pushed route, which copy
  /// none, answer their record as ever.
  @inlinable
  package mutating func applyRecordingUndo(
    _ command: NavigationCommand<Screen>, recordingUndo: Bool = true, noteRemoved: (RouteID) -> Void = { _ in }
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
      let undo =
        recordingUndo
        ? StackUndo<Screen>(
          removed: .one(storedRoutes[last], storedIDs[last]), appendedCount: 1, previousVersion: structureVersion)
        : nil
      storedRoutes[last].screen = screen
      return undo
    default:
      break
    }
    let edit: RouteEdit<Screen>
    if case let .open(routes, .keepRoot) = command, routes.count == 1, case .push = routes[0],
      !storedRoutes.isEmpty, storedRoutes[0].withNavigation
    {
      // A deep link's usual batch (one screen pushed over the root): valid as it is, so the
      // edit is made without the general validation.
      edit = RouteEdit(removing: storedRoutes.count - 1, appending: routes)
    } else {
      edit = try self.edit(for: command)
    }
    guard edit.removing > 0 || !edit.appending.isEmpty else { return nil }
    if edit.inPlace {
      let undo =
        recordingUndo
        ? StackUndo(
          removed: .one(storedRoutes[storedRoutes.count - 1], storedIDs[storedIDs.count - 1]),
          appendedCount: 1, previousVersion: structureVersion)
        : nil
      replaceTop(with: edit)
      return undo
    }
    let kept = storedRoutes.count - edit.removing
    for index in kept..<storedIDs.count { noteRemoved(storedIDs[index]) }
    var undo: StackUndo<Screen>?
    if recordingUndo {
      let removed: RemovedRoutes<Screen>
      switch edit.removing {
      case 0:
        removed = .none
      case 1:
        removed = .one(storedRoutes[kept], storedIDs[kept])
      default:
        // The arrays themselves are the undo record: no copy of the removed routes is made.
        removed = .all(storedRoutes, storedIDs, storedPresentedIndices)
      }
      undo = StackUndo(removed: removed, appendedCount: edit.appending.count, previousVersion: structureVersion)
    }
    if edit.removing == 0 {
      replaceTop(0, with: edit.appending)
    } else {
      rebuildTop(keeping: kept, appending: edit.appending)
    }
    return undo
  }

  /// Keeps the bottom `kept` routes and appends `routes` with fresh IDs, into new arrays made at
  /// their final size: what ``replaceTop(_:with:)`` does, without copying the routes it removes
  /// when the arrays are shared (a state the explorer keeps, an undo record) nor growing them.
  @inlinable
  mutating func rebuildTop(keeping kept: Int, appending routes: [Route<Screen>]) {
    var newRoutes: [Route<Screen>] = []
    newRoutes.reserveCapacity(kept + routes.count)
    newRoutes.append(contentsOf: storedRoutes[..<kept])
    var newIDs: [RouteID] = []
    newIDs.reserveCapacity(kept + routes.count)
    newIDs.append(contentsOf: storedIDs[..<kept])
    var presentedKept = storedPresentedIndices.count
    while presentedKept > 0, storedPresentedIndices[presentedKept - 1] >= kept { presentedKept -= 1 }
    if presentedKept < storedPresentedIndices.count {
      storedPresentedIndices = Array(storedPresentedIndices[..<presentedKept])
    }
    for route in routes {
      if route.isPresented { storedPresentedIndices.append(newRoutes.count) }
      newRoutes.append(route)
      newIDs.append(generator.next())
    }
    storedRoutes = newRoutes
    storedIDs = newIDs
    structureVersion = generator.nextVersion()
  }

  /// Restores the stack as it was before the change `undo` was recorded for. The restored routes
  /// keep their original IDs: they never left, because the change is discarded.
  @inlinable
  package mutating func undo(_ undo: StackUndo<Screen>) {
    switch undo.removed {
    case .none:
      removeTop(undo.appendedCount)
    case let .one(route, id):
      removeTop(undo.appendedCount)
      putBack(route, id: id)
    case let .all(routes, ids, presented):
      storedRoutes = routes
      storedIDs = ids
      storedPresentedIndices = presented
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
