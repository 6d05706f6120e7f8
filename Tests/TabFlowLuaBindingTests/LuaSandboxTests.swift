import CLuaSandbox
@testable import TabFlowLuaBinding
import LuaTestSupport
import Testing

/// One escape or denial-of-service attempt and the error it must end in.
struct SandboxAttack: Sendable, CustomTestStringConvertible {
  enum Expected: Sendable {
    case budget
    case memory
    /// A runtime error whose message contains the text (any runtime error for `nil`).
    case runtime(String?)
    /// A stack overflow: a runtime error, or a memory error if the stack hits the cap first.
    case stackOverflow
  }

  enum LimitsKind: Sendable {
    case small  // 4 MiB, 200k instructions
    case memory  // 2 MiB, 2M instructions: memory runs out first
    case roomy  // 32 MiB, 5M instructions: for stack overflows
    case deadline  // no budget to speak of, a 50 ms deadline
  }

  let name: String
  let source: String
  let expected: Expected
  var limitsKind: LimitsKind = .small

  var testDescription: String { name }

  var limits: LuaVM.Limits {
    switch limitsKind {
    case .small: return .test
    case .memory:
      return LuaVM.Limits(memoryBytes: 2 << 20, instructionsPerCall: 2_000_000, hookStride: 100, deadline: nil)
    case .roomy:
      return LuaVM.Limits(memoryBytes: 32 << 20, instructionsPerCall: 5_000_000, hookStride: 1_000, deadline: nil)
    case .deadline:
      return LuaVM.Limits(memoryBytes: 8 << 20, instructionsPerCall: .max, hookStride: 100, deadline: .milliseconds(50))
    }
  }
}

