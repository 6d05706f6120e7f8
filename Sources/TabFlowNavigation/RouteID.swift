import Synchronization

/// The stable identity of a route in a live stack.
///
/// A route keeps its ID while it stays in its stack, whatever happens around it, and an ID is
/// never handed out twice in the life of the process (like TCA's generational `StackElementID`).
/// Screen actions are addressed by route ID, never by index, so an action that arrives after its
/// route left can never reach whatever screen now sits at the same position.
public struct RouteID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The generation number; larger numbers were handed out later.
  public let generation: UInt64

  @usableFromInline
  init(generation: UInt64) {
    self.generation = generation
  }

  /// A route ID never handed out before.
  public static func next() -> RouteID {
    RouteID(generation: counter.wrappingAdd(1, ordering: .relaxed).newValue)
  }

  private static let counter = Atomic<UInt64>(0)

  /// The generation of the last ID handed out, by any thread: every ID handed out after this is
  /// read has a larger one.
  @usableFromInline package static var lastGeneration: UInt64 { counter.load(ordering: .relaxed) }

  /// The last ID handed out, by any thread (never in a stack with a route added after it is read).
  @inlinable package static var newest: RouteID { RouteID(generation: lastGeneration) }

  /// Orders IDs by generation.
  public static func < (lhs: RouteID, rhs: RouteID) -> Bool { lhs.generation < rhs.generation }

  /// `#` and the generation, e.g. `#12`.
  public var description: String { "#\(generation)" }
}
