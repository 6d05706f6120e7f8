/// A value's stored fields in one box shared by its copies, copy-on-write as one unit (as `Array`
/// keeps its elements): copying the value retains the box once instead of every field's
/// references, and the first change to a shared value copies the fields into a box of its own
/// (``makeUnique()``). ``TabCoordinatorState`` keeps its fields in one (``TabCoordinatorStorage``),
/// and the fields its batches rarely write in another inside it (``TabCoordinatorRareFields``):
/// the explorer and every batch copy states far more often than they change the copy (a guard's
/// `before`, a change's `after`, a frontier's states).
///
/// A `ManagedBuffer` whose header is the fields, reached through its address: the fields of a
/// class would be checked for exclusive access at run time on every read and write.
@usableFromInline
struct CopyOnWriteBox<Fields> {
  @usableFromInline var buffer: ManagedBuffer<Fields, Void>

  /// A box of its own holding `fields`.
  @inlinable
  init(_ fields: Fields) {
    buffer = .create(minimumCapacity: 0) { _ in fields }
  }

  /// Where the fields are: valid while this box is (the owner's accessors read and write
  /// through it only while they hold the owner).
  @inlinable
  var fields: UnsafeMutablePointer<Fields> {
    buffer.withUnsafeMutablePointerToHeader { $0 }
  }

  /// Gives this owner a box of its own (a copy of the fields) when another shares it: called
  /// before every write.
  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&buffer) { self = CopyOnWriteBox(fields.pointee) }
  }

  /// Whether another owner shares this box (so the next write copies it).
  @inlinable
  mutating func isShared() -> Bool { !isKnownUniquelyReferenced(&buffer) }

  /// Whether two owners hold the same box (so their values are equal without comparing).
  @inlinable
  func isSameBox(as other: CopyOnWriteBox) -> Bool { buffer === other.buffer }
}

// The box is shared by copies of a value but never written while shared: every write first
// makes it unique (`makeUnique()`), so a value sent to another domain is, like an `Array`, a
// value; it holds only its fields, which are `Sendable` when `Fields` is.
extension CopyOnWriteBox: @unchecked Sendable where Fields: Sendable {}
