extension NavigationChange {
  /// Holds ``NavigationChange/before`` once it is made (rebuilt for the first guard that reads
  /// it, or kept from before the batch), for every copy of the change the guards get.
  @usableFromInline
  final class BeforeState {
    // Set once, read by the guards of one batch, one at a time: no run-time exclusivity checks.
    @exclusivity(unchecked) @usableFromInline var state: TabCoordinatorState<Screen>?

    /// A holder of `state` (`nil`: nothing yet).
    @inlinable
    init(_ state: TabCoordinatorState<Screen>?) { self.state = state }

    /// A new holder of `state` (`nil`: nothing yet).
    @inlinable
    static func holding(_ state: TabCoordinatorState<Screen>?) -> BeforeState { BeforeState(state) }

    /// Holds `state` (in place of what it held).
    @inlinable
    func store(_ state: TabCoordinatorState<Screen>) { self.state = state }

    /// `body` given the state where this holds it (no copy); `nil` when it holds none. Optional
    /// chaining reaches the state in place, whatever the optional's layout.
    @inlinable
    func withState<Result>(_ body: (UnsafePointer<TabCoordinatorState<Screen>>) -> Result) -> Result? {
      state?.withUnsafeSelf(body)
    }

    /// The state, moved out (a change still holding this rebuilds `before` if it reads it).
    @inlinable
    func take() -> TabCoordinatorState<Screen>? {
      var taken: TabCoordinatorState<Screen>?
      swap(&taken, &state)
      return taken
    }
  }
}

extension TabCoordinatorState {
  /// `body` given the address of this state, where it is held (no copy).
  @inlinable
  mutating func withUnsafeSelf<Result>(_ body: (UnsafePointer<TabCoordinatorState>) -> Result) -> Result {
    withUnsafeMutablePointer(to: &self) { body($0) }
  }
}
