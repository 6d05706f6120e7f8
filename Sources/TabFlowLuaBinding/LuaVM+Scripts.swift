import CLuaSandbox
import TabFlowNavigation

extension LuaVM {
  /// Compiles `source` (text only; binary chunks are refused) into a fresh environment and runs it
  /// once under the limits. `name` is the chunk name of error messages (`rules.lua:3: ...`).
  ///
  /// On failure nothing of the script remains reachable; other scripts are unaffected.
  ///
  /// `globals`, when given, is a table whose string-keyed fields are copied into the new
  /// environment before the chunk runs (how the rule DSL gives a script `tab`, `screen`, `on` …);
  /// the script can shadow them in its own environment but never change the table itself.
  package func load(_ source: String, name: String, globals: LuaRef? = nil) throws(LuaError) -> LuaScript {
    try checkIdle()
    let L = state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    guard lua_checkstack(L, 8) != 0 else { throw .misuse("the Lua stack cannot grow") }

    // The environment.
    lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(newEnvironmentSlot))
    var status = clua_sandbox_pcall(L, context, 0, 1)
    guard status == LUA_OK else { throw Self.failure(L, context, status: status, location: name) }
    let environment = lua_gettop(L)
    if let globals {
      try check(globals)
      lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(globals.slot))
      guard lua_type(L, -1) == LUA_TTABLE else { throw .misuse("the globals for \(name) are not a table") }
      lua_pushnil(L)
      while lua_next(L, -2) != 0 {
        // Stack: … environment, globals, key, value. Copy string keys only; raw, so no metamethod runs.
        if lua_type(L, -2) == LUA_TSTRING {
          lua_pushvalue(L, -2)
          lua_pushvalue(L, -2)
          lua_rawset(L, environment)
        }
        lua_settop(L, -2)
      }
      lua_settop(L, -2)
    }

    // The chunk, with the environment as its _ENV.
    let chunkName = name.hasPrefix("=") || name.hasPrefix("@") ? name : "=" + name
    var source = source
    status = source.withUTF8 { bytes in
      chunkName.withCString { cName in
        bytes.withMemoryRebound(to: CChar.self) { chars in
          clua_sandbox_load(L, context, chars.baseAddress, chars.count, cName)
        }
      }
    }
    guard status == LUA_OK else { throw Self.failure(L, context, status: status, location: name) }
    lua_pushvalue(L, environment)
    _ = lua_setupvalue(L, -2, 1)

    // Run it.
    status = clua_sandbox_pcall(L, context, 0, 0)
    guard status == LUA_OK else { throw Self.failure(L, context, status: status, location: name) }
    guard context.pointee.budgetExceeded == 0 else { throw lateBudgetFailure(location: name) }

    lua_pushvalue(L, environment)
    let slot = luaL_ref(L, CLUA_REGISTRYINDEX)
    return LuaScript(name: name, environment: LuaRef(slot: slot, owner: serial))
  }

  /// Releases the script's environment; its functions stay alive only as long as references to them.
  package func unload(_ script: LuaScript) {
    release(script.environment)
  }

  /// Releases a reference made by `reference(to:in:)` or ``LuaStack/reference(at:)``. Ignored
  /// for another VM's references and while a call is running (use ``LuaStack/release(_:)`` in a
  /// callback).
  package func release(_ reference: LuaRef) {
    guard reference.owner == serial, reference.slot >= 0, context.pointee.callDepth == 0 else { return }
    luaL_unref(state, CLUA_REGISTRYINDEX, reference.slot)
  }

  /// Pushes `path` looked up raw from the script's environment (the first name falls back to the
  /// read-only base). Throws if an intermediate value is not a table.
  private func pushValue(at path: [String], in script: LuaScript) throws(LuaError) {
    try checkIdle()
    try check(script.environment)
    let L = state
    guard lua_checkstack(L, 4) != 0 else { throw .misuse("the Lua stack cannot grow") }
    guard let first = path.first else { throw .misuse("an empty path was given") }
    lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(script.environment.slot))
    guard lua_type(L, -1) == LUA_TTABLE else {
      lua_settop(L, -2)
      throw .misuse("\(script.name): the script was unloaded")
    }
    luaPushString(L, first)
    if lua_rawget(L, -2) == LUA_TNIL {
      lua_settop(L, -2)
      lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(baseSlot))
      luaPushString(L, first)
      lua_rawget(L, -2)
    }
    lua_rotate(L, -2, 1)
    lua_settop(L, -2)
    for (offset, key) in path.enumerated().dropFirst() {
      guard lua_type(L, -1) == LUA_TTABLE else {
        lua_settop(L, -2)
        let prefix = path[..<offset].joined(separator: ".")
        throw .invalidValue("\(script.name): '\(prefix)' is not a table")
      }
      luaPushString(L, key)
      lua_rawget(L, -2)
      lua_rotate(L, -2, 1)
      lua_settop(L, -2)
    }
  }

  /// The global `name` of the script as a ``/TabFlowNavigation/FlowValue`` (`.null` when absent). Raw lookup: no
  /// metamethod runs. Functions and other non-data values throw ``LuaError/invalidValue(_:)``.
  package func global(_ name: String, in script: LuaScript) throws(LuaError) -> FlowValue {
    try value(at: [name], in: script)
  }

  /// The value at `path` (`["config", "tabs"]` for `config.tabs`) in the script's globals, read raw.
  package func value(at path: [String], in script: LuaScript) throws(LuaError) -> FlowValue {
    let top = lua_gettop(state)
    defer { lua_settop(state, top) }
    try pushValue(at: path, in: script)
    return try bridge.read(at: -1, root: .global(path.joined(separator: ".")))
  }

  /// A reference to the value at `path` in the script's globals (usually a function, for
  /// ``call(_:_:)`` or the fast ``call(_:resultCount:arguments:results:)``). Throws
  /// ``LuaError/misuse(_:)`` when the value is `nil`.
  package func reference(to path: [String], in script: LuaScript) throws(LuaError) -> LuaRef {
    let top = lua_gettop(state)
    defer { lua_settop(state, top) }
    try pushValue(at: path, in: script)
    guard lua_type(state, -1) != LUA_TNIL else {
      throw .misuse("\(script.name): no global '\(path.joined(separator: "."))'")
    }
    return LuaRef(slot: luaL_ref(state, CLUA_REGISTRYINDEX), owner: serial)
  }

  /// A reference to the global `name` of the script. See `reference(to:in:)` with a path.
  package func reference(to name: String, in script: LuaScript) throws(LuaError) -> LuaRef {
    try reference(to: [name], in: script)
  }

  /// Calls the script's global function `name` with `arguments`; returns all its results.
  package func call(_ name: String, in script: LuaScript, _ arguments: [FlowValue] = []) throws(LuaError) -> [FlowValue] {
    let function = try reference(to: [name], in: script)
    defer { release(function) }
    return try call(function, arguments)
  }

  /// Calls the function in `function` with `arguments` under the limits; returns all its results
  /// as ``/TabFlowNavigation/FlowValue``s (a result that cannot be converted throws ``LuaError/invalidValue(_:)``).
  package func call(_ function: LuaRef, _ arguments: [FlowValue] = []) throws(LuaError) -> [FlowValue] {
    try checkIdle()
    try check(function)
    let L = state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    guard lua_checkstack(L, Int32(clamping: arguments.count) + 8) != 0 else {
      throw .misuse("too many arguments for the Lua stack")
    }
    lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(function.slot))
    let bridge = self.bridge
    for argument in arguments { try bridge.push(argument) }
    let status = clua_sandbox_pcall(L, context, Int32(arguments.count), LUA_MULTRET)
    guard status == LUA_OK else {
      throw Self.failure(L, context, status: status, location: location(of: function))
    }
    guard context.pointee.budgetExceeded == 0 else { throw lateBudgetFailure(location: location(of: function)) }
    let count = lua_gettop(L) - top
    var results: [FlowValue] = []
    results.reserveCapacity(Int(count))
    if count > 0 {
      for offset in 1...count {
        results.append(try bridge.read(at: top + offset, root: .result(Int(offset))))
      }
    }
    return results
  }
}