extension Scripting {
  @Suite("LuaVM sandbox: every attack ends in a clear error, quickly, and the VM stays usable")
  struct LuaSandboxTests {
    static let attacks: [SandboxAttack] = [
      // Bytecode.
      .init(
        name: "binary chunk through load",
        source: "local f, e = load('\\27LuaT\\0\\25\\147\\r\\n\\26\\n\\4\\8\\8xV\\0\\0') assert(f, e)",
        expected: .runtime("attempt to load a binary chunk (mode is 't')")),
      .init(
        name: "binary chunk through load with mode \"b\"",
        source: "local f, e = load('\\27Lua', 'x', 'b') assert(f, e)",
        expected: .runtime("attempt to load a binary chunk (mode is 't')")),
      .init(
        name: "binary chunk through load with a reader and an env",
        source: "local n = 0 local f, e = load(function() n = n + 1 if n == 1 then return '\\27Lua' end end, 'x', 'bt', {}) assert(f, e)",
        expected: .runtime("attempt to load a binary chunk (mode is 't')")),
      .init(name: "string.dump is absent", source: "string.dump(function() end)", expected: .runtime("field 'dump'")),
      // Finalizers (they run with hooks off).
      .init(
        name: "__gc finalizer loop",
        source: "setmetatable({}, { __gc = function() while true do end end })",
        expected: .runtime("__gc metamethods are not allowed")),
      .init(
        name: "__gc set through a metatable with __gc = false",
        source: "setmetatable({}, { __gc = false })",
        expected: .runtime("__gc metamethods are not allowed")),
      .init(
        name: "collectgarbage(\"collect\")", source: "collectgarbage('collect')",
        expected: .runtime("only \"count\" is allowed")),
      .init(name: "collectgarbage()", source: "collectgarbage()", expected: .runtime("only \"count\" is allowed")),
      .init(name: "collectgarbage(\"stop\")", source: "collectgarbage('stop')", expected: .runtime("only \"count\" is allowed")),
      // Infinite loops and hook evasion.
      .init(name: "while true do end", source: "while true do end", expected: .budget),
      .init(
        name: "pcall swallowing the budget error",
        source: "while true do pcall(function() while true do end end) end", expected: .budget),
      .init(
        name: "xpcall with a looping handler",
        source: "while true do xpcall(function() while true do end end, function() while true do end end) end",
        expected: .budget),
      .init(
        name: "xpcall with a looping handler inside a coroutine",
        source: "coroutine.wrap(function() while true do xpcall(function() while true do end end, function() while true do end end) end end)()",
        expected: .budget),
      .init(
        name: "__close of a coroutine killed by the budget, reset by wrap",
        source: """
          coroutine.wrap(function()
            local x <close> = setmetatable({}, { __close = function() while true do end end })
            while true do end
          end)()
          """,
        expected: .budget),
      .init(
        name: "__close of a killed coroutine, closed in a pcall",
        source: """
          local co = coroutine.create(function()
            local x <close> = setmetatable({}, { __close = function() while true do end end })
            while true do end
          end)
          while true do pcall(coroutine.resume, co) pcall(coroutine.close, co) end
          """,
        expected: .budget),
      .init(
        name: "error loop inside pcall",
        source: "while true do pcall(error, 'x') end", expected: .budget),
      .init(
        name: "__close metamethod that loops",
        source: "do local x <close> = setmetatable({}, { __close = function() while true do end end }) end",
        expected: .budget),
      .init(
        name: "__index recursion through pcall",
        source:
          "local t = setmetatable({}, { __index = function(t, k) return pcall(function() return t[k] end) end }) while true do local _ = t.x end",
        expected: .budget),
      .init(
        name: "loop in coroutine.wrap", source: "coroutine.wrap(function() while true do end end)()", expected: .budget),
      .init(
        name: "pcall evasion in a coroutine",
        source: "coroutine.wrap(function() while true do pcall(function() while true do end end) end end)()",
        expected: .budget),
      .init(
        name: "coroutine.resume swallowing the budget error",
        source: "while true do coroutine.resume(coroutine.create(function() while true do end end)) end",
        expected: .budget),
      .init(
        name: "budget error caught by resume, then a quick return",
        source: "local co = coroutine.create(function() while true do end end) local ok = coroutine.resume(co) return ok",
        expected: .budget),
      .init(
        name: "nested coroutines each swallowing errors",
        source: """
          local function spin() while true do pcall(function() while true do end end) end end
          while true do
            coroutine.resume(coroutine.create(function()
              coroutine.resume(coroutine.create(spin)) spin()
            end))
          end
          """,
        expected: .budget),
      .init(name: "deadline (CPU time)", source: "while true do end", expected: .budget, limitsKind: .deadline),
    // Single instructions whose cost grows with the length of a string operand.
    .init(
      name: "string arithmetic coercion of a long numeric string (charged)",
      source: "local a = ('0'):rep(1e6 - 1) .. '1' local n = 0 while true do n = n + (a + 0) end", expected: .budget),
    .init(
      name: "== on long distinct strings (deadline)",
      source: "local a = ('x'):rep(1e6 - 1) .. 'y' local b = ('x'):rep(1e6 - 1) .. 'y' while true do local _ = a == b end",
      expected: .budget, limitsKind: .deadline),
    .init(
      name: "< on long strings (deadline)",
      source: "local a = ('x'):rep(1e6 - 1) .. 'y' local b = ('x'):rep(1e6 - 1) .. 'z' while true do local _ = a < b end",
      expected: .budget, limitsKind: .deadline),
    .init(
      name: "bitwise operation on a long numeric string (not coerced)",
      source: "local a = ('0'):rep(1e6 - 1) .. '1' while true do local _ = a | 0 end",
      expected: .runtime("attempt to perform bitwise operation on a string value")),
    .init(
      name: "number coercion in library calls on long strings (deadline)",
      source: "local a = ('x'):rep(1e6) while true do pcall(math.abs, a) end",
      expected: .budget, limitsKind: .deadline),
    .init(
      name: "a string longer than the limit",
      source: "local s = ('x'):rep(2e6)", expected: .memory),
      // Memory.
      .init(name: "string.rep('x', 1e9)", source: "local s = string.rep('x', 1e9)", expected: .memory),
      .init(name: "string.rep with a separator", source: "local s = string.rep('x', 1e8, ',')", expected: .memory),
      .init(
        name: "table growth",
        source: "local t = {} for i = 1, 1e9 do t[i] = i end", expected: .memory, limitsKind: .memory),
      .init(
        name: "many strings",
        source: "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(1000) .. i end", expected: .memory, limitsKind: .memory),
      .init(name: "doubling concatenation", source: "local s = 'x' while true do s = s .. s end", expected: .memory),
      .init(
        name: "memory error caught by pcall, then more allocation",
        source: "local t = {} while true do pcall(string.rep, 'x', 1e9) t[#t + 1] = ('y'):rep(4096) end",
        expected: .memory, limitsKind: .memory),
      .init(
        name: "a Swift callback returning a huge value", source: "local s = huge() return s .. '!'", expected: .memory),
      // Stack.
      .init(
        name: "deep recursion",
        source: "local function f(a, b, c, d, e, g, h, i) return 1 + f(a, b, c, d, e, g, h, i) end f()",
        expected: .stackOverflow, limitsKind: .roomy),
      .init(
        name: "__index recursion",
        source: "local t = setmetatable({}, {}) getmetatable(t).__index = function(t, k) return t[k] end return t.x",
        expected: .stackOverflow, limitsKind: .roomy),
      .init(
        name: "gsub callback recursion",
        source: "local function f() return (string.gsub('x', 'x', f)) end f()",
        expected: .stackOverflow, limitsKind: .roomy),
      .init(
        name: "coroutine nesting", source: "local function f() coroutine.wrap(f)() end f()",
        expected: .stackOverflow, limitsKind: .roomy),
      // C functions the hook cannot interrupt.
      .init(
        name: "pathological string.find",
        source: "string.find(('a'):rep(30), ('a*'):rep(30) .. 'b')", expected: .budget),
      .init(
        name: "pathological string.match",
        source: "string.match(('a'):rep(40), ('(a-)'):rep(20) .. 'b')", expected: .budget),
      .init(
        name: "pathological string.gmatch",
        source: "for m in string.gmatch(('a'):rep(30), ('a*'):rep(30) .. 'b') do end", expected: .budget),
      .init(
        name: "pathological string.gsub",
        source: "string.gsub(('a'):rep(30), ('a?'):rep(30) .. 'b', '')", expected: .budget),
      .init(
        name: "pathological pattern behind pcall",
        source: "while true do pcall(string.find, ('a'):rep(30), ('a*'):rep(30) .. 'b') end", expected: .budget),
      .init(
        name: "pathological pattern as a method",
        source: "local s = ('a'):rep(30) return s:find(('.-'):rep(30) .. 'b')", expected: .budget),
      .init(
        name: "quadratic plain find",
        source: "local s = ('a'):rep(1e6) string.find(s, ('a'):rep(5e5) .. 'b', 1, true)", expected: .budget),
      .init(
        name: "quadratic find without specials",
        source: "local s = ('a'):rep(1e6) string.find(s, ('a'):rep(5e5) .. 'b')", expected: .budget),
      .init(name: "table.move over a huge range", source: "table.move({}, 1, 1e15, 2)", expected: .budget),
      .init(
        name: "table.insert shifting with a lying __len",
        source: "table.insert(setmetatable({}, { __len = function() return 1e12 end }), 1, 'x')", expected: .budget),
      .init(
        name: "utf8.len on a long string in a loop",
        source: "local s = ('x'):rep(1e6) while true do utf8.len(s) end", expected: .budget),
      .init(
        name: "upper on a long string in a loop",
        source: "local s = ('x'):rep(1e6) while true do local _ = s:upper() end", expected: .budget),
      .init(
        name: "load parsing an endless comment",
        source: "local piece = ('-'):rep(4096) local f, e = load(function() return piece end) assert(f, e)",
        expected: .budget),
      .init(
        name: "load of a huge source", source: "load(('local a = 1 '):rep(8e4))", expected: .budget),
      // Escapes.
      .init(name: "io", source: "io.write('x')", expected: .runtime("global 'io'")),
      .init(name: "os", source: "os.exit(1)", expected: .runtime("global 'os'")),
      .init(name: "require", source: "require('os')", expected: .runtime("global 'require'")),
      .init(name: "package", source: "package.loadlib('libc.so.6', 'system')", expected: .runtime("global 'package'")),
      .init(name: "debug", source: "debug.sethook()", expected: .runtime("global 'debug'")),
      .init(name: "dofile", source: "dofile('/etc/passwd')", expected: .runtime("global 'dofile'")),
      .init(name: "loadfile", source: "loadfile('/etc/passwd')", expected: .runtime("global 'loadfile'")),
      .init(name: "warn", source: "warn('@on')", expected: .runtime("global 'warn'")),
      .init(
        name: "getmetatable(\"\").__index tampering",
        source: "getmetatable('').__index.upper = nil", expected: .runtime("attempt to index a boolean value")),
      .init(
        name: "setmetatable on the string metatable through a string",
        source: "setmetatable('', {})", expected: .runtime("bad argument #1 to 'setmetatable'")),
      .init(
        name: "replacing the environment's metatable",
        source: "setmetatable(_ENV, {})", expected: .runtime("cannot change a protected metatable")),
      .init(
        name: "load with an explicit nil env",
        source: "local f = assert(load('return print', 'x', 't', nil)) f()",
        expected: .runtime("attempt to index a nil value (upvalue '_ENV')")),
      .init(
        name: "load without env cannot write the shared base",
        source: "assert(load('print = nil; string = nil; string.upper = nil'))()",
        expected: .runtime("attempt to index a nil value (global 'string')")),
      // Error objects and handlers.
      .init(
        name: "error object whose __tostring raises",
        source: "error(setmetatable({}, { __tostring = function() error('nested') end }))",
        expected: .runtime("(error object is a table value)")),
      .init(
        name: "error object whose __tostring loops",
        source: "error(setmetatable({}, { __tostring = function() while true do end end }))",
        expected: .runtime("(error object is a table value)")),
      .init(
        name: "error in error handling through a bad xpcall handler",
        source: "local ok, e = xpcall(function() error('boom') end, function(m) error('again') end) assert(not ok) error(e)",
        expected: .runtime("error in error handling")),
      .init(
        name: "xpcall handler that recurses",
        source: "local function h(m) return xpcall(error, h) end local ok, e = xpcall(error, h) error(tostring(e), 0)",
        expected: .runtime(nil)),
    ]

