import TabFlowLuaBinding
import CLuaSandbox

/// What the rule engine needs of the VM beyond running scripts: the host table the rule DSL is
/// made with (pure library functions, freezing, the view function) — the binding's one user
/// of the rule-specific C (`clua_rules_host`).
extension LuaVM {
  /// Makes the table the rule DSL is built over: `current` (what is running), `view` (answering
  /// `nav` views), `hint` (`hint(name, candidates)` → ` — did you mean 'x'?`, by
  /// ``Suggestions``), `print` (to ``LuaVM/printHandler`` and `prints`), `freeze`, and the deterministic, freeze-aware `next`, `pairs`, `rawget`,
  /// `rawlen`, `rawset`, `setmetatable`, `tostring` and `string.format`.
  func makeRuleHost(
    prints: ScriptPrintRoute, view: @escaping (LuaStack) throws -> Int32
  ) throws(LuaError) -> LuaRef {
    try checkIdle()
    let L = state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    guard lua_checkstack(L, 4) != 0 else { throw .misuse("the Lua stack cannot grow") }
    let viewBox = LuaFunctionBox(name: "nav", vm: self, body: view)
    let hintBox = LuaFunctionBox(name: "hint", vm: self) { [unowned self] stack in
      var candidates: [String] = []
      if case let .array(items) = try stack.value(at: 2) {
        candidates = items.compactMap { if case let .string(text) = $0 { text } else { nil } }
      }
      // The search is bounded, and what it did is charged to the script's budget like any work
      // done on its behalf (a mistyped 100,000-character name cannot stall an action).
      let found = Suggestions.search(for: stack.string(at: 1) ?? "", in: candidates)
      _ = chargeHostWork(found.work + candidates.count)
      try stack.push(Suggestions.hint(suggesting: found.suggestion))
      return 1
    }
    // `print(text, where, what)`: the DSL's print, with the script position that called it
    // (`shop.lua:12: `) and what was running (`rule 'feed.itemTapped'`; nil while loading).
    let printBox = LuaFunctionBox(name: "print", vm: self) { [unowned self] stack in
      countPrint()
      let message = stack.string(at: 1) ?? ""
      printHandler?(message)
      if let handler = prints.handler {
        handler(ScriptPrint(message: message, position: stack.string(at: 2), running: stack.string(at: 3)))
      }
      return 0
    }
    boxes += [viewBox, hintBox, printBox]
    lua_pushcclosure(L, clua_rules_host, 0)
    lua_pushlightuserdata(L, Unmanaged.passUnretained(viewBox).toOpaque())
    lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(baseSlot))
    lua_pushlightuserdata(L, Unmanaged.passUnretained(hintBox).toOpaque())
    lua_pushlightuserdata(L, Unmanaged.passUnretained(printBox).toOpaque())
    let status = clua_sandbox_pcall(L, context, 4, 1)
    guard status == LUA_OK else { throw Self.failure(L, context, status: status, location: "rule host") }
    return LuaRef(slot: luaL_ref(L, CLUA_REGISTRYINDEX), owner: serial)
  }
}
