import CLuaSandbox
import Synchronization

/// One sandboxed Lua 5.4 state. It knows no rule, tab or screen: the rules module (TabFlowLua)
/// runs its scripts in it. Its public face is ``Limits``, the resource limits a script runs
/// under.
//
// The engine (package-internal):
//
// `LuaVM` is deliberately not `Sendable`: a Lua state must never be used by two threads at once,
// so keep the VM in the isolation of its owner (the store is `@MainActor`).
//
// The sandbox:
// - Only the base, `string`, `table`, `math` and `utf8` libraries (and, on request, `coroutine`)
//   are opened; there is no `io`, `os`, `package`, `require`, `debug`, `dofile`, `loadfile`,
//   `string.dump` or `warn`. `collectgarbage` accepts `"count"` only; `setmetatable` refuses
//   metatables with `__gc` (finalizers run with hooks off); `load` takes text only (never
//   bytecode) and defaults to the calling script's environment; the string metatable is hidden;
//   `math.random` starts from a fixed seed; `print` goes to `printHandler`.
// - Each loaded script has its own environment over a read-only base and its own copies of the
//   library tables (see `LuaScript`).
// - Every host call runs under a memory cap (a limiting allocator, which also caps string length),
//   an instruction budget (a count hook written in C that stays armed once exhausted, so `pcall`
//   cannot swallow it, and that covers coroutines) and a deadline (1 s by default, a safety net).
//   Work done inside C library functions is charged too; in particular `string.find`, `match`,
//   `gmatch` and `gsub` are a bounded reimplementation whose matching steps count against the
//   budget. `xpcall` handlers and the `__close` metamethods of coroutines killed by the budget
//   never run with hooks off.
// - Lua errors are raised only from C, never across a Swift frame, and results are read with raw
//   accessors only, so no script can make the host run a metamethod outside a protected call.
//
// Values cross between Lua and Swift as `FlowValue`s: `nil`, booleans, integers (`.int`),
// floats (`.double`) and strings map directly; a table with keys exactly `1...n` is an `.array`,
// a table with only string keys an `.object` (the empty table is the empty object). Other keys,
// a mix of both, functions, userdata, threads, cycles and values nested deeper than
// `Limits/maxValueDepth` or larger than `Limits/maxValueCount` are
// `LuaError/invalidValue(_:)` errors naming the path (`result 1.actions[2]`). Tables are read
// raw (metatables are ignored); a `.null` inside an array or object leaves a hole. For hot paths,
// `call(_:resultCount:arguments:results:)` and `registerRaw(_:_:)` work on the Lua stack
// directly through `LuaStack`.
//
// Errors leave the VM usable: after any `LuaError` the next call starts with a fresh budget.
public final class LuaVM {
  /// The limits. Changes apply from the next call.
  /// Read on every call and value conversion; never accessed overlapping (the VM is not reentrant
  /// from Swift), so the run-time exclusivity check is skipped.
  @exclusivity(unchecked) package var limits: Limits {
    didSet { Self.apply(limits, to: context, state: state) }
  }

  /// Receives the lines written by `print` (arguments converted with `tostring`, separated by
  /// tabs). Without a handler, output is dropped.
  package var printHandler: ((String) -> Void)?
  /// How many times scripts have called `print`: a call that printed had an effect besides its
  /// answer (a host remembering answers must not remember it). A host's own `print` counts here
  /// too. A getter, not stored: a stored property read from another module is checked for
  /// exclusive access at run time even when it is declared unchecked.
  package var printCount: Int { countedPrints }
  // Read around every call a host may remember, on the VM's one thread: no run-time exclusivity
  // check.
  @exclusivity(unchecked) private var countedPrints = 0

  /// Counts one more `print` (``printCount``), for the host functions that print.
  package func countPrint() {
    countedPrints += 1
  }

  /// The Lua state.
  @usableFromInline package let state: LuaStatePointer
  /// The C context (allocator accounting, budget, deadline); it outlives `lua_close`.
  @usableFromInline package let context: UnsafeMutablePointer<CLuaContext>
  /// Keeps the Swift functions alive: Lua holds unretained pointers to them.
  package var boxes: [LuaFunctionBox] = []
  /// The buffers line coverage counts into while it is on (see `startLineCoverage(chunk:lineCount:)`);
  /// released after `lua_close`, which may still run script code.
  var lineCoverageBuffers: LineCoverageBuffers?
  /// Distinguishes this VM's references from other VMs'.
  @usableFromInline package let serial: UInt64
  /// Registry slot of the environment factory (`clua_newenv`).
  let newEnvironmentSlot: Int32
  /// Registry slot of the read-only base table.
  package let baseSlot: Int32

