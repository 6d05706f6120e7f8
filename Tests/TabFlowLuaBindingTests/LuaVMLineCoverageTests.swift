import CLuaSandbox
@testable import TabFlowLuaBinding
import LuaTestSupport
import Testing

extension Scripting {
  @Suite("LuaVM: line coverage")
  struct LuaVMLineCoverageTests {
    static let source = """
      function pick(n)
        if n > 5 then
          return "big"
        else
          return "small"
        end
      end
      function spin(n)
        local total = 0
        for i = 1, n do
          total = total + i
        end
        return total
      end
      function viaCoroutine()
        local co = coroutine.wrap(function()
          coroutine.yield(pick(9))
        end)
        return co()
      end
      """

    @Test("hits and the executable lines of the functions that ran")
    func countsLines() throws {
      let vm = try LuaVM(limits: .test, coroutines: true)
      let script = try vm.load(Self.source, name: "cov.lua")
      vm.startLineCoverage(chunk: "cov.lua", lineCount: 20)
      #expect(try vm.call("pick", in: script, [1]) == ["small"])
      #expect(try vm.call("pick", in: script, [2]) == ["small"])
      let counted = vm.lineCoverage()
      #expect(counted.hits == [2: 2, 5: 2])
      #expect(counted.executable.isSuperset(of: [2, 3, 5]))
      #expect(!counted.executable.contains(10))  // spin never ran
      // A coroutine made after coverage started is counted too.
      #expect(try vm.call("viaCoroutine", in: script) == ["big"])
      let again = vm.lineCoverage()
      #expect(again.hits[17] == 1)
      #expect(again.hits[3] == 1)
      vm.stopLineCoverage()
      _ = try vm.call("pick", in: script, [1])
      #expect(vm.lineCoverage().hits[5] == 2)
    }

    @Test("line events charge nothing: the budget left is the same with coverage on")
    func chargesNothing() throws {
      func instructionsLeft(covering: Bool) throws -> Int64 {
        let vm = try LuaVM(limits: .test)
        let script = try vm.load(Self.source, name: "cov.lua")
        // Both start the hook's period at the same point (turning coverage on re-arms it).
        vm.startLineCoverage(chunk: "cov.lua", lineCount: 20)
        if !covering { vm.stopLineCoverage() }
        _ = try vm.call("spin", in: script, [1000])
        return vm.context.pointee.instructionsLeft
      }
      let plain = try instructionsLeft(covering: false)
      let covered = try instructionsLeft(covering: true)
      #expect(plain < LuaVM.Limits.test.instructionsPerCall)
      #expect(covered == plain)
    }

    @Test("coverage off: the hook has no line mask")
    func offByDefault() throws {
      let vm = try LuaVM(limits: .test)
      #expect(lua_gethookmask(vm.state) == LUA_MASKCOUNT)
      vm.startLineCoverage(chunk: "x.lua", lineCount: 3)
      #expect(lua_gethookmask(vm.state) == LUA_MASKCOUNT | LUA_MASKLINE)
      vm.stopLineCoverage()
      #expect(lua_gethookmask(vm.state) == LUA_MASKCOUNT)
      #expect(vm.context.pointee.lineMask == 0)
    }
  }
}
