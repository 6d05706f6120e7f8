import CLuaSandbox
import TabFlowNavigation

/// The type of a Lua value.
@usableFromInline
package enum LuaType: Int32, Sendable, Hashable {
  /// No value at that index.
  case none = -1
  /// `nil`.
  case `nil` = 0
  /// A boolean.
  case boolean = 1
  /// A light userdata (never given to scripts by TabFlow).
  case lightUserdata = 2
  /// A number (integer or float).
  case number = 3
  /// A string.
  case string = 4
  /// A table.
  case table = 5
  /// A function.
  case function = 6
  /// A full userdata.
  case userdata = 7
  /// A coroutine.
  case thread = 8

  @inlinable
  init(raw: Int32) { self = LuaType(rawValue: raw) ?? .none }
}

/// A view of the Lua stack for the fast paths: the argument and result closures of
/// ``LuaVM/call(_:resultCount:arguments:results:)`` and the functions registered with
/// ``LuaVM/registerRaw(_:_:)``.
///
/// Only raw accessors are used: no metamethod runs, so nothing here raises a Lua error. Pushes check
/// that the stack can grow and throw ``LuaError/invalidValue(_:)`` when it cannot. Indices are Lua
/// stack indices (1 is the bottom of the current frame, -1 the top); an index outside the frame
/// reads as ``LuaType/none``.
///
/// A `LuaStack` is valid only inside the closure it was given to; do not store it.
@usableFromInline
package struct LuaStack {
  @usableFromInline package let state: LuaStatePointer
  /// The VM (for its serial and its value limits); the stack is only used while the VM runs a call.
  @usableFromInline unowned(unsafe) let vm: LuaVM
  /// The lowest top `pop` may leave (values below belong to the caller).
  @usableFromInline let floor: Int32

  @inlinable
  init(state: LuaStatePointer, vm: LuaVM, floor: Int32) {
    self.state = state
    self.vm = vm
    self.floor = floor
  }

  @inlinable
  var owner: UInt64 { vm.serial }

  var bridge: LuaValueBridge {
    LuaValueBridge(state: state, maxDepth: vm.limits.maxValueDepth, maxCount: vm.limits.maxValueCount)
  }

  /// The index of the top value (the number of values in the current frame).
  package var top: Int32 { lua_gettop(state) }

  /// Whether `index` names a value of the current frame.
  @inlinable
  func isValid(_ index: Int32) -> Bool {
    let top = lua_gettop(state)
    return index > 0 ? index <= top : (index < 0 && -index <= top)
  }

  @inlinable
  func reserve(_ slots: Int32) throws(LuaError) {
    guard lua_checkstack(state, slots) != 0 else { throw .invalidValue("the Lua stack cannot grow") }
  }

  // MARK: Reading

  /// The type of the value at `index`; ``LuaType/none`` outside the frame.
  @inlinable
  package func type(at index: Int32) -> LuaType {
    guard isValid(index) else { return .none }
    return LuaType(raw: lua_type(state, index))
  }

  /// The string at `index`, or `nil` if it is not a string (numbers are not converted).
  package func string(at index: Int32) -> String? {
    guard isValid(index), lua_type(state, index) == LUA_TSTRING else { return nil }
    return luaString(state, index)
  }

  /// The integer at `index`: an integer, or a float with an exact integer value; `nil` otherwise
  /// (strings are not converted).
  @inlinable
  package func integer(at index: Int32) -> Int? {
    guard isValid(index), lua_type(state, index) == LUA_TNUMBER else { return nil }
    var isInteger: Int32 = 0
    let value = lua_tointegerx(state, index, &isInteger)
    return isInteger != 0 ? Int(value) : nil
  }

  /// The number at `index`, or `nil` if it is not a number.
  package func number(at index: Int32) -> Double? {
    guard isValid(index), lua_type(state, index) == LUA_TNUMBER else { return nil }
    return lua_tonumberx(state, index, nil)
  }

  /// The boolean at `index`, or `nil` if it is not a boolean.
  package func bool(at index: Int32) -> Bool? {
    guard isValid(index), lua_type(state, index) == LUA_TBOOLEAN else { return nil }
    return lua_toboolean(state, index) != 0
  }

  /// Whether the value at `index` is true in Lua's sense (anything but `nil` and `false`).
  @inlinable
  package func isTruthy(at index: Int32) -> Bool {
    isValid(index) && lua_toboolean(state, index) != 0
  }

  /// The identity of the table at `index` (its address), for comparing with a table known to the
  /// host; `nil` for any other value. Never dereferenced.
  @inlinable
  package func tableIdentity(at index: Int32) -> UInt? {
    guard isValid(index), lua_type(state, index) == LUA_TTABLE else { return nil }
    return UInt(bitPattern: lua_topointer(state, index))
  }

  /// The members of the table at `index` when it is a plain object of scalars — no metatable,
  /// only string keys, every value a boolean, number or string — read as ``value(at:)`` would
  /// read them; `nil` for any other table (read it with ``value(at:)``, which also says what is
  /// wrong with it) or value.
  package func scalarMembers(at index: Int32) -> [String: FlowValue]? {
    let limit = vm.limits.maxValueCount - 1  // the table itself counts as one value
    var members: [String: FlowValue] = [:]
    let read = forEachScalarMember(ofPlainTableAt: index) { value in
      guard members.count < limit else { return false }
      members[luaString(state, -2)] = value
      return true
    }
    return read ? members : nil
  }

  /// Calls `body` with each value of the table at `index` — its key, a string, at -2 — while it
  /// returns true, when the table is a plain object of scalars (no metatable, no array part,
  /// string keys, boolean, number or string values). False when the table is not one or `body`
  /// returned false; the stack is left as it was.
  @inlinable
  package func forEachScalarMember(ofPlainTableAt index: Int32, _ body: (FlowValue) -> Bool) -> Bool {
    guard isValid(index), lua_type(state, index) == LUA_TTABLE, lua_rawlen(state, index) == 0,
      lua_checkstack(state, 3) != 0
    else { return false }
    if lua_getmetatable(state, index) != 0 {
      lua_settop(state, -2)
      return false
    }
    let table = absoluteIndex(index)
    lua_pushnil(state)
    while lua_next(state, table) != 0 {
      let value: FlowValue
      switch lua_type(state, -1) {
      case LUA_TBOOLEAN: value = .bool(lua_toboolean(state, -1) != 0)
      case LUA_TNUMBER:
        if lua_isinteger(state, -1) != 0 {
          value = .int(Int(lua_tointegerx(state, -1, nil)))
        } else {
          let number = lua_tonumberx(state, -1, nil)
          guard number.isFinite else {  // the full reader names the field and refuses it
            lua_settop(state, -3)
            return false
          }
          value = .double(number)
        }
      case LUA_TSTRING: value = .string(luaString(state, -1))
      default:
        lua_settop(state, -3)
        return false
      }
      guard lua_type(state, -2) == LUA_TSTRING, body(value) else {
        lua_settop(state, -3)
        return false
      }
      lua_settop(state, -2)
    }
    return true
  }

  /// The identities (see ``stringIdentity(at:)``) of the string keys of the table at `index`,
  /// with the keys; empty for any other value.
  package func stringKeyIdentities(ofTableAt index: Int32) -> [UInt: String] {
    guard isValid(index), lua_type(state, index) == LUA_TTABLE, lua_checkstack(state, 2) != 0 else { return [:] }
    let table = absoluteIndex(index)
    var identities: [UInt: String] = [:]
    lua_pushnil(state)
    while lua_next(state, table) != 0 {
      // The key is only read, never converted: `lua_next` can go on from it.
      if let identity = stringIdentity(at: -2) { identities[identity] = luaString(state, -2) }
      lua_settop(state, -2)
    }
    return identities
  }

  /// The address of the characters of the string at `index` — the same for every copy of a
  /// string the VM holds once (all short strings) — for comparing with strings known to be held;
  /// `nil` for any other value. Never dereferenced.
  @inlinable
  package func stringIdentity(at index: Int32) -> UInt? {
    guard isValid(index), lua_type(state, index) == LUA_TSTRING else { return nil }
    return UInt(bitPattern: lua_tolstring(state, index, nil))
  }

  /// The raw length (`#` without `__len`) of the table or string at `index`; 0 for other values.
  @inlinable
  package func rawLength(at index: Int32) -> Int {
    guard isValid(index) else { return 0 }
    let type = lua_type(state, index)
    guard type == LUA_TTABLE || type == LUA_TSTRING else { return 0 }
    return Int(lua_rawlen(state, index))
  }

  /// The value at `index` as a ``/TabFlowNavigation/FlowValue`` (see the bridge rules on ``LuaVM``).
  package func value(at index: Int32) throws(LuaError) -> FlowValue {
    guard isValid(index) else { return .null }
    return try bridge.read(at: index, root: .value)
  }

  /// The value at `index` as a ``/TabFlowNavigation/FlowValue``; an error names it as field `key`
  /// of element `position` of a list (`value[1].state.f`).
  package func value(at index: Int32, elementField key: String, position: Int) throws(LuaError) -> FlowValue {
    guard isValid(index) else { return .null }
    return try bridge.read(at: index, root: .elementField(position: position, key: key))
  }

  /// The absolute form of `index` (stays valid while values are pushed above it).
  @inlinable
  package func absoluteIndex(_ index: Int32) -> Int32 {
    lua_absindex(state, index)
  }

  /// Pushes `table[key]` (raw) and returns its type; pushes `nil` when `table` is not a table.
  @discardableResult
  package func pushField(_ key: String, of table: Int32) throws(LuaError) -> LuaType {
    try reserve(2)
    guard isValid(table), lua_type(state, table) == LUA_TTABLE else {
      lua_pushnil(state)
      return .nil
    }
    let table = lua_absindex(state, table)
    luaPushString(state, key)
    return LuaType(raw: lua_rawget(state, table))
  }

  /// Pushes `table[names[position]]` (raw) and returns its type: a field whose name the VM
  /// already holds, so the name is neither converted nor interned. `table` and `names` must be
  /// absolute indices of tables.
  @discardableResult
  @inlinable
  package func pushField(named position: Int32, in names: Int32, of table: Int32) throws(LuaError) -> LuaType {
    try reserve(2)
    lua_rawgeti(state, names, lua_Integer(position))
    return LuaType(raw: lua_rawget(state, table))
  }

  /// Pushes `table[index]` (raw) and returns its type; pushes `nil` when `table` is not a table.
  @discardableResult
  @inlinable
  package func pushElement(_ index: Int, of table: Int32) throws(LuaError) -> LuaType {
    try reserve(1)
    guard isValid(table), lua_type(state, table) == LUA_TTABLE else {
      lua_pushnil(state)
      return .nil
    }
    return LuaType(raw: lua_rawgeti(state, table, lua_Integer(index)))
  }

  /// `table[key]` (raw) if it is a string.
  package func stringField(_ key: String, of table: Int32) -> String? {
    guard (try? pushField(key, of: table)) != nil else { return nil }
    defer { lua_settop(state, -2) }
    return string(at: -1)
  }

  /// `table[key]` (raw) if it is an integer (or a float with an integer value).
  package func integerField(_ key: String, of table: Int32) -> Int? {
    guard (try? pushField(key, of: table)) != nil else { return nil }
    defer { lua_settop(state, -2) }
    return integer(at: -1)
  }

  /// `table[key]` (raw) as a ``/TabFlowNavigation/FlowValue`` (`.null` when absent).
  package func valueField(_ key: String, of table: Int32) throws(LuaError) -> FlowValue {
    try pushField(key, of: table)
    defer { lua_settop(state, -2) }
    return try bridge.read(at: -1, root: .global(key))
  }

  // MARK: Writing

  /// Pushes `nil`.
  @inlinable
  package func pushNil() throws(LuaError) {
    try reserve(1)
    lua_pushnil(state)
  }

  /// Pushes a boolean.
  @inlinable
  package func push(_ value: Bool) throws(LuaError) {
    try reserve(1)
    lua_pushboolean(state, value ? 1 : 0)
  }

  /// Pushes an integer.
  @inlinable
  package func push(_ value: Int) throws(LuaError) {
    try reserve(1)
    lua_pushinteger(state, lua_Integer(value))
  }

  /// Pushes a float.
  package func push(_ value: Double) throws(LuaError) {
    try reserve(1)
    lua_pushnumber(state, value)
  }

  /// Pushes a string.
  package func push(_ value: String) throws(LuaError) {
    try reserve(1)
    luaPushString(state, value)
  }

  /// Pushes a ``/TabFlowNavigation/FlowValue`` (see the bridge rules on ``LuaVM``).
  package func push(_ value: FlowValue) throws(LuaError) {
    try bridge.push(value)
  }

  /// Pushes the value held by `reference`.
  @inlinable
  package func push(_ reference: LuaRef) throws(LuaError) {
    guard reference.owner == owner else { throw .misuse("a LuaRef made by another LuaVM was used") }
    try reserve(1)
    lua_rawgeti(state, CLUA_REGISTRYINDEX, lua_Integer(reference.slot))
  }

  /// Pushes a copy of the value at `index` (`nil` outside the frame).
  package func pushCopy(of index: Int32) throws(LuaError) {
    try reserve(1)
    if isValid(index) { lua_pushvalue(state, index) } else { lua_pushnil(state) }
  }

  /// Pushes a new empty table, with room for `arrayCapacity` items and `fieldCapacity` fields.
  package func pushTable(arrayCapacity: Int = 0, fieldCapacity: Int = 0) throws(LuaError) {
    try reserve(1)
    lua_createtable(state, Int32(clamping: arrayCapacity), Int32(clamping: fieldCapacity))
  }

  /// Pops the top value and stores it as `table[key]` (raw). Throws if `table` is not a table or
  /// the stack is empty.
  package func setField(_ key: String, of table: Int32) throws(LuaError) {
    guard lua_gettop(state) >= 2, isValid(table), lua_type(state, table) == LUA_TTABLE else {
      throw .misuse("setField needs a table and a value on the stack")
    }
    let table = lua_absindex(state, table)
    guard table != lua_gettop(state) else { throw .misuse("setField needs a value above the table") }
    try reserve(1)
    luaPushString(state, key)
    lua_rotate(state, -2, 1)
    lua_rawset(state, table)
  }

  /// Pops the top value and stores it as `table[index]` (raw). Throws if `table` is not a table or
  /// the stack is empty.
  package func setElement(_ index: Int, of table: Int32) throws(LuaError) {
    guard lua_gettop(state) >= 2, isValid(table), lua_type(state, table) == LUA_TTABLE else {
      throw .misuse("setElement needs a table and a value on the stack")
    }
    let table = lua_absindex(state, table)
    guard table != lua_gettop(state) else { throw .misuse("setElement needs a value above the table") }
    lua_rawseti(state, table, lua_Integer(index))
  }

  /// Pops `count` values (never the values below the ones the closure was given).
  @inlinable
  package func pop(_ count: Int32 = 1) {
    let top = lua_gettop(state)
    lua_settop(state, max(top - max(count, 0), min(floor, top)))
  }

  /// Releases a reference (for use inside a callback, where ``LuaVM/release(_:)`` is ignored).
  package func release(_ reference: LuaRef) {
    guard reference.owner == owner, reference.slot >= 0 else { return }
    luaL_unref(state, CLUA_REGISTRYINDEX, reference.slot)
  }

  /// Keeps the value at `index` alive in the registry and returns a reference to it (released with
  /// ``LuaVM/release(_:)``). A `nil` (or absent) value gives a reference to `nil`.
  package func reference(at index: Int32) throws(LuaError) -> LuaRef {
    try reserve(1)
    if isValid(index) { lua_pushvalue(state, index) } else { lua_pushnil(state) }
    return LuaRef(slot: luaL_ref(state, CLUA_REGISTRYINDEX), owner: owner)
  }
}
