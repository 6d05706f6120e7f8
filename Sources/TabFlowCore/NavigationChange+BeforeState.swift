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

  /// Holds ``NavigationChange/before`` once it is made (rebuilt for the first guard that reads
  /// it, or kept from before the batch), for every copy of the change the guards get. One
  /// allocation, the state in its tail: `holds` (the header) says whether the element is
  /// initialized, so no optional is ever read by its layout.
  @usableFromInline
  final class BeforeState: ManagedBuffer<Bool, TabCoordinatorState<Screen>> {
    /// A new holder of `state` (`nil`: nothing yet).
    @inlinable
    static func holding(_ state: TabCoordinatorState<Screen>?) -> BeforeState {
      // `create` makes an instance of the class it is called on: this class.
      let holder = unsafeDowncast(create(minimumCapacity: 1) { _ in false }, to: BeforeState.self)
      if let state { holder.store(state) }
      return holder
    }

    /// Holds `state` (in place of what it held).
    @inlinable
    func store(_ state: TabCoordinatorState<Screen>) {
      withUnsafeMutablePointers { holds, element in
        if holds.pointee {
          element.pointee = state
        } else {
          element.initialize(to: state)
          holds.pointee = true
        }
      }
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

    /// The state, moved out (a change still holding this rebuilds `before` if it reads it).
    @inlinable
    func take() -> TabCoordinatorState<Screen>? {
      withUnsafeMutablePointers { holds, element in
        guard holds.pointee else { return nil }
        holds.pointee = false
        return element.move()
      }
    }

    deinit {
      withUnsafeMutablePointers { holds, element in
        if holds.pointee { element.deinitialize(count: 1) }
      }
    }
  }
}
