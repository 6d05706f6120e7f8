/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off   // assert only what the test cares about
/// ```
public enum Exhaustivity: Sendable, Hashable {
  /// Every state change must be asserted, every received action received, and every effect
  /// finished by the end of the test (the default).
  case on
  /// Assertions check only the fields their closures set; received actions may be skipped;
  /// leftover actions and effects at the end are not failures.
  case off
}
