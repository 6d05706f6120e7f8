@testable import TabFlowLuaBinding
import Testing

extension Scripting {
  /// The count hook charges the budget one period (``LuaVM/Limits/hookStride``) at a time. Every
  /// call starts a whole period, so whether a call fits its budget depends on the call alone:
  /// the same call fits, or does not, whatever ran before it — a period a previous call left
  /// half-used used to make a call just within the budget fail after some calls and not others.
  @Suite("The budget: each call starts a fresh period")
  struct BudgetPeriodTests {
    static let limits = LuaVM.Limits(
      memoryBytes: 4 << 20, instructionsPerCall: 20_000, hookStride: 1_000, deadline: nil)
    static let source = """
      function work(n) local s = 0 for i = 1, n do s = s + i end return s end
      """

    /// Whether `work(n)` fits the budget, asked of a fresh VM.
    static func fitsInAFreshVM(_ n: Int) throws -> Bool {
      let vm = try LuaVM(limits: limits)
      let script = try vm.load(source, name: "w.lua")
      do {
        _ = try vm.call("work", in: script, [.int(n)])
        return true
      } catch {
        return false
      }
    }

    @Test func aCallJustWithinTheBudgetFitsWhateverRanBefore() throws {
      // The largest n whose work fits, found in fresh VMs.
      var low = 0, high = 40_000
      while low + 1 < high {
        let middle = (low + high) / 2
        if try Self.fitsInAFreshVM(middle) { low = middle } else { high = middle }
      }
      #expect(low > 1_000 && high < 40_000)
      let vm = try LuaVM(limits: Self.limits)
      let script = try vm.load(Self.source, name: "w.lua")
      for before in 0..<60 {
        _ = try vm.call("work", in: script, [.int(before * 7)])
        #expect(throws: Never.self, "after work(\(before * 7))") { _ = try vm.call("work", in: script, [.int(low)]) }
        _ = try vm.call("work", in: script, [.int(before * 7)])
        #expect(throws: LuaError.self, "after work(\(before * 7))") { _ = try vm.call("work", in: script, [.int(high)]) }
      }
    }
  }
}
