import TabFlowNavigation

/// Why navigation cannot be migrated to new declarations without losing part of it: the
/// migration is refused instead, so no route or screen value ever disappears unreported. A reload or a rule
/// package refused for it says so in its `ScriptError` (`shop.lua: reload rejected: …`).
package struct MigrationConflict: Error, Hashable, Sendable, CustomStringConvertible {
  /// What would be lost, and where.
  package enum Reason: Hashable, Sendable {
    /// The tab's root has no navigation under the new declarations (`navigation = false`), but
    /// its root layer holds pushes (`path`: the stack, root first).
    case pushesOnRootWithoutNavigation(tab: TabID, path: String)
    /// A state field of a screen in use is declared with another kind (`from` the kind of its
    /// value, `to` the new default's), so its value would be replaced by the new default
    /// (`path`: the stack holding the screen, root first).
    case fieldKindChanged(screen: String, field: String, from: String, to: String, value: String, tab: TabID, path: String)
  }

  /// What would be lost.
  package let reason: Reason

  /// A conflict for a reason.
  package init(_ reason: Reason) {
    self.reason = reason
  }

  /// Names the tab (and the screen and field), what changed and what to do.
  package var description: String {
    switch reason {
    case let .pushesOnRootWithoutNavigation(tab, path):
      return "tab '\(tab)' now has no navigation on its root (navigation = false), but its root layer holds pushes "
        + "(\(tab): \(path)); go back to its root first"
    case let .fieldKindChanged(screen, field, from, to, value, tab, path):
      return "field '\(field)' of screen '\(screen)' changes from \(from) to \(to), but '\(screen)' is in use with "
        + "\(field) = \(value) (\(tab): \(path)) and would lose that value; close it first or keep the field's kind"
    }
  }
}
