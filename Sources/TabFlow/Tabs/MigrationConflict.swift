/// Why navigation cannot be migrated to new declarations without losing part of it: the
/// migration is refused instead, so no route ever disappears unreported. A reload or a rule
/// package refused for it says so in its ``ScriptError`` (`shop.lua: reload rejected: …`).
struct MigrationConflict: Error, Hashable, Sendable, CustomStringConvertible {
  /// What would be lost, and where.
  enum Reason: Hashable, Sendable {
    /// The tab's root has no navigation under the new declarations (`navigation = false`), but
    /// its root layer holds pushes (`path`: the stack, root first).
    case pushesOnRootWithoutNavigation(tab: TabID, path: String)
  }

  /// What would be lost.
  let reason: Reason

  /// A conflict for a reason.
  init(_ reason: Reason) {
    self.reason = reason
  }

  /// Names the tab, what changed and what to do.
  var description: String {
    switch reason {
    case let .pushesOnRootWithoutNavigation(tab, path):
      return "tab '\(tab)' now has no navigation on its root (navigation = false), but its root layer holds pushes "
        + "(\(tab): \(path)); go back to its root first"
    }
  }
}
