import CLuaSandbox
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import LuaTestSupport
import Testing

extension Scripting {
  @Suite("LuaVM: FlowValue bridge")
  struct LuaValueBridgeTests {
    static let roundTrips: [FlowValue] = [
      .null, true, false, 0, -7, .int(Int.max), .int(Int.min), 1.5, -0.25, .double(1e300), "", "héllo",
      .string("nul\u{0}inside"), [1, 2, 3], ["a", ["nested", [true]]], ["id": 3, "name": "x"],
      ["tabs": ["home", "profile"], "state": ["id": 0, "qty": 1.5, "tags": ["a": "b"]]], .emptyObject,
    ]

    @Test("values survive Swift → Lua → Swift", arguments: roundTrips)
    func roundTrip(_ value: FlowValue) throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load("function id(...) return ... end", name: "bridge")
      #expect(try vm.call("id", in: script, [value, 1]) == [value, 1])
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
    }

    @Test("Lua tables map to arrays and objects")
    func luaToFlow() throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(
        """
        function values()
          local t = {}
          t[3] = "c"; t[1] = "a"; t[2] = "b"         -- built out of order: still an array
          return {}, { 10, 20 }, t, { x = { y = { 1.0, 2 } } }, 3.0, 2^53
        end
        """, name: "bridge")
      #expect(
        try vm.call("values", in: script) == [
          .emptyObject, [10, 20], ["a", "b", "c"], ["x": ["y": [1.0, 2]]], .double(3.0), .double(9_007_199_254_740_992),
        ])
    }

    @Test(
      "unsupported values are rejected with their path",
      arguments: [
        ("return { f = function() end }", "result 1.f is a function"),
        ("return { 1, { 2, coroutine and 1 or print } }", "result 1[2][2] is a function"),
        ("return 1, { [true] = 1 }", "result 2 has the key true"),
        ("return { [1.5] = 1 }", "result 1 has the key 1.5 (a float)"),
        ("return { 1, 2, x = 3 }", "result 1 mixes array items (1...2) with the key \"x\""),
        ("return { 1, nil, 3 }", "result 1 has no item 2 (an array cannot have holes)"),
        ("return { [2] = 'b' }", "result 1 has the key 2; a table must have only string keys"),
        ("local t = { a = {} }; t.a.back = t; return t", "result 1.a.back contains itself (a cycle)"),
        ("local t = {}; t[1] = t; return t", "result 1[1] contains itself (a cycle)"),
        ("return { ['not an id'] = print }", "result 1[\"not an id\"] is a function"),
      ])
    func rejections(source: String, expected: String) throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load("function f() \(source) end", name: "bridge")
      let error = try #require(throws: LuaError.self) { try vm.call("f", in: script) }
      guard case let .invalidValue(message) = error else { Issue.record("got \(error)"); return }
      #expect(message.hasPrefix(expected), "\(message)")
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
    }

    @Test("depth and size limits")
    func limits() throws {
      var limits = LuaVM.Limits.test
      limits.maxValueDepth = 8
      limits.maxValueCount = 1_000
      let vm = try LuaVM(limits: limits)
      let script = try vm.load(
        """
        function deep(n) local t = {} for i = 1, n do t = { t } end return t end
        function wide(n) local t = {} for i = 1, n do t[i] = i end return t end
        function shared(n) local t = {} for i = 1, n do t = { t, t } end return t end
        """, name: "bridge")
      #expect(try vm.call("deep", in: script, [6]).count == 1)
      let tooDeep = try #require(throws: LuaError.self) { try vm.call("deep", in: script, [20]) }
      #expect(tooDeep.message.contains("is nested deeper than 8 levels"))
      let tooWide = try #require(throws: LuaError.self) { try vm.call("wide", in: script, [5_000]) }
      #expect(tooWide.message == "result 1 has more than 1000 elements")
      // A DAG that doubles at each level (2^31 nodes if expanded) is bounded by the element count.
      vm.limits.maxValueDepth = 64
      let dag = try #require(throws: LuaError.self) { try vm.call("shared", in: script, [30]) }
      #expect(dag.message == "result 1 has more than 1000 elements")
      vm.limits.maxValueDepth = 8
      // Pushing a value nested too deep is refused as well.
      var nested: FlowValue = 1
      for _ in 0..<20 { nested = [nested] }
      #expect(throws: LuaError.self) { try vm.call("deep", in: script, [nested]) }
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
      #expect(try vm.call("wide", in: script, [3]) == [[1, 2, 3]])
    }

    @Test("reading results never runs a metamethod")
    func rawReads() throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(
        """
        function f()
          local trap = function() error("metamethod ran") end
          return setmetatable({ a = 1 }, { __index = trap, __len = trap, __pairs = trap, __newindex = trap })
        end
        """, name: "bridge")
      #expect(try vm.call("f", in: script) == [["a": 1]])
    }
  }
}
