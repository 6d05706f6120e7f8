import TabFlowLuaBinding
import CLuaSandbox

/// What `check` and `diff` learn of the keys rules read, while they explore the state space:
///
/// - **Payload fields a payload lacks.** Put on every payload a rule gets, it notes each field
///   the rule reads that the payload does not have. The explorer sends each action's declared
///   sample — the action's schema, the only fields the REPL and scenario files let a line send —
///   so such a field is one no line can ever set: a typo (`p.idd`), or a field the sample forgot.
/// - **Context keys.** Put on every `nav.context` table a script gets, it notes each key read that
///   the context does not have (`nav.context.vip`, `ctx["tier"]`): the keys the explorer must set
///   to reach what they guard. A key the context has was set by the explorer, which knows it.
///
/// Each is a metatable whose `__index` (a host function) notes the key and answers `nil`, as the
/// read would without it. Rules cannot see it: it is marked `CLUA_WATCH_MARK` (with the VM's
/// context pointer, which no script can forge), for which the
/// sandbox's `getmetatable` answers `nil`, and `setmetatable` replaces it as it would set a
/// metatable on a plain table — so a rule sees the same payload and context exploring as in an
/// app. Off outside exploration.
final class ReadWatch {
  private final class Notes {
    /// The payload fields read and missing, by the action that was running (`feed.itemTapped`).
    var fields: [String: Set<String>] = [:]
    var action: String?
    /// The context keys read and missing.
    var contextKeys: Set<String> = []
  }

  private let notes = Notes()
  /// The metatables, in the registry.
  private let payloadMetatable: LuaRef
  private let contextMetatable: LuaRef

  /// The watch of `vm`'s payloads and contexts (made between calls: nothing runs in the VM).
  init(vm: LuaVM) throws(LuaError) {
    let notes = self.notes
    payloadMetatable = try Self.noting(in: vm, name: "payload") { key in
      if let action = notes.action { notes.fields[action, default: []].insert(key) }
    }
    contextMetatable = try Self.noting(in: vm, name: "context") { key in
      notes.contextKeys.insert(key)
    }
  }

  /// A metatable whose `__index` passes each string key read to `note` and answers `nil`.
  private static func noting(in vm: LuaVM, name: String, _ note: @escaping (String) -> Void) throws(LuaError) -> LuaRef {
    let box = LuaFunctionBox(name: name, vm: vm) { stack in
      // (table, key): only named fields count; an index into a list is not a field.
      if lua_type(stack.state, 2) == LUA_TSTRING, let key = stack.string(at: 2) { note(key) }
      return 0
    }
    let L = vm.state
    guard lua_checkstack(L, 3) != 0 else { throw .misuse("the Lua stack cannot grow") }
    lua_createtable(L, 0, 2)
    clua_push_swift_function(L, Unmanaged.passUnretained(box).toOpaque(), 0)
    lua_setfield(L, -2, "__index")
    lua_pushlightuserdata(L, UnsafeMutableRawPointer(vm.context))
    lua_setfield(L, -2, CLUA_WATCH_MARK)
    vm.boxes.append(box)
    return LuaRef(slot: luaL_ref(L, CLUA_REGISTRYINDEX), owner: vm.serial)
  }

  /// Puts the watch on the payload at the top of `stack`, for a call of `action` — a table only:
  /// a metatable set on any other value would be its whole type's.
  func watch(payloadOn stack: LuaStack, action: String) throws(LuaError) {
    guard lua_type(stack.state, -1) == LUA_TTABLE else { return }
    notes.action = action
    try stack.push(payloadMetatable)
    lua_setmetatable(stack.state, -2)
  }

  /// Puts the watch on the context table at the top of `stack`.
  func watch(contextOn stack: LuaStack) throws(LuaError) {
    guard lua_type(stack.state, -1) == LUA_TTABLE else { return }
    try stack.push(contextMetatable)
    lua_setmetatable(stack.state, -2)
  }

  /// The payload fields read and missing so far, by action.
  var missingFields: [String: Set<String>] { notes.fields }
  /// The context keys read and missing so far.
  var contextKeysRead: Set<String> { notes.contextKeys }
}
