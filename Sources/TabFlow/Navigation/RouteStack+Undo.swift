/// What it takes to undo one validated change of a ``RouteStack`` exactly, IDs included.
///
/// Batches apply their commands in place and keep these, so a failed or rejected batch is rolled
/// back in O(changed routes) instead of copying whole stacks up front.
@usableFromInline
struct StackUndo<Screen> {
  @usableFromInline var removedRoutes: [Route<Screen>]
  @usableFromInline var removedIDs: [RouteID]
  @usableFromInline var appendedCount: Int
  @usableFromInline var previousVersion: RouteID

  @inlinable
  init(removedRoutes: [Route<Screen>], removedIDs: [RouteID], appendedCount: Int, previousVersion: RouteID) {
    self.removedRoutes = removedRoutes
    self.removedIDs = removedIDs
    self.appendedCount = appendedCount
    self.previousVersion = previousVersion
  }
}

extension RouteStack {
  /// Applies a stack command and returns how to undo it; throws (changing nothing) when invalid.
  @inlinable
  mutating func applyRecordingUndo(_ command: NavigationCommand<Screen>) throws(NavigationError) -> StackUndo<Screen>? {
    let edit = try edit(for: command)
    guard edit.removing > 0 || !edit.appending.isEmpty else { return nil }
    let undo = StackUndo(
      removedRoutes: Array(storedRoutes.suffix(edit.removing)),
      removedIDs: Array(storedIDs.suffix(edit.removing)),
      appendedCount: edit.appending.count,
      previousVersion: structureVersion)
    replaceTop(with: edit)
    return undo
  }

  /// Restores the stack as it was before the change `undo` was recorded for. The restored routes
  /// keep their original IDs: they never left, because the change is discarded.
  @inlinable
  mutating func undo(_ undo: StackUndo<Screen>) {
    restore(
      removingLast: undo.appendedCount, routes: undo.removedRoutes, ids: undo.removedIDs,
      version: undo.previousVersion)
  }
}
