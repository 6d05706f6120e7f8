import CLua
import CLuaSandbox

/// What `check` learns of the payload fields rules read: put on every payload a rule gets while
/// the state space is explored, it notes each field the rule reads that the payload does not
/// have. The explorer sends each action's declared sample — the action's schema, the only fields
/// the REPL and scenario files let a line send — so such a field is one no line can ever set: a
/// typo (`p.idd`), or a field the sample forgot.
///
/// A metatable whose `__index` (a host function) notes the key and answers `nil`, as the read
/// would without it; `__metatable` hides it from `getmetatable`. Off outside exploration.
final class PayloadWatch {
  /// The fields read and missing, by the action that was running (`feed.itemTapped`).
  private final class Notes {
    var fields: [String: Set<String>] = [:]
    var action: String?
  }

  private let notes = Notes()
  /// The metatable, in the registry.
  let metatable: LuaRef

  /// The watch of `vm`'s payloads (made between calls: nothing runs in the VM).
  init(vm: LuaVM) throws(LuaError) {
    let notes = self.notes
    let box = LuaFunctionBox(name: "payload", vm: vm) { stack in
      // (payload, key): only named fields count; an index into a list is not a field.
      if lua_type(stack.state, 2) == LUA_TSTRING, let key = stack.string(at: 2), let action = notes.action {
        notes.fields[action, default: []].insert(key)
      }
      return 0
    }
    let L = vm.state
    guard lua_checkstack(L, 3) != 0 else { throw .misuse("the Lua stack cannot grow") }
    lua_createtable(L, 0, 2)
    clua_push_swift_function(L, Unmanaged.passUnretained(box).toOpaque(), 0)
    lua_setfield(L, -2, "__index")
    lua_pushboolean(L, 0)
    lua_setfield(L, -2, "__metatable")
    metatable = LuaRef(slot: luaL_ref(L, CLUA_REGISTRYINDEX), owner: vm.serial)
    vm.boxes.append(box)
  }

  /// Puts the watch on the payload at the top of `stack`, for a call of `action` — a table only:
  /// a metatable set on any other value would be its whole type's.
  func watch(payloadOn stack: LuaStack, action: String) throws(LuaError) {
    guard lua_type(stack.state, -1) == LUA_TTABLE else { return }
    notes.action = action
    try stack.push(metatable)
    lua_setmetatable(stack.state, -2)
  }

  /// The fields read and missing so far, by action.
  var missingFields: [String: Set<String>] { notes.fields }
}
