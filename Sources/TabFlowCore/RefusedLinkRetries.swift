/// Remembers the retries of a pending deep link that the guards refused, so that a retry in a
/// state that looks the same to the rules, guards and handlers is refused again without running.
/// An explorer's (``TabCoordinator/refusedRetries``: `TabFlowExploration` gives the coordinator
/// that steps on its calling thread one); an app's coordinator has none and runs every retry.
///
/// A refused retry leaves the state exactly as it was and tells the host nothing, and handlers
/// and guards are pure (see docs/LUA-RULES.md): their answer depends on the state alone. What
/// else a retry depends on is the memo's to account for — a shared instruction budget a recalled
/// refusal is still charged to, a guard's error or a `print` that a recalled one would not repeat.
public protocol RefusedLinkRetries<Screen>: AnyObject {
  /// The coordinator's screen type.
  associatedtype Screen

  /// Runs `retry` — the pending link's retry in `state`, answering whether the guards refused
  /// it — unless a retry was refused in the same state before: then the retry is refused again
  /// without running (`state` is left as it is).
  func retry(in state: inout TabCoordinatorState<Screen>, _ retry: (inout TabCoordinatorState<Screen>) -> Bool)
}
