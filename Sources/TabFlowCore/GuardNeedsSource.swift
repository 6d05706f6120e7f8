/// Where a guard's ``GuardNeeds`` come from, read before every batch: a closure the guard's
/// owner gave (asked each time), or a cell the owner keeps up to date.
@usableFromInline
package enum GuardNeedsSource {
  /// Asked before each batch.
  case asked(() -> GuardNeeds)
  /// Read before each batch: its owner writes it when what the guard needs changes.
  case held(GuardNeedsCell)

  /// What the guard needs now.
  @inlinable
  package var needs: GuardNeeds {
    switch self {
    case let .asked(ask): ask()
    case let .held(cell): cell.needs
    }
  }
}

/// What a guard needs of each batch, kept where the guard's owner writes it when it changes —
/// the Lua rules' guards, when the script is replaced or one of its guards first reads
/// `before`. Reading it calls nothing: a `needs` closure, called before every batch, had its
/// context retained and released each time.
@usableFromInline
package final class GuardNeedsCell {
  // Written where its owner's state changes, read before each batch, on the owner's one thread:
  // no run-time exclusivity check.
  @exclusivity(unchecked) @usableFromInline var stored: GuardNeeds

  /// A cell holding `needs`.
  package init(_ needs: GuardNeeds) {
    stored = needs
  }

  /// What the guard needs now. A getter, not inlinable: read from another module, the stored
  /// property would be checked for exclusive access at run time.
  @usableFromInline
  package var needs: GuardNeeds {
    get { stored }
    set { stored = newValue }
  }
}
