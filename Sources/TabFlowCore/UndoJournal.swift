import TabFlowNavigation

/// The primitive changes one batch made, in order, with what it takes to undo each
/// (``CoordinatorUndo``), and the IDs of the routes they removed. Most batches make one change
/// (a push, a pop, a tab switch), so the first entry is held inline: such a batch journals
/// without allocating. A batch that keeps the state from before it (for guards that read it, or
/// the box a copy shares) puts that back instead of undoing, so it records no changes to undo:
/// only the routes they removed.
@usableFromInline
package struct UndoJournal<Screen> {
  /// The changes, in order: what undoing them needs (and all a guard's change keeps).
  @usableFromInline
  package struct Entries {
    @usableFromInline package var first: CoordinatorUndo<Screen>?
    @usableFromInline package var rest: [CoordinatorUndo<Screen>]

    @inlinable
    init() {
      first = nil
      rest = []
    }
  }

  @usableFromInline package var entries: Entries
  /// The routes the changes removed (some may be back, or added and removed again: see
  /// ``RouteRemovalLog``).
  @usableFromInline package var removed: RemovedRouteIDs
  /// Whether changes are recorded to be undone (``entries``); the removed routes always are.
  @usableFromInline package let recordsUndo: Bool

  /// An empty journal, which records changes to be undone when `recordingUndo`.
  @inlinable
  init(recordingUndo: Bool = true) {
    entries = Entries()
    removed = RemovedRouteIDs()
    recordsUndo = recordingUndo
  }

  /// Records a change made after every change already recorded (made only when changes are
  /// recorded to be undone).
  @inlinable
  mutating func append(_ entry: @autoclosure () -> CoordinatorUndo<Screen>) {
    guard recordsUndo else { return }
    let entry = entry()
    if case .none = entries.first {
      entries.first = entry
    } else {
      entries.rest.append(entry)
    }
  }

  /// Records that the stack of the tab at `tab` was replaced; `stack` is the old one, every route
  /// of which is noted as possibly removed.
  @inlinable
  mutating func append(replacedStack stack: RouteStack<Screen>, tab: Int) {
    for id in stack.ids { removed.append(id, tab: tab) }
    append(.replacedStack(tab: tab, stack))
  }
}

extension TabCoordinatorState {
  /// Undoes the journal's changes, most recent first.
  @inlinable
  mutating func undo(_ journal: UndoJournal<Screen>) {
    undo(journal.entries)
  }

  /// Undoes the changes, most recent first.
  @inlinable
  mutating func undo(_ entries: UndoJournal<Screen>.Entries) {
    for entry in entries.rest.reversed() { undo(entry) }
    if let first = entries.first { undo(first) }
  }
}