  private static let serials = Atomic<UInt64>(0)

  /// The main thread's stack between calls: the message handler at index 1, kept there so each call
  /// saves pushing it.
  static let stackBase: Int32 = 1

  /// Creates a VM with the given limits; `coroutines` also opens the `coroutine` library (the
  /// budget covers coroutines as well).
  package init(limits: Limits = Limits(), coroutines: Bool = false) throws(LuaError) {
    let context = UnsafeMutablePointer<CLuaContext>.allocate(capacity: 1)
    context.initialize(to: CLuaContext())
    context.pointee.dispatch = luaDispatchPointer
    Self.apply(limits, to: context, state: nil)
    guard let state = clua_sandbox_open(context) else {
      context.deinitialize(count: 1)
      context.deallocate()
      throw .memory("could not create a Lua state")
    }
    let slots: (newEnvironment: Int32, base: Int32)
    do {
      slots = try Self.prepare(state, context, coroutines: coroutines, seed: limits.randomSeed)
    } catch {
      clua_sandbox_close(state, context)
      context.deinitialize(count: 1)
      context.deallocate()
      throw error
    }
    self.limits = limits
    self.state = state
    self.context = context
    self.newEnvironmentSlot = slots.newEnvironment
    self.baseSlot = slots.base
    self.serial = Self.serials.add(1, ordering: .relaxed).newValue
    installPrint()
  }

  deinit {
    clua_sandbox_close(state, context)  // first: the allocator writes to the context, Lua holds the boxes
    context.deinitialize(count: 1)
    context.deallocate()
  }

  /// Opens the safe libraries and runs the C hardening, both protected.
  private static func prepare(
    _ L: LuaStatePointer, _ context: UnsafeMutablePointer<CLuaContext>, coroutines: Bool, seed: Int
  ) throws(LuaError) -> (newEnvironment: Int32, base: Int32) {
    lua_pushcclosure(L, clua_sandbox_openlibs, 0)
    lua_pushboolean(L, coroutines ? 1 : 0)
    var status = clua_sandbox_pcall(L, context, 1, 0)
    guard status == LUA_OK else { throw failure(L, context, status: status, location: "sandbox setup") }
    lua_pushcclosure(L, clua_sandbox_setup, 0)
    lua_pushinteger(L, lua_Integer(seed))
    status = clua_sandbox_pcall(L, context, 1, 2)
    guard status == LUA_OK else { throw failure(L, context, status: status, location: "sandbox setup") }
    let base = luaL_ref(L, CLUA_REGISTRYINDEX)
    let newEnvironment = luaL_ref(L, CLUA_REGISTRYINDEX)
    lua_settop(L, Self.stackBase)
    _ = clua_gc_collect(L)
    _ = clua_gc_generational(L)
    return (newEnvironment, base)
  }

  static func apply(_ limits: Limits, to context: UnsafeMutablePointer<CLuaContext>, state: LuaStatePointer?) {
    context.pointee.memoryLimit = max(0, limits.memoryBytes)
    context.pointee.stringLimit = max(0, limits.maxStringBytes)
    context.pointee.instructionBudget = Int64(max(1, limits.instructionsPerCall))
    let stride = Int32(clamping: max(1, limits.hookStride))
    if context.pointee.hookStride != stride {
      context.pointee.hookStride = stride
      if let state { lua_sethook(state, clua_count_hook, LUA_MASKCOUNT | context.pointee.lineMask, stride) }
    }
    context.pointee.deadlineSpan = limits.deadlineNanoseconds
  }

  // MARK: State

  /// Bytes currently held by the Lua state.
  package var memoryInUse: Int { context.pointee.bytesInUse }

  /// The most bytes the Lua state has held.
  package var peakMemoryInUse: Int { context.pointee.bytesPeak }

  /// Runs a full garbage collection (no script code runs: finalizers are not allowed).
  package func collectGarbage() {
    guard context.pointee.callDepth == 0 else { return }
    _ = clua_gc_collect(state)
  }

  /// Collects everything a finished load left behind and gives back the stack it grew: a full
  /// collection in incremental mode (the only one that shrinks a thread's stack), then back to
  /// generational mode. A generational collection clears a thread's whole stack at each minor
  /// cycle and never shrinks it, so a stack that grew while a script loaded (deep declarations,
  /// the freeze) would cost every later action.
  package func compactAfterLoad() {
    guard context.pointee.callDepth == 0 else { return }
    _ = clua_gc_incremental(state)
    _ = clua_gc_collect(state)
    _ = clua_gc_generational(state)
  }

