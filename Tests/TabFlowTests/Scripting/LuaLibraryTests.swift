import LuaTestSupport
import Testing

@testable import TabFlow
@testable import TabFlowLua

extension Scripting {
  /// The sandbox's libraries are Lua 5.4's as the reference manual lists them, on any build of
  /// Lua: a system Lua built with `LUA_COMPAT_5_3` (Debian's) registers the 5.3 math functions
  /// too (`math.pow`, `math.atan2`, …), which a Lua compiled without it (an app's) does not have.
  @Suite("Lua libraries: exactly Lua 5.4's")
  struct LuaLibraryTests {
    /// Lua 5.4's reference manual, §6.2, §6.4, §6.5, §6.6 and §6.7 (the sandbox has no
    /// `string.dump`: no bytecode).
    static let expected: [String: [String]] = [
      "coroutine": ["close", "create", "isyieldable", "resume", "running", "status", "wrap", "yield"],
      "math": [
        "abs", "acos", "asin", "atan", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log", "max",
        "maxinteger", "min", "mininteger", "modf", "pi", "rad", "random", "randomseed", "sin", "sqrt", "tan",
        "tointeger", "type", "ult",
      ],
      "string": [
        "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize", "rep",
        "reverse", "sub", "unpack", "upper",
      ],
      "table": ["concat", "insert", "move", "pack", "remove", "sort", "unpack"],
      "utf8": ["char", "charpattern", "codepoint", "codes", "len", "offset"],
    ]

    @Test(arguments: ["coroutine", "math", "string", "table", "utf8"])
    func aLibraryHasExactlyItsLua54Functions(library: String) throws {
      let vm = try LuaVM(limits: .test, coroutines: true)
      let script = try vm.load(
        """
        function names(library)
          local keys = {}
          for k in pairs(_ENV[library]) do keys[#keys + 1] = k end
          table.sort(keys)
          return table.concat(keys, " ")
        end
        """, name: "names.lua")
      let names = try vm.call("names", in: script, [.string(library)])
      #expect(names == [.string(Self.expected[library, default: []].joined(separator: " "))])
    }

    /// `math.atan2` was `math.atan` itself, and an error names a function by the first name the
    /// hash order of the loaded libraries meets — which changes from VM to VM.
    @Test func anErrorNamesALibraryFunctionTheSameInEveryVM() throws {
      var messages: Set<String> = []
      for _ in 0..<24 {
        let vm = try LuaVM(limits: .test)
        let script = try vm.load(#"function f() return select(2, pcall(math.atan, "x")) end"#, name: "f.lua")
        let message = try vm.call("f", in: script)
        if case let .string(text)? = message.first { messages.insert(text) }
      }
      #expect(messages == ["bad argument #1 to 'math.atan' (number expected, got string)"])
    }

    @MainActor @Test func aRuleUsingA53MathFunctionFailsAsOnAnyLua54() throws {
      let flow = try ScriptedFlow(lab: #"nav:emit("x", { n = math.pow(2, 3) })"#)
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.message == "lab.lua:10: attempt to call a nil value (field 'pow')")
    }
  }
}
