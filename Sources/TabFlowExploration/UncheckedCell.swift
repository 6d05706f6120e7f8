/// A value held by reference for closures that share it and run one at a time, on one thread:
/// read and written with no run-time exclusivity check. A variable captured by an escaping
/// closure is checked at run time at every access; one held here is not.
@usableFromInline
final class UncheckedCell<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}