    /// A 16 MiB string returned by a Swift function.
    static let hugeString = String(repeating: "x", count: 16 << 20)

    @Test("attack", arguments: attacks)
    func attack(_ attack: SandboxAttack) throws {
      let vm = try LuaVM(limits: attack.limits, coroutines: true)
      try vm.register("huge") { _ in [.string(Self.hugeString)] }
      let victim = try vm.load("data = { n = 1 } function ok(x) return x + data.n, string.upper('ok') end", name: "victim.lua")
      let attacker = try vm.load("function attack()\n\(attack.source)\nend", name: "attack.lua")
      vm.collectGarbage()
      let baseline = vm.memoryInUse

      // As a call, then as a chunk at load time.
      for asLoad in [false, true] {
        let start = ContinuousClock.now
        let error = try #require(throws: LuaError.self) {
          if asLoad {
            _ = try vm.load(attack.source, name: "attack.lua")
          } else {
            _ = try vm.call("attack", in: attacker)
          }
        }
        let elapsed = ContinuousClock.now - start
        // A guard against a hang, not a speed bar: the budget and memory cap end each attack (the
        // checks below), and how long that takes depends on the machine's load and on how Lua was
        // compiled (the BundledLua trait builds it unoptimised in debug builds).
        #expect(elapsed < .seconds(20), "took \(elapsed)")
        check(error, against: attack.expected, asLoad: asLoad)
        // The deadline counts CPU time, which passes no faster than the wall clock.
        if case .deadline = attack.limitsKind { #expect(elapsed >= .milliseconds(45)) }

        // The VM is usable and the host's state is unchanged.
        #expect(lua_gettop(vm.state) == LuaVM.stackBase)
        #expect(try vm.call("ok", in: victim, [41]) == [42, "OK"])
        #expect(try vm.global("data", in: victim) == ["n": 1])
        collectAll(vm)
        #expect(vm.memoryInUse < baseline + 64 << 10, "memory \(vm.memoryInUse) vs baseline \(baseline)")
      }
      let fresh = try vm.load("function f() return string.upper('fresh'), #string.rep('x', 3) end", name: "fresh.lua")
      #expect(try vm.call("f", in: fresh) == ["FRESH", 3])
    }

