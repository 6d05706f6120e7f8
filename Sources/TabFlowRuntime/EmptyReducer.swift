/// A reducer that does nothing: no state change, no effect. Useful as a placeholder screen
/// reducer or in tests.
///
/// ```swift
/// Reduce(EmptyReducer<Int, Void>())
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// The reducer that does nothing.
  @inlinable
  public init() {}

  /// Returns `.none` without touching the state.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

/// A reducer that never changes its state and never runs an effect: `forEachRoute` does not run
/// it on a screen at all.
@usableFromInline
protocol InertReducer {}

extension EmptyReducer: InertReducer {}
