import Foundation
@testable import TabFlowLuaBinding
import Testing

extension Scripting {
  /// A call's deadline counts the calling thread's CPU time, not the wall clock's: a machine so
  /// loaded that the thread waits for a core must not turn a quick call into a timeout (a
  /// `check` report, or a test, would then depend on the load), while work still meets it.
  @Suite("Deadline: the thread's CPU time")
  struct DeadlineClockTests {
    /// No instruction budget to speak of: only the deadline can stop a call.
    static let limits = LuaVM.Limits(memoryBytes: 4 << 20, instructionsPerCall: .max, hookStride: 100, deadline: .milliseconds(50))

    /// The script runs long enough for its clock to start (the count hook), then waits in a host
    /// function four times the deadline without using the processor — as a thread does when the
    /// machine is busy — then runs on. A wall-clock deadline stops it after the wait.
    @Test func timeTheThreadSpendsWaitingIsNotCounted() throws {
      let vm = try LuaVM(limits: Self.limits)
      try vm.register("wait") { _ in
        Thread.sleep(forTimeInterval: 0.2)
        return []
      }
      let script = try vm.load(
        """
        function run()
          local n = 0
          for i = 1, 1000 do n = n + i end
          wait()
          for i = 1, 1000 do n = n + i end
          return n
        end
        """, name: "wait.lua")
      #expect(try vm.call("run", in: script) == [1_001_000])
    }

    /// Work that runs past the deadline is stopped by it, however long the wait before it was.
    @Test func workStillMeetsTheDeadline() throws {
      let vm = try LuaVM(limits: Self.limits)
      try vm.register("wait") { _ in
        Thread.sleep(forTimeInterval: 0.1)
        return []
      }
      let script = try vm.load("function run() wait() while true do end end", name: "spin.lua")
      let error = try #require(throws: LuaError.self) { try vm.call("run", in: script) }
      #expect("\(error)".contains("deadline of 50 ms exceeded"), "\(error)")
      // The VM is usable after it, and a quick call does not inherit the spent deadline.
      let quick = try vm.load("function ok() return 1 end", name: "ok.lua")
      #expect(try vm.call("ok", in: quick) == [1])
    }
  }
}
