/// A Lua value kept alive in a VM's registry, such as a script's function.
///
/// A reference is meaningful only to the ``LuaVM`` that made it (using it with another VM throws
/// ``LuaError/misuse(_:)``), and only until it is released with ``LuaVM/release(_:)``.
@usableFromInline
package struct LuaRef: Hashable, Sendable {
  /// The registry slot.
  @usableFromInline let slot: Int32
  /// The serial number of the VM that owns the slot.
  @usableFromInline let owner: UInt64

  /// The value in registry slot `slot` of the VM whose serial is `owner` (``LuaVM/serial``).
  package init(slot: Int32, owner: UInt64) {
    self.slot = slot
    self.owner = owner
  }
}

/// A chunk loaded into a ``LuaVM`` with its own environment (its globals).
///
/// Each script's environment is a fresh table whose missing names fall back to a read-only base
/// (the safe library functions and the registered Swift functions) and which holds its own copies
/// of the library tables, so nothing a script does to its globals or to `string`, `table`, `math`,
/// `utf8` (or `coroutine`) is seen by another script or by a reload.
package struct LuaScript: Hashable, Sendable {
  /// The chunk name given to ``LuaVM/load(_:name:globals:)``, used in error messages.
  package let name: String
  /// The environment table.
  package let environment: LuaRef
}
