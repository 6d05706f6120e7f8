import TabFlowCore

/// What a step told beyond the state after it: the coordinator's delegates and
/// ``Exploration/noteStep``'s note. A struct, not a tuple: a tuple holding an existential is
/// copied and destroyed through the runtime's generic tuple witnesses, on every step. The
/// ``TriedInput`` of the step holds it as it was made (moved in whole: its delegates and note are
/// not copied out of it, and it is not destroyed apart).
@usableFromInline
struct Stepped<Screen> {
  @usableFromInline let delegates: [TabCoordinatorDelegate<Screen>]
  @usableFromInline let note: (any Sendable)?

  @inlinable
  init(delegates: [TabCoordinatorDelegate<Screen>], note: (any Sendable)?) {
    self.delegates = delegates
    self.note = note
  }
}
