extension NavigationChange {
  /// Where a change holds ``NavigationChange/before``: the state kept from before the batch —
  /// held in the change itself, no holder made, for guards that said they read it — or a
  /// holder it is rebuilt into by the first guard that reads it.
  @usableFromInline
  enum Before {
    /// Kept from before the batch.
    case kept(TabCoordinatorState<Screen>)
    /// Rebuilt from the batch's journal, once, when a guard first reads it: the holder keeps
    /// the journal too. Both cases hold one reference, so a change's `Before` is copied by
    /// retaining it, not through its type's value witnesses.
    case rebuilt(BeforeState)
  }

  /// What a ``BeforeState`` holds besides the state: the batch's changes to undo to rebuild it,
  /// and whether it is rebuilt (the state initialized).
  @usableFromInline
  struct BeforeHeader {
    /// Whether the state is rebuilt.
    @usableFromInline var holds: Bool
    /// The batch's changes, undone from `after` to rebuild the state.
    @usableFromInline let journal: UndoJournal<Screen>.Entries

    @inlinable
    init(journal: UndoJournal<Screen>.Entries) {
      holds = false
      self.journal = journal
    }
  }

  /// Holds ``NavigationChange/before`` once it is rebuilt (for the first guard that reads it),
  /// for every copy of the change the guards get, with the journal it is rebuilt from. One
  /// allocation, the state in its tail: the header's `holds` says whether the element is
  /// initialized, so no optional is ever read by its layout.
  @usableFromInline
  final class BeforeState: ManagedBuffer<BeforeHeader, TabCoordinatorState<Screen>> {
    /// A new holder of nothing yet, to rebuild the state by undoing `journal`.
    @inlinable
    static func rebuilding(_ journal: UndoJournal<Screen>.Entries) -> BeforeState {
      // `create` makes an instance of the class it is called on: this class.
      unsafeDowncast(create(minimumCapacity: 1) { _ in BeforeHeader(journal: journal) }, to: BeforeState.self)
    }

    /// `body` given the state where this holds it (no copy), rebuilt from `after` — the state
    /// the batch produced — by undoing the journal, and held from then on, when it holds none
    /// yet. `inout` only so that `body` reads it in place (a method called on a pointer's
    /// `pointee` is called on a copy of the whole state); `body` never writes it.
    @inlinable
    func withState<Result, Failure>(
      rebuiltFrom after: TabCoordinatorState<Screen>,
      _ body: (inout TabCoordinatorState<Screen>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
      try withUnsafeMutablePointers { header, element throws(Failure) in
        if !header.pointee.holds {
          var state = after
          state.undo(header.pointee.journal)
          element.initialize(to: state)
          header.pointee.holds = true
        }
        return try body(&element.pointee)
      }
    }

    /// Whether this holds the state.
    @inlinable
    var holdsState: Bool { withUnsafeMutablePointers { header, _ in header.pointee.holds } }

    deinit {
      withUnsafeMutablePointers { header, element in
        if header.pointee.holds { element.deinitialize(count: 1) }
      }
    }
  }
}
