import TabFlowLuaBinding
import TabFlowCore

/// What answers a running call's `nav` views without a closure: lent to the VM by reference,
/// unretained, for the length of the call (``RuleScript``'s `call(_:screen:action:tab:payload:lent:)`).
@usableFromInline
package protocol LentViews: AnyObject {
  /// The value of `read`.
  func answer(_ read: ViewRead) throws(ScriptError) -> FlowValue
}

/// The views of the state a rule call is about, lent to the VM without allocating: one per
/// ``ScriptedRules``, reading the state through a pointer set only while a call runs
/// (``ScriptedRules/batch(for:on:in:)``).
///
/// A reader made for each call (``ScriptedRules/withViews(of:_:)``) must be made escaping to
/// reach the VM, and `withoutActuallyEscaping` allocates a box for it: about 200 instructions of
/// a scripted action that the same rule in Swift does not pay.
@usableFromInline
package final class LentStateViews<Screen>: LentViews {
  // Set and read on every rule call, by one call at a time: no run-time exclusivity check.
  /// The state being read, while a call runs.
  @exclusivity(unchecked) @usableFromInline var state: UnsafePointer<TabCoordinatorState<Screen>>?
  /// The VM of the running call (views charge their work to its budget).
  @exclusivity(unchecked) @usableFromInline var vm: Unmanaged<LuaVM>?
  @usableFromInline let codec: ScreenCodec<Screen>

  @usableFromInline
  init(codec: ScreenCodec<Screen>) {
    self.codec = codec
  }

  @usableFromInline
  package func answer(_ read: ViewRead) throws(ScriptError) -> FlowValue {
    guard let state, let vm else { throw ScriptError(.runtime, "nav views can only be read while a rule runs") }
    return try state.pointee.value(of: read, codec: codec, vm: vm.takeUnretainedValue())
  }

  /// `body`, while this reads `state` in place for `vm`'s call.
  @inlinable @inline(__always)
  func lending<Result>(
    _ state: borrowing TabCoordinatorState<Screen>, to vm: LuaVM, _ body: () throws(ScriptError) -> Result
  ) throws(ScriptError) -> Result {
    try withUnsafePointer(to: state) { pointer throws(ScriptError) in
      // The VM runs one call at a time; an outer reader is given back all the same.
      let (outerState, outerVM) = (self.state, self.vm)
      self.state = pointer
      self.vm = Unmanaged.passUnretained(vm)
      defer { (self.state, self.vm) = (outerState, outerVM) }
      return try body()
    }
  }
}
