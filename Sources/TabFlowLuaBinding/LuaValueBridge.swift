import CLuaSandbox
import TabFlowNavigation

/// Converts between ``/TabFlowNavigation/FlowValue`` and Lua values on a Lua stack, with raw accessors only (no
/// metamethod ever runs, so nothing here can raise a Lua error).
///
/// Lua → ``/TabFlowNavigation/FlowValue``:
/// - `nil`, booleans, strings (UTF-8; invalid bytes become U+FFFD), integers (`.int`) and floats
///   (`.double`) map directly.
/// - A table with keys exactly `1...n` (n ≥ 1) is an `.array`; a table whose keys are all strings is
///   an `.object`; the empty table is the empty object. Any other key (a boolean, a float, an
///   integer outside `1...n`, a table) or a mix of both kinds is an error. Metatables are ignored.
/// - Functions, userdata and threads are errors naming the path of the value.
/// - A table that contains itself is an error (a cycle); so are values nested deeper than
///   ``LuaVM/Limits/maxValueDepth`` or with more than ``LuaVM/Limits/maxValueCount`` elements.
///
/// ``/TabFlowNavigation/FlowValue`` → Lua is the inverse; a `.null` inside an array or object leaves a hole (an
/// absent key), as in Lua itself.
struct LuaValueBridge {
  let state: LuaStatePointer
  let maxDepth: Int
  let maxCount: Int

  /// Where a value being read came from, for error messages.
  enum Root {
    case argument(Int)
    case result(Int)
    case global(String)
    case value
    /// Field `key` of element `position` of a list (`value[2].state`).
    case elementField(position: Int, key: String)

    var name: String {
      switch self {
      case let .argument(i): return "argument \(i)"
      case let .result(i): return "result \(i)"
      case let .global(name): return "'\(name)'"
      case .value: return "value"
      case let .elementField(position, key): return "value[\(position)].\(key)"
      }
    }
  }

  enum PathComponent {
    case key(String)
    case index(Int)
  }

  // MARK: Reading

  /// Reads the value at `index` (any acceptable index).
  func read(at index: Int32, root: Root) throws(LuaError) -> FlowValue {
    var reader = Reader(state: state, maxDepth: maxDepth, maxCount: maxCount, root: root)
    return try reader.read(at: lua_absindex(state, index), depth: 0, place: .root)
  }

  /// Where a value being read sits: the key or index it was read under and the place of the
  /// table holding it. Places form a linked list on the call stack, so reading allocates nothing
  /// to track the path (walked only to name a failing value) or the open tables (for cycles).
  private struct Place {
    /// How the value was reached from its table; `nil` for the root.
    var component: PathComponent?
    /// The place of the table holding the value; `nil` for the root.
    var parent: UnsafePointer<Place>?
    /// The table read at this place (set while its members are read).
    var table: UnsafeRawPointer?

    static var root: Place { Place(component: nil, parent: nil, table: nil) }
  }

  private struct Reader {
    let state: LuaStatePointer
    let maxDepth: Int
    let maxCount: Int
    let root: Root
    var count = 0

    init(state: LuaStatePointer, maxDepth: Int, maxCount: Int, root: Root) {
      self.state = state
      self.maxDepth = maxDepth
      self.maxCount = maxCount
      self.root = root
    }

    func pathString(_ place: Place) -> String {
      var components: [PathComponent] = []
      if let component = place.component { components.append(component) }
      var parent = place.parent
      while let table = parent {
        if let component = table.pointee.component { components.append(component) }
        parent = table.pointee.parent
      }
      var out = root.name
      for component in components.reversed() {
        switch component {
        case let .key(key): out += key.isLuaIdentifier ? ".\(key)" : "[\(FlowValue.string(key))]"
        case let .index(index): out += "[\(index)]"
        }
      }
      return out
    }

    func failure(_ what: String, at place: Place) -> LuaError {
      .invalidValue("\(pathString(place)) \(what)")
    }

    mutating func read(at index: Int32, depth: Int, place: Place) throws(LuaError) -> FlowValue {
      count += 1
      if count > maxCount {
        throw .invalidValue("\(root.name) has more than \(maxCount) elements")
      }
      let L = state
      switch lua_type(L, index) {
      case LUA_TNIL, LUA_TNONE:
        return .null
      case LUA_TBOOLEAN:
        return .bool(lua_toboolean(L, index) != 0)
      case LUA_TNUMBER:
        if lua_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
        let number = lua_tonumberx(L, index, nil)
        // JSON has no NaN or infinity: a value that holds one could never be saved.
        guard number.isFinite else {
          throw failure("is \(number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"), not a finite number (state and payloads must be saveable as JSON)", at: place)
        }
        return .double(number)
      case LUA_TSTRING:
        return .string(luaString(L, index))
      case LUA_TTABLE:
        return try readTable(at: index, depth: depth, place: place)
      case let type:
        let name = String(cString: lua_typename(L, type))
        throw failure("is a \(name), which cannot be converted to a value", at: place)
      }
    }