  /// Throws if a call is in progress (a Swift function called from Lua is calling back in).
  @inlinable
  package func checkIdle() throws(LuaError) {
    guard context.pointee.callDepth == 0 else {
      throw .misuse("the LuaVM is running a call; Swift functions called from Lua cannot call back into it")
    }
  }

  /// Throws if `reference` belongs to another VM.
  @inlinable
  package func check(_ reference: LuaRef) throws(LuaError) {
    guard reference.owner == serial else { throw .misuse("a LuaRef made by another LuaVM was used") }
  }

  var bridge: LuaValueBridge {
    LuaValueBridge(state: state, maxDepth: limits.maxValueDepth, maxCount: limits.maxValueCount)
  }

  /// A stack view on the main thread that cannot pop below `floor`.
  @inlinable
  package func makeStack(floor: Int32) -> LuaStack {
    LuaStack(state: state, vm: self, floor: floor)
  }

  // MARK: Errors

  /// The error for a failed protected call or load whose message is on top of the stack; pops it.
  @usableFromInline
  package static func failure(
    _ L: LuaStatePointer, _ context: UnsafeMutablePointer<CLuaContext>, status: Int32, location: @autoclosure () -> String?
  ) -> LuaError {
    if status == CLUA_REENTERED {
      return .misuse("the LuaVM is running a call; Swift functions called from Lua cannot call back into it")
    }
    var text: [UInt8] = []
    if lua_type(L, -1) == LUA_TSTRING {
      var length = 0
      if let bytes = lua_tolstring(L, -1, &length) {
        text = Array(UnsafeRawBufferPointer(start: bytes, count: length))
      }
    }
    lua_settop(L, -2)
    var message = String(decoding: text, as: UTF8.self)
    var traceback = ""
    let split = context.pointee.messageLength
    if status == LUA_ERRRUN, split >= 0, split <= text.count {
      message = String(decoding: text[..<split], as: UTF8.self)
      traceback = String(decoding: text[split...], as: UTF8.self)
      if traceback.hasPrefix("\n") { traceback.removeFirst() }
    }
    if context.pointee.budgetExceeded != 0 {
      return .budgetExceeded(message)
    }
    // A memory error that a script's pcall passed on arrives as a plain error: it is still one.
    let status = context.pointee.memoryErrorRaised != 0 ? LUA_ERRMEM : status
    switch status {
    case LUA_ERRMEM:
      if context.pointee.stringLimitHit != 0 {
        let limit = context.pointee.stringLimit
        return .memory(Self.placed("\(message) (a string longer than the limit of \(limit) bytes)", at: location()))
      }
      let limit = context.pointee.memoryLimit
      return .memory(Self.placed("\(message) (memory limit of \(limit) bytes)", at: location()))
    case LUA_ERRERR: return .errorInErrorHandling(message)
    case LUA_ERRSYNTAX: return .syntax(message)
    default: return .runtime(message: message, traceback: traceback)
    }
  }

  /// The error for a call that returned normally although its budget ran out (the budget error was
  /// caught by a coroutine boundary and the script ended before the next check).
  @usableFromInline
  package func lateBudgetFailure(location: String?) -> LuaError {
    .budgetExceeded(Self.placed("script stopped (instruction budget of \(limits.instructionsPerCall) exceeded)", at: location))
  }

  /// `location: message`, or the message alone when there is no location.
  static func placed(_ message: String, at location: String?) -> String {
    location.map { "\($0): \(message)" } ?? message
  }

  /// `chunkname:line` where the function in `reference` is defined, for messages without a
  /// position; `nil` for a C function (it has no place in any script).
  @usableFromInline
  package func location(of reference: LuaRef) -> String? {
    let L = state
    guard lua_checkstack(L, 1) != 0 else { return "?" }
    guard lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(reference.slot)) == LUA_TFUNCTION else {
      lua_settop(L, -2)
      return "?"
    }
    var info = lua_Debug()
    guard lua_getinfo(L, ">S", &info) != 0 else { return "?" }
    let source = withUnsafeBytes(of: &info.short_src) { raw in
      raw.baseAddress.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "?"
    }
    if info.linedefined < 0 { return nil }
    return info.linedefined > 0 ? "\(source):\(info.linedefined)" : source
  }
}
