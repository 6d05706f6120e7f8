import Synchronization

/// The stable identity of a route in a live stack.
///
/// A route keeps its ID while it stays in its stack, whatever happens around it. IDs come from
/// the stack's ``RouteIDGenerator``, which every stack of one store shares and which never hands
/// out an ID twice — undo, restore, reload and rollback included — so within one store an ID is
/// never reused (like TCA's `StackElementID`). Screen actions are addressed by route ID, never by
/// index, so an action that arrives after its route left can never reach whatever screen now
/// sits at the same position.
///
/// IDs are unique per generator, not per process: two stores with generators of their own both
/// hand out `#1`. In tests, write IDs as integer literals, as with TCA's `StackElementID`:
///
/// ```swift
/// var stack = RouteStack(root: Screen.feed, ids: RouteIDGenerator())
/// stack.push(.item(id: 3))
/// #expect(stack.ids == [1, 2])
/// ```
public struct RouteID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The generation number; larger numbers were handed out later by the same generator.
  public let generation: UInt64

  @inlinable
  package init(generation: UInt64) {
    self.generation = generation
  }

  /// The ID with this generation: `let id: RouteID = 3`. For tests and snapshots; a stack's IDs
  /// come from its ``RouteIDGenerator``.
  @inlinable
  public init(integerLiteral generation: UInt64) {
    self.generation = generation
  }

  /// Orders IDs by generation.
  @inlinable
  public static func < (lhs: RouteID, rhs: RouteID) -> Bool { lhs.generation < rhs.generation }

  /// `#` and the generation, e.g. `#12`.
  public var description: String { "#\(generation)" }
}

/// Hands out route IDs: each ``next()`` a generation one larger than the last, starting at `#1`.
///
/// A generator is a reference shared by every copy of the state that holds it: a ``RouteStack``
/// keeps the generator it was made with, and every stack of a tab coordinator uses the
/// coordinator's. Restoring an older copy of the state (an undo, a rejected batch rolled back, a
/// canary rollback) therefore does not rewind it, and an ID is never handed out twice in the life
/// of the state — of the store that holds it. Reloads and restores that build new stacks give
/// them the coordinator's generator (`TabCoordinatorState` renumbers stacks made with another
/// one), so their IDs come after every ID handed out before. The generator is identity, not
/// value: `==`, `Codable` and the explorer's state fingerprints leave it out.
///
/// IDs are unique per generator. A stack made without one takes ``current``, which is
/// ``shared`` (one per process, so IDs are unique across the process) unless a store or test
/// binds another: `TestStore` binds a fresh generator per store, so a test's routes are `#1`,
/// `#2`, … whatever ran before, and `Store(initialState:ids:reducer:)` takes one. Thread-safe:
/// the count is atomic.
public final class RouteIDGenerator: Sendable {
  @usableFromInline let counter: Atomic<UInt64>
  /// The stacks' structure versions, counted apart so that removing routes does not use up IDs:
  /// a test's pushes are `#2`, `#3`, … after a root `#1`.
  @usableFromInline let versions: Atomic<UInt64>

  /// A generator whose first ID is `#1`.
  public init() {
    counter = Atomic(0)
    versions = Atomic(0)
  }

  /// An ID this generator never handed out before, larger than every one it did.
  @inlinable
  public func next() -> RouteID {
    RouteID(generation: counter.wrappingAdd(1, ordering: .relaxed).newValue)
  }

  /// A structure version never handed out before by this generator (see `structureToken`).
  @inlinable
  package func nextVersion() -> RouteID {
    RouteID(generation: versions.wrappingAdd(1, ordering: .relaxed).newValue)
  }

  /// The generation of the last ID handed out (0 before the first), by any thread: every ID
  /// handed out after this is read has a larger one.
  @inlinable
  public var lastGeneration: UInt64 { counter.load(ordering: .relaxed) }

  /// Where the generator stands: the last ID and structure version it handed out.
  package var mark: (ids: UInt64, versions: UInt64) {
    (counter.load(ordering: .relaxed), versions.load(ordering: .relaxed))
  }

  /// Puts the generator back at `mark`. Only for a test store, after an expectation changed a
  /// copy of the state that is then thrown away: the IDs it took go back, so the routes the
  /// store adds next are numbered as if it had not run. Never for a state that lives on.
  package func rewind(to mark: (ids: UInt64, versions: UInt64)) {
    counter.store(mark.ids, ordering: .relaxed)
    versions.store(mark.versions, ordering: .relaxed)
  }

  /// The process-wide generator: what stacks use when no store or test binds one.
  public static let shared = RouteIDGenerator()

  /// The generator new stacks take when none is passed: ``shared`` unless bound with
  /// `RouteIDGenerator.$current.withValue(generator) { … }` (`TestStore` binds a fresh one).
  @TaskLocal public static var current: RouteIDGenerator = .shared
}