    mutating func readTable(at index: Int32, depth: Int, place: Place) throws(LuaError) -> FlowValue {
      let L = state
      guard let pointer = lua_topointer(L, index) else { return .null }
      var open = place.parent
      while let table = open {
        if table.pointee.table == pointer { throw failure("contains itself (a cycle)", at: place) }
        open = table.pointee.parent
      }
      guard depth < maxDepth else {
        throw failure("is nested deeper than \(maxDepth) levels", at: place)
      }
      guard lua_checkstack(L, 4) != 0 else {
        throw failure("is nested too deep for the Lua stack", at: place)
      }
      // A read-only proxy (a table a script's host froze) reads as its contents (its hidden
      // backing table).
      if clua_proxy_backing(L, index) != 0 {
        defer { lua_settop(L, -2) }
        return try readTable(at: lua_gettop(L), depth: depth, place: place)
      }
      var here = place
      here.table = pointer
      return try withUnsafePointer(to: here) { table throws(LuaError) in
        try readMembers(of: index, depth: depth, table: table)
      }
    }

    /// The members of the table at `index`, read at `table`'s place: an array, or an object.
    mutating func readMembers(of index: Int32, depth: Int, table: UnsafePointer<Place>) throws(LuaError) -> FlowValue {
      let L = state
      let length = Int(lua_rawlen(L, index))
      if length > 0 {
        // An array has exactly the keys 1...length: count the entries, then read them in order.
        var entries = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
          entries += 1
          lua_settop(L, -2)
        }
        guard entries == length else { throw try arrayKeyFailure(at: index, length: length, place: table.pointee) }
        var elements: [FlowValue] = []
        elements.reserveCapacity(length)
        for i in 1...length {
          lua_rawgeti(L, index, lua_Integer(i))
          let element = try read(
            at: lua_gettop(L), depth: depth + 1, place: Place(component: .index(i), parent: table, table: nil))
          lua_settop(L, -2)
          elements.append(element)
        }
        return .array(elements)
      }

