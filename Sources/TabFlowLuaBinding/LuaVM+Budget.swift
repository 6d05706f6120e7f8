import CLuaSandbox

/// The VM's instruction budget seen from its user: budgets shared by several calls, what a call
/// used, charging for calls not made and for host work; and positions an error never names.
extension LuaVM {
  /// Positions inside the chunk `name` (trusted code, such as a library written in Lua) never locate an error: a message
  /// without a position gets the innermost position outside it.
  package func hideSource(_ name: String) {
    let bytes = Array(name.utf8.prefix(31))
    withUnsafeMutableBytes(of: &context.pointee.hiddenSource) { raw in
      raw.initializeMemory(as: UInt8.self, repeating: 0)
      raw.copyBytes(from: bytes)
    }
  }

  /// Runs `body` with every call inside it sharing one instruction budget and deadline, armed by
  /// the first call: the calls a host makes for one event together are bounded by the
  /// limits of one call, however many there are. Nested scopes join the outer one.
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
  package func budgetMark() -> Int64 {
    let context = self.context
    let shared = context.pointee.batchDepth > 0 && context.pointee.batchArmed != 0
    return shared ? context.pointee.instructionsLeft : context.pointee.instructionBudget
  }

  /// The instructions the calls since `mark` used (counted by the hook, one stride at a time).
  package func instructionsUsed(since mark: Int64) -> Int {
    Int(clamping: max(0, mark - context.pointee.instructionsLeft))
  }

  /// Charges the instructions of a call that is not made because its answer is known
  /// (its answer remembered by the host): `false` when the running budget could not pay for them, and the call must
  /// run to fail where it fails. A call that would arm a budget of its own always fits (it did
  /// when it ran).
  package func chargeRecalledCall(_ instructions: Int) -> Bool {
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
