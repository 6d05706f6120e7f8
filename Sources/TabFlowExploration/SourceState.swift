import TabFlowCore

/// The state an exploration tries inputs from, held once for all of them: each
/// ``TriedInput`` refers to it instead of holding a copy (a copy of a coordinator's state
/// retains every array and string in it, and destroying the copy releases them again).
@usableFromInline
final class SourceState<Screen> {
  /// The state.
  @usableFromInline let state: TabCoordinatorState<Screen>

  @inlinable
  init(_ state: consuming TabCoordinatorState<Screen>) {
    self.state = state
  }
}

// Its one stored property is a constant: a value of a `Sendable` state is read, never written,
// by the threads that step inputs from it.
extension SourceState: @unchecked Sendable where Screen: Sendable {}
