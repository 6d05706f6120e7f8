import CLuaSandbox
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import LuaTestSupport
import Testing

/// The tests of the Lua VM layer (`Sources/TabFlowLua`); `swift test --filter Scripting`.
@Suite enum Scripting {}

extension Scripting {
  @Suite("LuaVM: loading, calling, registration")
  struct LuaVMTests {
    @Test("a chunk loads, its globals are read and its functions called")
    func loadAndCall() throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(
        """
        config = { title = "Shop", tabs = { "home", "profile" } }
        function double(x) return x * 2 end
        function pair(a, b) return b, a end
        """, name: "rules.lua")
      #expect(try vm.global("config", in: script) == ["title": "Shop", "tabs": ["home", "profile"]])
      #expect(try vm.value(at: ["config", "title"], in: script) == "Shop")
      #expect(try vm.global("missing", in: script) == .null)
      #expect(try vm.call("double", in: script, [21]) == [42])
      #expect(try vm.call("pair", in: script, ["a", 1.5]) == [1.5, "a"])
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
    }

    @Test("syntax errors name the chunk and the line")
    func syntaxError() throws {
      let vm = try LuaVM(limits: .test)
      let error = try #require(throws: LuaError.self) { try vm.load("x = 1\ny = = 2", name: "rules.lua") }
      guard case let .syntax(message) = error else { Issue.record("got \(error)"); return }
      #expect(message.hasPrefix("rules.lua:2:"))
    }

    @Test("runtime errors carry chunk:line and a traceback; the VM stays usable")
    func runtimeError() throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(
        """
        local function inner(t) return t.missing.field end
        function boom() local v = inner({}) return v end
        function ok() return "ok" end
        """, name: "rules.lua")
      let error = try #require(throws: LuaError.self) { try vm.call("boom", in: script) }
      guard case let .runtime(message, traceback) = error else { Issue.record("got \(error)"); return }
      #expect(message.hasPrefix("rules.lua:1: attempt to index a nil value"))
      #expect(traceback.hasPrefix("stack traceback:"))
      #expect(traceback.contains("rules.lua:2"))
      #expect(try vm.call("ok", in: script) == ["ok"])
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
    }

    @Test("an error object that is not a string gets a position")
    func nonStringError() throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load("function f() error({ code = 1 }) end", name: "rules.lua")
      let error = try #require(throws: LuaError.self) { try vm.call("f", in: script) }
      #expect(error.message == "rules.lua:1: (error object is a table value)")
    }

    @Test("registered Swift functions get FlowValues and their errors become Lua errors")
    func registration() throws {
      let vm = try LuaVM(limits: .test)
      var seen: [[FlowValue]] = []
      try vm.register("record") { arguments in
        seen.append(arguments)
        return [.int(arguments.count)]
      }
      try vm.register("fail") { _ in throw LuaError.invalidValue("no such screen") }
      let script = try vm.load(
        """
        function run()
          local n = record("push", { id = 3 }, { 1, 2 })
          local ok, err = pcall(fail)
          return n, ok, err
        end
        function bad() record(function() end) end
        """, name: "rules.lua")
      let results = try vm.call("run", in: script)
      #expect(results == [3, false, "rules.lua:3: fail: no such screen"])
      #expect(seen == [["push", ["id": 3], [1, 2]]])
      let error = try #require(throws: LuaError.self) { try vm.call("bad", in: script) }
      #expect(error.message.contains("record: argument 1 is a function"))
    }

    @Test("raw registration and the fast call path")
    func fastPath() throws {
      let vm = try LuaVM(limits: .test)
      var handlers: [String: LuaRef] = [:]
      try vm.registerRaw("on") { stack in
        guard let name = stack.string(at: 1), stack.type(at: 2) == .function else {
          throw LuaError.invalidValue("on(name, function) expected")
        }
        handlers[name] = try stack.reference(at: 2)
        return 0
      }
      _ = try vm.load(
        """
        on("feed.itemTapped", function(event, payload)
          return { op = "push", screen = "item", id = payload.id, from = event }
        end)
        """, name: "rules.lua")
      let handler = try #require(handlers["feed.itemTapped"])
      let (op, screen, id, from) = try vm.call(handler, resultCount: 1) { stack in
        try stack.push("feed.itemTapped")
        try stack.pushTable(fieldCapacity: 1)
        try stack.push(7)
        try stack.setField("id", of: -2)
      } results: { stack, first in
        (
          stack.stringField("op", of: first), stack.stringField("screen", of: first),
          stack.integerField("id", of: first), stack.stringField("from", of: first)
        )
      }
      #expect(op == "push" && screen == "item" && id == 7 && from == "feed.itemTapped")
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
      #expect(try vm.call(handler, ["x", ["id": 1]]) == [["op": "push", "screen": "item", "id": 1, "from": "x"]])
    }

    @Test("print goes to the handler")
    func printSink() throws {
      let vm = try LuaVM(limits: .test)
      var lines: [String] = []
      vm.printHandler = { lines.append($0) }
      _ = try vm.load("print('a', 1, nil, true, setmetatable({}, { __tostring = function() return 'T' end }))", name: "p")
      #expect(lines == ["a\t1\tnil\ttrue\tT"])
    }

    @Test("math.random is deterministic per VM and randomseed() goes back to the fixed seed")
    func deterministicRandom() throws {
      func draw() throws -> [FlowValue] {
        let vm = try LuaVM(limits: .test)
        let script = try vm.load(
          """
          function draw()
            local a, b = math.random(1000000), math.random()
            math.randomseed()
            return a, b, math.random(1000000)
          end
          """, name: "r")
        return try vm.call("draw", in: script)
      }
      let first = try draw()
      #expect(try draw() == first)
      #expect(first[0] == first[2])
    }

    @Test("a re-entrant call from a Swift callback is refused, not crashed")
    func reentrancy() throws {
      let vm = try LuaVM(limits: .test)
      var inner: LuaError?
      var script: LuaScript?
      try vm.register("reenter") { _ in
        do { _ = try vm.call("f", in: script!) } catch { inner = error as? LuaError }
        return []
      }
      script = try vm.load("function f() return 1 end function g() reenter() return 2 end", name: "r")
      #expect(try vm.call("g", in: script!) == [2])
      guard case .misuse = inner else { Issue.record("got \(String(describing: inner))"); return }
    }

    @Test("references from another VM are refused")
    func foreignReference() throws {
      let a = try LuaVM(limits: .test)
      let b = try LuaVM(limits: .test)
      let script = try a.load("function f() return 1 end", name: "a")
      let f = try a.reference(to: "f", in: script)
      #expect(throws: LuaError.self) { try b.call(f) }
      #expect(try a.call(f) == [1])
    }
  }
}
