/// A cancellation ID of fixed layout — a namespace (a type) and a number — that an effect can
/// carry without boxing it into an `AnyHashable`, and that the store boxes only when something
/// runs under a cancellation ID. `forEachRoute` tags and cancels each route's effects with one.
///
/// ```swift
/// let id = CompactCancelID(ScreenEffects.self, 42)
/// effect.cancellable(id: id)   // …later: Effect(operation: .cancelCompact(id))
/// ```
@usableFromInline
package struct CompactCancelID: Hashable, Sendable {
  @usableFromInline package let namespace: ObjectIdentifier
  @usableFromInline package let value: UInt64

  /// The ID `value` in the namespace of `namespace`.
  @inlinable
  package init(_ namespace: Any.Type, _ value: UInt64) {
    self.namespace = ObjectIdentifier(namespace)
    self.value = value
  }
}
