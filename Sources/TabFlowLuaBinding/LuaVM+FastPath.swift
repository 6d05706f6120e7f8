import CLuaSandbox

extension LuaVM {
  /// The fast path: calls the function in `function` under the limits, with arguments pushed
  /// directly on the Lua stack and results read from it, without going through ``/TabFlowNavigation/FlowValue``.
  ///
  /// `arguments` pushes the arguments (everything it leaves above the function is passed).
  /// `results` then reads the `resultCount` results (or all of them with `LUA_MULTRET`), which
  /// start at the index it is given; the stack is restored afterwards. Both closures get a
  /// ``LuaStack`` valid only during the call. Errors of the VM are ``LuaError``s; errors thrown by
  /// the closures propagate unchanged.
  ///
  /// ```swift
  /// let command = try vm.call(handler, resultCount: 1) { stack in
  ///   try stack.push("feed.itemTapped")
  /// } results: { stack, first in
  ///   stack.stringField("op", of: first)
  /// }
  /// ```
  // Inlinable (measured, see docs/PERFORMANCE.md): every rule call goes through it from the rules
  // module, which specializes it for its result and inlines its closures, as it did when the
  // binding was part of that module.
  @inlinable
  package func call<Result>(
    _ function: LuaRef,
    resultCount: Int32 = 1,
    arguments: (LuaStack) throws -> Void,
    results: (LuaStack, Int32) throws -> Result
  ) throws -> Result {
    try checkIdle()
    try check(function)
    let L = state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    guard lua_checkstack(L, 8) != 0 else { throw LuaError.misuse("the Lua stack cannot grow") }
    lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(function.slot))
    try arguments(makeStack(floor: top + 1))
    let argumentCount = lua_gettop(L) - top - 1
    guard argumentCount >= 0 else { throw LuaError.misuse("the arguments closure popped the function") }
    let status = clua_sandbox_pcall(L, context, argumentCount, max(resultCount, LUA_MULTRET))
    guard status == LUA_OK else {
      throw Self.failure(L, context, status: status, location: location(of: function))
    }
    guard context.pointee.budgetExceeded == 0 else { throw lateBudgetFailure(location: location(of: function)) }
    return try results(makeStack(floor: top), top + 1)
  }
}