    /// Whether `message` starts with `chunk:line: `.
    func startsWithPosition(_ message: String) -> Bool {
      let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      return parts.count == 3 && !parts[0].isEmpty && !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber)
        && parts[2].hasPrefix(" ")
    }

    /// Collects until the heap stops shrinking (Lua frees unused call frames by halves per cycle).
    func collectAll(_ vm: LuaVM) {
      var previous = Int.max
      for _ in 0..<40 where vm.memoryInUse < previous {
        previous = vm.memoryInUse
        vm.collectGarbage()
      }
    }

    func check(_ error: LuaError, against expected: SandboxAttack.Expected, asLoad: Bool) {
      let comment: Comment = "\(asLoad ? "load" : "call"): \(error)"
      switch (expected, error) {
      case (.budget, .budgetExceeded(let message)):
        #expect(message.hasPrefix("attack.lua:"), comment)
      case (.memory, .memory(let message)):
        #expect(message.contains("not enough memory"), comment)
      case (.runtime(let text), .runtime(let message, _)):
        if let text {
          #expect(message.contains(text), comment)
          #expect(startsWithPosition(message), "the message starts with chunk:line: \(comment)")
        }
      case (.stackOverflow, .runtime(let message, _)):
        #expect(message.contains("stack overflow"), comment)
      case (.stackOverflow, .memory):
        break
      default:
        Issue.record("expected \(expected), got \(error)")
      }
    }

    // MARK: Isolation

