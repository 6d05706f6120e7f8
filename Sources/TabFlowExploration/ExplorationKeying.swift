import TabFlowCore
import TabFlowNavigation

/// What tells an exploration's states apart: a key made for each state reached, and the 64-bit
/// fingerprint in it under which the state is recorded (two states with the same fingerprint are
/// one state).
///
/// A state reached by an input mostly repeats the state it was reached from, whose key is known:
/// ``key(of:from:parentKey:)`` is given that key, so the parts the step left as they were may keep
/// the parent's (a numbering of parts, as ``StateFingerprinter`` makes, can find them without
/// hashing them again). ``StateFingerprinter`` is the default: its key is the fingerprint.
///
/// The engine makes every key on the calling thread, one at a time and in the order states and
/// inputs are merged (see ``Exploration/run(keying:frontier:workers:)``) — and, while an input
/// is stepped there, the state a pending link's retry runs in (``Exploration/remembersRefusedRetries``):
/// a keying may number parts in the order it meets them, and need not be thread-safe. Keys must not depend on route
/// IDs, which differ from run to run and between a state and its replay.
public protocol ExplorationKeying<Screen, Key>: AnyObject {
  /// The coordinator's screen type.
  associatedtype Screen
  /// A state's key.
  associatedtype Key

  /// The key of the exploration's first state.
  func key(of state: TabCoordinatorState<Screen>) -> Key
  /// The key of `state`, reached from `parent` by one input; `parentKey` is the key this keying
  /// made for `parent`.
  func key(of state: TabCoordinatorState<Screen>, from parent: TabCoordinatorState<Screen>, parentKey: Key) -> Key
  /// The 64-bit fingerprint in `key`: states are recorded by it.
  func fingerprint(of key: Key) -> UInt64
}

extension StateFingerprinter: ExplorationKeying {
  /// The state's fingerprint.
  @inlinable
  public func key(of state: TabCoordinatorState<Screen>) -> UInt64 {
    fingerprint(of: state)
  }

  /// The state's fingerprint (made from the state alone: the parent's parts are numbered already,
  /// and found by hashing).
  @inlinable
  public func key(of state: TabCoordinatorState<Screen>, from parent: TabCoordinatorState<Screen>, parentKey: UInt64) -> UInt64 {
    fingerprint(of: state)
  }

  /// The key itself.
  @inlinable
  public func fingerprint(of key: UInt64) -> UInt64 { key }
}
