/// What a guard needs of a batch, which it says before the batch runs (``NavigationGuard``'s
/// `needs`, asked once per batch): the coordinator does only the work some guard needs.
@usableFromInline
package struct GuardNeeds: Hashable, Sendable {
  /// Whether the guard may refuse the batch at all. When no guard may, no change is described to
  /// the guards and none is asked (a guard with nothing to check right now says `false`).
  @usableFromInline package var mayRefuse: Bool
  /// Whether the guard will read ``NavigationChange/before``: then the state is kept as it was
  /// before the batch (a copy, which the batch's changes make real), rather than rebuilt from the
  /// batch's undo journal when read.
  @usableFromInline package var readsBefore: Bool

  /// What a guard needs, as it says.
  @inlinable
  package init(mayRefuse: Bool, readsBefore: Bool) {
    self.mayRefuse = mayRefuse
    self.readsBefore = readsBefore
  }

  /// What a guard that says nothing needs: it may refuse, and `before` is rebuilt if it reads it.
  @usableFromInline package static let checking = GuardNeeds(mayRefuse: true, readsBefore: false)
}
