extension NavigationChange {
  /// Where a change holds ``NavigationChange/before``: the state kept from before the batch —
  /// held in the change itself, no holder made, for guards that said they read it — or a
  /// holder it is rebuilt into by the first guard that reads it.
  @usableFromInline
  enum Before {
    /// Kept from before the batch.
    case kept(TabCoordinatorState<Screen>)
    /// Rebuilt from the batch's journal (its changes to undo), once, when a guard first reads it.
    case rebuilt(BeforeState, journal: UndoJournal<Screen>.Entries)
  }

  /// Holds ``NavigationChange/before`` once it is rebuilt (for the first guard that reads it),
  /// for every copy of the change the guards get. One allocation, the state in its tail:
  /// `holds` (the header) says whether the element is initialized, so no optional is ever read
  /// by its layout.
  @usableFromInline
  final class BeforeState: ManagedBuffer<Bool, TabCoordinatorState<Screen>> {
    /// A new holder, holding nothing yet.
    @inlinable
    static func empty() -> BeforeState {
      // `create` makes an instance of the class it is called on: this class.
      unsafeDowncast(create(minimumCapacity: 1) { _ in false }, to: BeforeState.self)
    }

    /// `body` given the state where this holds it (no copy), made by `make` and held from then
    /// on when it holds none yet. `inout` only so that `body` reads it in place (a method called
    /// on a pointer's `pointee` is called on a copy of the whole state); `body` never writes it.
    @inlinable
    func withState<Result, Failure>(
      making make: () -> TabCoordinatorState<Screen>,
      _ body: (inout TabCoordinatorState<Screen>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
      try withUnsafeMutablePointers { holds, element throws(Failure) in
        if !holds.pointee {
          element.initialize(to: make())
          holds.pointee = true
        }
        return try body(&element.pointee)
      }
    }

    /// Whether this holds the state.
    @inlinable
    var holdsState: Bool { withUnsafeMutablePointers { holds, _ in holds.pointee } }

    deinit {
      withUnsafeMutablePointers { holds, element in
        if holds.pointee { element.deinitialize(count: 1) }
      }
    }
  }
}
