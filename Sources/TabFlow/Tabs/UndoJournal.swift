/// The primitive changes one batch made, in order, with what it takes to undo each
/// (``CoordinatorUndo``). Most batches make one change (a push, a pop, a tab switch), so the
/// first entry is held inline: such a batch journals without allocating.
@usableFromInline
struct UndoJournal<Screen> {
  @usableFromInline var first: CoordinatorUndo<Screen>?
  @usableFromInline var rest: [CoordinatorUndo<Screen>]

  /// An empty journal.
  @inlinable
  init() {
    first = nil
    rest = []
  }

  /// Records a change made after every change already recorded.
  @inlinable
  mutating func append(_ entry: CoordinatorUndo<Screen>) {
    if case .none = first {
      first = entry
    } else {
      rest.append(entry)
    }
  }
}

extension TabCoordinatorState {
  /// Undoes the journal's changes, most recent first.
  @inlinable
  mutating func undo(_ journal: UndoJournal<Screen>) {
    for entry in journal.rest.reversed() { undo(entry) }
    if let first = journal.first { undo(first) }
  }
}