    @Test("writes to globals and library tables stay in the script that made them")
    func isolation() throws {
      let vm = try LuaVM(limits: .test, coroutines: true)
      let a = try vm.load(
        """
        string.upper = nil
        string.x = 1
        rawset(string, "lower", nil)
        rawset(table, "concat", function() return "hijacked" end)
        math.pi = 3
        math.huge = nil
        utf8.char = print
        coroutine.wrap = nil
        print = nil
        tostring = function() return "hijacked" end
        _G.pairs = nil
        rawset(_G, "ipairs", nil)
        pcall(setmetatable, _ENV, {})
        function check()
          return string.upper, string.x, string.lower, table.concat({}), math.pi, ("a"):upper()
        end
        """, name: "a.lua")
      let aView = try vm.call("check", in: a)
      #expect(aView == [.null, 1, .null, "hijacked", 3, "A"])  // local to a.lua; the string metatable is untouched

      let b = try vm.load(
        """
        function check()
          return string.upper("b"), string.x, string.lower("B"), table.concat({ "x", "y" }), math.pi == 3,
            math.huge > 0, utf8.char(72), type(coroutine.wrap), type(print), tostring(1), type(pairs), type(ipairs)
        end
        """, name: "b.lua")
      #expect(try vm.call("check", in: b) == ["B", .null, "b", "xy", false, true, "H", "function", "function", "1", "function", "function"])

      vm.unload(a)
      let reloaded = try vm.load("function check() return string.upper('c'), string.x end", name: "a.lua")
      #expect(try vm.call("check", in: reloaded) == ["C", .null])
    }

    @Test("scripts see neither the real globals nor each other's")
    func separateGlobals() throws {
      let vm = try LuaVM(limits: .test)
      let a = try vm.load("secret = 42 function get() return secret, _G == _ENV end", name: "a.lua")
      let b = try vm.load(
        """
        function get()
          return secret, getmetatable(_ENV), getmetatable(""), _G == _ENV, rawget(_ENV, "print") == nil
        end
        """, name: "b.lua")
      #expect(try vm.call("get", in: a) == [42, true])
      #expect(try vm.call("get", in: b) == [.null, false, false, true, true])
    }

    @Test("the budget is re-armed for each call and the hook returns to its stride")
    func rearm() throws {
      let vm = try LuaVM(limits: .test, coroutines: true)
      let script = try vm.load(
        """
        co = coroutine.create(function() while true do coroutine.yield(1) end end)
        function spin() while true do end end
        function spinInside() coroutine.resume(coroutine.create(spin)) end
        function work(n) local s = 0 for i = 1, n do s = s + i end return s end
        function step() return select(2, coroutine.resume(co)) end
        """, name: "r.lua")
      for _ in 0..<3 {
        #expect(throws: LuaError.self) { try vm.call("spin", in: script) }
        #expect(throws: LuaError.self) { try vm.call("spinInside", in: script) }
        // A long but legitimate call right after: the full budget is available again.
        #expect(try vm.call("work", in: script, [20_000]) == [200_010_000])
        #expect(try vm.call("step", in: script) == [1])
      }
      #expect(lua_gettop(vm.state) == LuaVM.stackBase)
    }

    @Test("a coroutine killed by the budget is never reset later (its __close would run with hooks off)")
    func killedCoroutineStaysDead() throws {
      let vm = try LuaVM(limits: .test, coroutines: true)
      let script = try vm.load(
        """
        function start()
          co = coroutine.create(function()
            local x <close> = setmetatable({}, { __close = function() while true do end end })
            while true do end
          end)
          w = coroutine.wrap(function()
            local x <close> = setmetatable({}, { __close = function() while true do end end })
            while true do end
          end)
          coroutine.resume(co)
        end
        function startWrap() w() end
        function close() return coroutine.close(co) end
        function callWrap() return pcall(w) end
        """, name: "k.lua")
      // Each call ends (by the budget): a `__close` run with the hooks off would spin forever.
      #expect(throws: LuaError.self) { try vm.call("start", in: script) }
      #expect(throws: LuaError.self) { try vm.call("startWrap", in: script) }
      let closed = try vm.call("close", in: script)
      #expect(closed.first == false)
      let wrapped = try vm.call("callWrap", in: script)
      #expect(wrapped.first == false)
    }

    @Test("a pathological pattern with a short subject still works, and normal patterns are unaffected")
    func patternsStillWork() throws {
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(
        """
        function f()
          return string.find(('a'):rep(8), ('a*'):rep(8) .. 'b'), ("key = value"):match("^(%w+)%s*=%s*(%w+)$")
        end
        """, name: "p.lua")
      #expect(try vm.call("f", in: script) == [.null, "key", "value"])
    }
  }
}
