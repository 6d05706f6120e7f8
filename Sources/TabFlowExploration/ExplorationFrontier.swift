import TabFlowCore

/// Where an exploration keeps the states of a level that wait to be explored, each with its key
/// (an ``ExplorationKeying``'s) and its index. ``ArrayFrontier``, the default, keeps them whole;
/// a store of the caller's may keep them packed and rebuild each from its key when it is asked
/// for it — the state it gives back must be the state appended, but for route IDs.
///
/// The engine starts from the store it is given, empty, and makes each level's store by copying
/// the last one and emptying the copy (``removeAll()``): what a store keeps to rebuild states
/// carries from level to level. It uses a store on the calling thread only.
public protocol ExplorationFrontier<Screen, Key> {
  /// The coordinator's screen type.
  associatedtype Screen
  /// A state's key.
  associatedtype Key

  /// How many states wait.
  var count: Int { get }
  /// Adds `state`, whose key is `key` and index `index`.
  mutating func append(_ state: TabCoordinatorState<Screen>, key: Key, index: Int)
  /// The state at `position` (in the order they were appended), its key and its index.
  func entry(at position: Int) -> (state: TabCoordinatorState<Screen>, key: Key, index: Int)
  /// Empties the store.
  mutating func removeAll()
}

/// The default store of waiting states: an array of them, whole.
public struct ArrayFrontier<Screen, Key>: ExplorationFrontier {
  @usableFromInline var entries: [(state: TabCoordinatorState<Screen>, key: Key, index: Int)] = []

  /// An empty store.
  @inlinable
  public init() {}

  /// How many states wait.
  @inlinable
  public var count: Int { entries.count }

  /// Adds `state`, whose key is `key` and index `index`.
  @inlinable
  public mutating func append(_ state: TabCoordinatorState<Screen>, key: Key, index: Int) {
    entries.append((state, key, index))
  }

  /// The state at `position`, its key and its index.
  @inlinable
  public func entry(at position: Int) -> (state: TabCoordinatorState<Screen>, key: Key, index: Int) {
    entries[position]
  }

  /// Empties the store.
  @inlinable
  public mutating func removeAll() {
    entries.removeAll()
  }
}
