/// What it takes to undo one validated change of a ``RouteStack`` exactly, IDs included.
///
/// Batches apply their commands in place and keep these, so a failed or rejected batch is rolled
/// back in O(changed routes) instead of copying whole stacks up front.
struct StackUndo<Screen> {
  var removedRoutes: [Route<Screen>]
  var removedIDs: [RouteID]
  var appendedCount: Int
  var previousVersion: RouteID
}

extension RouteStack {
  /// Applies a stack command and returns how to undo it; throws (changing nothing) when invalid.
  mutating func applyRecordingUndo(_ command: NavigationCommand<Screen>) throws(NavigationError) -> StackUndo<Screen>? {
    let edit = try edit(for: command)
    guard edit.removing > 0 || !edit.appending.isEmpty else { return nil }
    let undo = StackUndo(
      removedRoutes: Array(routes.suffix(edit.removing)),
      removedIDs: Array(ids.suffix(edit.removing)),
      appendedCount: edit.appending.count,
      previousVersion: structureVersion)
    _replaceTop(edit.removing, with: edit.appending)
    return undo
  }

  /// Restores the stack as it was before the change `undo` was recorded for. The restored routes
  /// keep their original IDs: they never left, because the change is discarded.
  mutating func undo(_ undo: StackUndo<Screen>) {
    restore(
      removingLast: undo.appendedCount, routes: undo.removedRoutes, ids: undo.removedIDs,
      version: undo.previousVersion)
  }
}
