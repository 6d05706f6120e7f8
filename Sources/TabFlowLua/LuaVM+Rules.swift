import CLuaSandbox

/// What the rule engine needs of the VM beyond running scripts: the host table the rule DSL is
/// made with (pure library functions, freezing, the view function), one budget shared by every
/// call of an action, and host work charged to that budget.
extension LuaVM {
  /// Makes the table the rule DSL is built over: `current` (what is running), `view` (answering
  /// `nav` views), `hint` (`hint(name, candidates)` → ` — did you mean 'x'?`, by
  /// ``Suggestions``), `print` (to ``printHandler`` and ``scriptPrintHandler``), `freeze`, and the deterministic, freeze-aware `next`, `pairs`, `rawget`,
  /// `rawlen`, `rawset`, `setmetatable`, `tostring` and `string.format`.
  func makeRuleHost(view: @escaping (LuaStack) throws -> Int32) throws(LuaError) -> LuaRef {
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
      printCount += 1
      let message = stack.string(at: 1) ?? ""
      printHandler?(message)
      if let scriptPrintHandler {
        scriptPrintHandler(ScriptPrint(message: message, position: stack.string(at: 2), running: stack.string(at: 3)))
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

  /// Positions inside the chunk `name` (the trusted rule DSL) never locate an error: a message
  /// without a position gets the innermost position outside it.
  func hideSource(_ name: String) {
    let bytes = Array(name.utf8.prefix(31))
    withUnsafeMutableBytes(of: &context.pointee.hiddenSource) { raw in
      raw.initializeMemory(as: UInt8.self, repeating: 0)
      raw.copyBytes(from: bytes)
    }
  }

  /// Runs `body` with every call inside it sharing one instruction budget and deadline, armed by
  /// the first call: one action's rule, guards and deep-link handler together are bounded by the
  /// limits of one call, however many guards there are. Nested scopes join the outer one.
  @inlinable
  package func withSharedBudget<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    let context = self.context
    if context.pointee.batchDepth == 0 { context.pointee.batchArmed = 0 }
    context.pointee.batchDepth += 1
    defer {
      context.pointee.batchDepth -= 1
      if context.pointee.batchDepth == 0 { context.pointee.batchArmed = 0 }
    }
    return try body()
  }

  /// Where the running budget stands before a call: what a call made now starts from (the shared
  /// budget's remainder, or a whole budget when the call arms its own). See ``instructionsUsed(since:)``.
  func budgetMark() -> Int64 {
    let context = self.context
    let shared = context.pointee.batchDepth > 0 && context.pointee.batchArmed != 0
    return shared ? context.pointee.instructionsLeft : context.pointee.instructionBudget
  }

  /// The instructions the calls since `mark` used (counted by the hook, one stride at a time).
  func instructionsUsed(since mark: Int64) -> Int {
    Int(clamping: max(0, mark - context.pointee.instructionsLeft))
  }

  /// Charges the instructions of a call that is not made because its answer is known
  /// (``CallMemo``): `false` when the running budget could not pay for them, and the call must
  /// run to fail where it fails. A call that would arm a budget of its own always fits (it did
  /// when it ran).
  func chargeRecalledCall(_ instructions: Int) -> Bool {
    let context = self.context
    guard context.pointee.batchDepth > 0 && context.pointee.batchArmed != 0 else { return true }
    guard context.pointee.instructionsLeft >= Int64(clamping: instructions) else { return false }
    context.pointee.instructionsLeft -= Int64(clamping: instructions)
    return true
  }

  /// Charges work the host does for a script (a Swift function building a large view) to the
  /// running call's budget. Returns `false` when the budget is used up; the C trampoline then
  /// stops the script with the budget error as soon as the function returns.
  @usableFromInline
  package func chargeHostWork(_ instructions: Int) -> Bool {
    let context = self.context
    context.pointee.instructionsLeft -= Int64(clamping: instructions)
    // No clock is read here (host work is on an action's hot path): the time it took meets the
    // deadline at the next count hook.
    return context.pointee.instructionsLeft >= 0
  }
}