      var members: [String: FlowValue] = [:]
      let top = lua_gettop(L)
      do throws(LuaError) {
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
          guard lua_type(L, -2) == LUA_TSTRING else {
            let key = keyDescription(at: -2)
            lua_settop(L, -3)
            throw failure("has the key \(key); a table must have only string keys or be an array 1...n", at: table.pointee)
          }
          let key = luaString(L, -2)
          let value = try read(
            at: lua_gettop(L), depth: depth + 1, place: Place(component: .key(key), parent: table, table: nil))
          // Swift keys compare by canonical equivalence, Lua's by bytes: two spellings of one
          // text would silently become one member.
          guard members.updateValue(value, forKey: key) == nil else {
            lua_settop(L, -3)
            throw failure(
              "has two keys spelled '\(key)' in different Unicode forms (Lua tells them apart, the host cannot)",
              at: table.pointee)
          }
          lua_settop(L, -2)
        }
      } catch {
        // The table's own order depends on the hash seed: report the failure of the first key in
        // a stable order instead, so the same table always gets the same message.
        lua_settop(L, top)
        throw stableFailure(of: index, depth: depth, table: table) ?? error
      }
      return .object(members)
    }

    /// The failure reading the object at `index` gives when its keys are read in a stable order
    /// (non-string keys first, by description; then string keys by their bytes), or `nil`.
    mutating func stableFailure(of index: Int32, depth: Int, table: UnsafePointer<Place>) -> LuaError? {
      let L = state
      var strings: [(key: String, bytes: [UInt8])] = []
      var others: [String] = []
      lua_pushnil(L)
      while lua_next(L, index) != 0 {
        if lua_type(L, -2) == LUA_TSTRING {
          let key = luaString(L, -2)
          strings.append((key, Array(key.utf8)))
        } else {
          others.append(keyDescription(at: -2))
        }
        lua_settop(L, -2)
      }
      if let key = others.min() {
        return failure("has the key \(key); a table must have only string keys or be an array 1...n", at: table.pointee)
      }
      strings.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
      var seen: [String: [UInt8]] = [:]
      for (key, bytes) in strings {
        if seen.updateValue(bytes, forKey: key) != nil {
          return failure(
            "has two keys spelled '\(key)' in different Unicode forms (Lua tells them apart, the host cannot)",
            at: table.pointee)
        }
        luaPushString(L, key)
        lua_rawget(L, index)
        defer { lua_settop(L, -2) }
        do throws(LuaError) {
          _ = try read(at: lua_gettop(L), depth: depth + 1, place: Place(component: .key(key), parent: table, table: nil))
        } catch {
          return error
        }
      }
      return nil
    }

    /// The error for a table with a positive length that is not exactly an array 1...length.
    func arrayKeyFailure(at index: Int32, length: Int, place: Place) throws(LuaError) -> LuaError {
      let L = state
      lua_pushnil(L)
      while lua_next(L, index) != 0 {
        let isElement = lua_isinteger(L, -2) != 0 && (1...length).contains(Int(lua_tointegerx(L, -2, nil)))
        if !isElement {
          let key = keyDescription(at: -2)
          let mixed = lua_type(L, -2) == LUA_TSTRING
          lua_settop(L, -3)
          return failure(
            mixed
              ? "mixes array items (1...\(length)) with the key \(key)"
              : "has the key \(key) besides the array items 1...\(length)", at: place)
        }
        lua_settop(L, -2)
      }
      for i in 1...length {
        let missing = lua_rawgeti(L, index, lua_Integer(i)) == LUA_TNIL
        lua_settop(L, -2)
        if missing { return failure("has no item \(i) (an array cannot have holes)", at: place) }
      }
      return failure("is not an array 1...\(length)", at: place)
    }

    /// A description of the key at `index` for messages (raw reads only).
    func keyDescription(at index: Int32) -> String {
      let L = state
      switch lua_type(L, index) {
      case LUA_TSTRING: return "\"\(luaString(L, index))\""
      case LUA_TNUMBER:
        if lua_isinteger(L, index) != 0 { return String(lua_tointegerx(L, index, nil)) }
        return "\(lua_tonumberx(L, index, nil)) (a float)"
      case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
      case let type: return "of type \(String(cString: lua_typename(L, type)))"
      }
    }
  }

  // MARK: Pushing

  /// Pushes `value`; throws for values nested deeper than `maxDepth` or when the stack cannot grow.
  func push(_ value: FlowValue) throws(LuaError) {
    try push(value, depth: 0)
  }

  private func push(_ value: FlowValue, depth: Int) throws(LuaError) {
    let L = state
    // Room for the value and, in a table, a key and a member above it: a table's scalar members
    // are pushed into the room their table made, so only the top level and tables ask for more.
    switch value {
    case .array, .object: guard lua_checkstack(L, 3) != 0 else { throw .invalidValue("value is too large for the Lua stack") }
    case _ where depth == 0: guard lua_checkstack(L, 1) != 0 else { throw .invalidValue("value is too large for the Lua stack") }
    default: break
    }
    switch value {
    case .null: lua_pushnil(L)
    case let .bool(flag): lua_pushboolean(L, flag ? 1 : 0)
    case let .int(number): lua_pushinteger(L, lua_Integer(number))
    case let .double(number): lua_pushnumber(L, number)
    case let .string(text): luaPushString(L, text)
    case let .array(elements):
      guard depth < maxDepth else { throw .invalidValue("value is nested deeper than \(maxDepth) levels") }
      lua_createtable(L, Int32(clamping: elements.count), 0)
      for (offset, element) in elements.enumerated() {
        try push(element, depth: depth + 1)
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
    case let .object(members):
      guard depth < maxDepth else { throw .invalidValue("value is nested deeper than \(maxDepth) levels") }
      lua_createtable(L, 0, Int32(clamping: members.count))
      for (key, member) in members {
        luaPushString(L, key)
        try push(member, depth: depth + 1)
        lua_rawset(L, -3)
      }
    }
  }
}

/// The string at `index`, which must be a string (callers check the type first: `lua_tolstring` on
/// a number would convert it in place). Copies the bytes, NULs included.
@inline(__always)
@usableFromInline
func luaString(_ L: LuaStatePointer, _ index: Int32) -> String {
  var length = 0
  guard let bytes = lua_tolstring(L, index, &length) else { return "" }
  return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
}

/// Pushes `text` as a Lua string (NULs included).
@inline(__always)
func luaPushString(_ L: LuaStatePointer, _ text: String) {
  var text = text
  text.withUTF8 { bytes in
    _ = lua_pushlstring(L, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, bytes.count)
  }
}
