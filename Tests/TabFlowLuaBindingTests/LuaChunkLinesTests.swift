import CLuaSandbox
@testable import TabFlowLuaBinding
import TestSupport
import LuaTestSupport
import Testing

extension Scripting {
  /// The lines of every function a chunk defines, read from its binary form, against the oracle
  /// Lua itself gives: the active lines the line hook records for functions that run. Over
  /// generated scripts whose every function (nested ones included) runs, the two agree exactly;
  /// damaged binary chunks are refused, never trusted.
  @Suite("Lua chunk lines")
  struct LuaChunkLinesTests {
    /// A function body built from the constructs line information follows: branches, loops,
    /// nested closures (called, so they run), varargs, constants of every type, statements
    /// spread over lines or packed on one, blank lines and comments.
    static func body(_ choices: inout SeededChoices, depth: Int) -> [String] {
      var lines: [String] = []
      for _ in 0..<(1 + choices.next(4)) {
        switch choices.next(depth < 2 ? 9 : 7) {
        case 0: lines += ["local a = \(choices.next(100))", "if a > 50 then", "  a = a - 1", "else", "  a = a + 1", "end"]
        case 1: lines += ["for i = 1, 2 do", "  local b = i * 2.5", "end"]
        case 2: lines += ["local s = \"short\" .. 'x'; local t = { 1, 2.0, true, false, nil }"]
        case 3: lines += ["local long = [[", "a long string", "over lines]]", "local n = #long"]
        case 4: lines += [""]
        case 5: lines += ["-- a comment", "local c = 0x7fffffffffffffff // 3"]
        case 6: lines += ["local u = {", "  k = 'v',", "  [1] = 2,", "}"]
        case 7: lines += ["local inner = function(...)"] + body(&choices, depth: depth + 1) + ["  return select('#', ...)", "end", "inner(1, 2)"]
        default: lines += ["local function nested(x)"] + body(&choices, depth: depth + 1) + ["  return x", "end", "nested(3)"]
        }
      }
      return lines.map { "  " + $0 }
    }

    /// A script of global functions `f1…fN`, some of them vararg.
    static func script(seed: UInt64) -> (text: String, functions: [String]) {
      var choices = SeededChoices(seed: seed)
      var text = "-- generated, seed \(seed)\nlocal top = 1\n"
      var names: [String] = []
      for index in 1...(2 + choices.next(5)) {
        let name = "f\(index)"
        names.append(name)
        let header = choices.next(3) == 0 ? "function \(name)(...)" : "function \(name)(p)"
        text += ([header] + body(&choices, depth: 0) + ["  return 1", "end", ""]).joined(separator: "\n") + "\n"
      }
      return (text, names)
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func theLinesOfEveryFunctionAreTheLinesLuaRecordsWhenEachRuns(seed: UInt64) throws {
      let (text, functions) = Self.script(seed: seed)
      let vm = try LuaVM(limits: .test)
      let script = try vm.load(text, name: "gen.lua")
      let fromChunk = try #require(vm.functionLines(ofChunk: text), "\(text)")
      vm.startLineCoverage(chunk: "gen.lua", lineCount: text.split(separator: "\n", omittingEmptySubsequences: false).count)
      for function in functions { _ = try vm.call(function, in: script, [1]) }
      #expect(fromChunk == vm.lineCoverage().executable, "\(text)")
    }

    @Test func aFunctionThatNeverRanCountsItsLinesAndTheTopLevelDoesNot() throws {
      let text = """
        local x = 1
        function ran() return 1 end
        function never()
          local y = 2
          return y
        end
        """
      let vm = try LuaVM(limits: .test)
      #expect(vm.functionLines(ofChunk: text) == [2, 4, 5, 6])
      #expect(vm.functionLines(ofChunk: "function (") == nil)
    }

    /// Every prefix of a real binary chunk, and the chunk with any one byte changed, is read
    /// without crashing: refused, or read as some set of lines.
    @Test func damagedChunksAreRefusedNotTrusted() throws {
      let vm = try LuaVM(limits: .test)
      var size = 0
      var text = Self.script(seed: 7).text
      let dump = try #require(text.withUTF8 { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { clua_compiled_dump(vm.state, $0.baseAddress, $0.count, &size) }
      })
      let bytes = Array(UnsafeBufferPointer(start: dump, count: size))
      clua_free_dump(dump)
      #expect(throws: Never.self) { try LuaChunkLines(dump: bytes) }
      for length in 0..<bytes.count {
        #expect(throws: LuaChunkLines.Malformed.self) { try LuaChunkLines(dump: Array(bytes.prefix(length))) }
      }
      var choices = SeededChoices(seed: 11)
      for _ in 0..<2_000 {
        var damaged = bytes
        damaged[choices.next(damaged.count)] = UInt8(choices.next(256))
        _ = try? LuaChunkLines(dump: damaged)
      }
    }
  }
}
