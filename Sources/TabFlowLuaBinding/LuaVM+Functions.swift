import CLuaSandbox
import TabFlowNavigation

/// A Swift function callable from Lua. Lua holds an unretained pointer to the box; the VM keeps
/// the box alive until the state is closed (it closes the state first, so no box is called after).
package final class LuaFunctionBox {
  let name: String
  unowned let vm: LuaVM
  let body: (LuaStack) throws -> Int32

  package init(name: String, vm: LuaVM, body: @escaping (LuaStack) throws -> Int32) {
    self.name = name
    self.vm = vm
    self.body = body
  }

  /// Runs the function on the arguments in `L`'s current frame. Returns the number of results, or
  /// -1 with a message pushed (the C trampoline raises it), or -2 when not even a message fits.
  /// Never raises a Lua error itself.
  func invoke(_ L: LuaStatePointer) -> Int32 {
    guard lua_checkstack(L, 8) != 0 else { return -2 }
    let stack = LuaStack(state: L, vm: vm, floor: 0)
    let message: String
    do {
      let count = try body(stack)
      let top = lua_gettop(L)
      if count >= 0, count <= top { return count }
      message = "\(name): returned \(count) results with \(top) values on the stack"
    } catch let error as LuaError {
      message = "\(name): \(error.message)"
    } catch {
      message = "\(name): \(error)"
    }
    guard lua_checkstack(L, 1) != 0 else { return -2 }
    luaPushString(L, message)
    return -1
  }
}

/// The `@convention(c)` entry point the C trampoline calls with the box pointer.
private func luaDispatch(_ L: LuaStatePointer?, _ box: UnsafeMutableRawPointer?) -> Int32 {
  guard let L, let box else { return -2 }
  return Unmanaged<LuaFunctionBox>.fromOpaque(box).takeUnretainedValue().invoke(L)
}

/// The dispatch function pointer stored in the C context.
let luaDispatchPointer: @convention(c) (LuaStatePointer?, UnsafeMutableRawPointer?) -> Int32 = luaDispatch

extension LuaVM {
  /// Makes `function` callable from every script as the global `name` (it lives in the read-only
  /// base, so a script can shadow it in its own environment but never replace it for others).
  ///
  /// The function gets its arguments as ``/TabFlowNavigation/FlowValue``s (an argument that cannot be converted, such
  /// as a function, is an error naming it) and returns its results. A thrown error becomes a Lua
  /// error with the message `chunk:line: name: message`, raised from C; a script can catch it with
  /// `pcall`. The function must not call back into this VM (that throws ``LuaError/misuse(_:)``).
  /// The memory limit is suspended while it runs; if its results put the state over the limit, the
  /// script fails with ``LuaError/memory(_:)`` right after it returns.
  package func register(_ name: String, _ function: @escaping ([FlowValue]) throws -> [FlowValue]) throws(LuaError) {
    try registerRaw(name) { stack in
      let count = stack.top
      var arguments: [FlowValue] = []
      arguments.reserveCapacity(Int(count))
      if count > 0 {
        for index in 1...count {
          arguments.append(try stack.bridge.read(at: index, root: .argument(Int(index))))
        }
      }
      let results = try function(arguments)
      for result in results { try stack.push(result) }
      return Int32(clamping: results.count)
    }
  }

  /// Makes `function` callable from every script as the global `name`, with direct access to the
  /// Lua stack: the arguments are at indices `1...stack.top`; the function pushes its results and
  /// returns how many it pushed (the topmost values are the results). Errors behave as in
  /// ``register(_:_:)``. Use ``LuaStack/reference(at:)`` to keep a Lua function for later calls.
  package func registerRaw(_ name: String, _ function: @escaping (LuaStack) throws -> Int32) throws(LuaError) {
    try checkIdle()
    let box = LuaFunctionBox(name: name, vm: self, body: function)
    try setBase(name) { L in
      clua_push_swift_function(L, Unmanaged.passUnretained(box).toOpaque(), 0)
    }
    boxes.append(box)
  }

  /// Installs `print`, which formats in C (`tostring` may run `__tostring`) and hands the line to
  /// ``printHandler``.
  func installPrint() {
    let box = LuaFunctionBox(name: "print", vm: self) { [unowned self] stack in
      countPrint()
      if let line = stack.string(at: 1) { printHandler?(line) }
      return 0
    }
    do {
      try setBase("print") { L in
        clua_push_swift_function(L, Unmanaged.passUnretained(box).toOpaque(), 1)
      }
      boxes.append(box)
    } catch {
      // Only a stack that cannot grow by 3 slots gets here; scripts then see no `print`.
    }
  }

  /// Sets `base[name]` to the value `push` pushes (raw; no script code runs).
  private func setBase(_ name: String, push: (LuaStatePointer) -> Void) throws(LuaError) {
    let L = state
    guard lua_checkstack(L, 3) != 0 else { throw .misuse("the Lua stack cannot grow") }
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(baseSlot))
    luaPushString(L, name)
    push(L)
    lua_rawset(L, -3)
  }
}
