import CLuaSandbox
@testable import TabFlowLuaBinding
import Testing

extension Scripting {
  /// The sandbox replaces `string.find`, `match`, `gmatch` and `gsub` with a bounded
  /// reimplementation; these tests run the same cases through it and through stock Lua 5.4 and
  /// require identical results, errors included.
  @Suite("LuaVM: bounded pattern matching behaves like Lua's")
  struct LuaPatternTests {
    /// A case: the function, then its arguments as Lua expressions.
    typealias Case = (function: String, arguments: [String])

    static let handPicked: [Case] = {
      var cases: [Case] = []
      func add(_ function: String, _ arguments: String...) { cases.append((function, arguments)) }
      for function in ["find", "match", "gmatch"] {
        for (subject, pattern) in [
          ("'hello world'", "'o w'"), ("'hello world'", "'l+'"), ("'hello world'", "'(h)(e)(l+)'"),
          ("'key = value'", "'^(%w+)%s*=%s*(%w+)$'"), ("'  trim  '", "'^%s*(.-)%s*$'"), ("'abc'", "''"),
          ("''", "''"), ("''", "'a*'"), ("'aaa'", "'a-'"), ("'aaa'", "'a-$'"), ("'aaab'", "'a+b'"),
          ("'ab'", "'a?b'"), ("'b'", "'a?b'"), ("'THE (quick) fox'", "'%((%a+)%)'"), ("'f(a(b)c)d'", "'%b()'"),
          ("'[[x]]'", "'%b[]'"), ("'THE (quick) fox'", "'%f[%a]%a+'"), ("'hello'", "'()ll()'"),
          ("'x = 1, y = 2'", "'(%w+) = (%w+)'"), ("'abcabc'", "'(abc)%1'"), ("'a.b'", "'%.'"), ("'a.b'", "'.'"),
          ("'a]b'", "'[]]'"), ("'a^b'", "'[%^]'"), ("'a-b'", "'[a-]'"), ("'a-b'", "'[%a-]+'"), ("'0x1F'", "'%x+'"),
          ("'A1 b2'", "'[^%s]+'"), ("'tab\\tx'", "'%c'"), ("'éa'", "'[\\128-\\255]+'"), ("'a\\0b'", "'%z'"),
          ("'a\\0b'", "'\\0'"), ("'a$b'", "'$b'"), ("'a$'", "'a$'"), ("'^a'", "'^^a'"), ("'hello'", "'l*'"),
          ("'one two  three'", "'%S+'"), ("'CamelCaseName'", "'%u%l*'"), ("'a,b,,c'", "'([^,]*)'"),
          ("'x'", "'[a-'"), ("'x'", "'%'"), ("'x'", "'(x'"), ("'x'", "'x)'"), ("'x'", "'%1'"), ("'x'", "'%f'"),
          ("'x'", "'%fx'"), ("'x'", "'%b'"), ("'x'", "'(()'"), ("'x'", "'[%'"), ("'aaa'", "'(a)(a)(a)%3%2'"),
          ("'hello'", "'(l)(l)'"),
        ] {
          add(function, subject, pattern)
        }
      }
      add("find", "'a.b'", "'.'", "1", "true")
      add("find", "'hello'", "'l'", "-2")
      add("find", "'hello'", "'l'", "10")
      add("find", "'hello'", "'l'", "-10")
      add("find", "'hello'", "''", "6")
      add("find", "'hello'", "''", "7")
      add("match", "'hello'", "'.'", "0")
      add("gmatch", "'hello world'", "'%a+'", "3")
      add("gmatch", "'abc'", "''", "10")
      add("find", "nil", "'x'")
      add("find", "'x'", "{}")
      add("find", "123456", "23")
      add("match", "'x'", "string.rep('(', 40) .. 'x' .. string.rep(')', 40)")
      add("match", "string.rep('a', 300)", "string.rep('a?', 300)")
      for (pattern, replacement) in [
        ("'o'", "'0'"), ("'(%w+)'", "'<%1>'"), ("'(%w+)'", "'%0%0'"), ("'%w+'", "'%%'"), ("''", "'-'"),
        ("'(h)(e)'", "'%2%1'"), ("'()l'", "'%1'"), ("'l'", "'%2'"), ("'l'", "'%'"), ("'l'", "'%x'"),
        ("'%w+'", "FN"), ("'(%w)(%w)'", "FN"), ("'%w+'", "TBL"), ("'%w+'", "BADFN"), ("'%w+'", "{}"),
        ("'^h'", "'H'"), ("'^'", "'>'"), ("'$'", "'<'"), ("'l*'", "'-'"), ("'x*'", "'-'"), ("'.-'", "'-'"),
        ("'l'", "7"), ("'l'", "true"),
      ] {
        add("gsub", "'hello world'", pattern, replacement)
        add("gsub", "'hello world'", pattern, replacement, "1")
      }
      return cases
    }()

    /// Random patterns over a small alphabet against short subjects (fixed seed: deterministic).
    static let fuzzed: [Case] = {
      var seed: UInt64 = 0x5EED_CAFE
      func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
      }
      let items = [
        "a", "b", ".", "%a", "%d", "%s", "%w", "%p", "[ab]", "[^a]", "[a-c]", "[%d_]", "%.", "%%", "x", "1", " ",
        "(", ")", "()", "%1", "%b()", "%f[%w]", "%f[%s]", "$", "^", "]", "[",
      ]
      let repetitions = ["", "", "", "*", "+", "-", "?"]
      let letters = Array("ab ab1_.x(ba)%[]")
      var cases: [Case] = []
      for _ in 0..<2_000 {
        var pattern = next(4) == 0 ? "^" : ""
        for _ in 0..<(1 + next(5)) {
          pattern += items[next(items.count)] + repetitions[next(repetitions.count)]
        }
        var subject = ""
        for _ in 0..<next(12) { subject.append(letters[next(letters.count)]) }
        let function = ["find", "match", "gmatch", "gsub"][next(4)]
        var arguments = [luaLiteral(subject), luaLiteral(pattern)]
        if function == "gsub" { arguments.append(["'<%0>'", "FN", "TBL", "'%1'"][next(4)]) }
        if next(3) == 0, function != "gsub" { arguments.append(String(next(8) - 2)) }
        cases.append((function, arguments))
      }
      return cases
    }()

    static func luaLiteral(_ text: String) -> String {
      "\"" + text.utf8.map { "\\\($0)" }.joined() + "\""
    }

    /// A chunk that runs `cases` and returns one line per case.
    static func harness(_ cases: [Case]) -> String {
      let list = cases.map { c in "{ '\(c.function)', \(c.arguments.count), \(c.arguments.joined(separator: ", ")) }" }
      return """
        local FN = function(...) return table.concat({ ... }, '|'):upper() end
        local BADFN = function() return {} end
        local TBL = { hello = 'HI', world = false, h = 1, l = 'L' }
        local function ser(...)
          local t = {}
          for i = 1, select('#', ...) do
            local v = select(i, ...)
            t[i] = type(v) == 'string' and string.format('%q', v) or tostring(v)
          end
          return table.concat(t, ',')
        end
        local out = {}
        local cases = {
        \(list.joined(separator: ",\n"))
        }
        for i, c in ipairs(cases) do
          local f, n = c[1], c[2]
          if f == 'gmatch' then
            local ok, err = pcall(function()
              local acc = {}
              for a, b, x in string.gmatch(table.unpack(c, 3, n + 2)) do acc[#acc + 1] = ser(a, b, x) end
              out[i] = table.concat(acc, ';')
            end)
            if not ok then out[i] = 'error: ' .. tostring(err) end
          else
            out[i] = ser(pcall(string[f], table.unpack(c, 3, n + 2)))
          end
        end
        return table.concat(out, '\\n')
        """
    }

    /// Runs the harness in stock Lua (all standard libraries, stock string functions).
    static func runStock(_ source: String) throws -> [String] {
      let state = try #require(luaL_newstate())
      defer { lua_close(state) }
      luaL_openlibs(state)
      let status = luaL_loadbufferx(state, source, source.utf8.count, "=harness", "t")
      try #require(status == LUA_OK)
      try #require(clua_pcall(state, 0, 1, 0) == LUA_OK, "\(luaString(state, -1))")
      return luaString(state, -1).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Runs the harness in the sandbox.
    static func runSandbox(_ source: String) throws -> [String] {
      let vm = try LuaVM(limits: LuaVM.Limits(instructionsPerCall: 500_000_000))
      let script = try vm.load("function run()\n\(source)\nend", name: "harness")
      let result = try vm.call("run", in: script)
      guard case let .string(text)? = result.first else { throw LuaError.invalidValue("no result") }
      return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `harness:N:` → `harness@N+1:`.
    static func shiftingLineNumbers(_ line: String) -> String {
      var out = ""
      var rest = Substring(line)
      while let range = rest.range(of: "harness:") {
        out += rest[..<range.lowerBound]
        rest = rest[range.upperBound...]
        let digits = rest.prefix(while: \.isNumber)
        if let number = Int(digits), rest.dropFirst(digits.count).hasPrefix(":") {
          out += "harness@\(number + 1)"
          rest = rest.dropFirst(digits.count)
        } else {
          out += "harness:"
        }
      }
      return out + rest
    }

    func compare(_ cases: [Case]) throws {
      let source = Self.harness(cases)
      let stock = try Self.runStock(source)
      // The sandbox runs the harness as a function body: line numbers in messages shift by one.
      let sandbox = try Self.runSandbox(source).map { line in
        line.replacingOccurrences(of: "harness:", with: "harness@")
      }
      let expected = stock.map(Self.shiftingLineNumbers)
      try #require(sandbox.count == cases.count && expected.count == cases.count)
      var mismatches = 0
      for (index, testCase) in cases.enumerated() where sandbox[index] != expected[index] {
        mismatches += 1
        if mismatches <= 10 {
          Issue.record(
            "string.\(testCase.function)(\(testCase.arguments.joined(separator: ", "))): sandbox \(sandbox[index]) vs Lua \(expected[index])"
          )
        }
      }
      #expect(mismatches == 0)
    }

    @Test("hand-picked cases, errors included")
    func handPickedCases() throws {
      try compare(Self.handPicked)
    }

    @Test("2,000 random patterns")
    func fuzzedCases() throws {
      try compare(Self.fuzzed)
    }

    @Test("matching steps count against the budget")
    func budgetCharged() throws {
      let vm = try LuaVM(limits: LuaVM.Limits(instructionsPerCall: 100_000))
      let script = try vm.load(
        """
        function scan(n) local s = ('ab'):rep(n) local c = 0 for _ in s:gmatch('a') do c = c + 1 end return c end
        """, name: "budget.lua")
      #expect(try vm.call("scan", in: script, [1_000]) == [1_000])
      let error = try #require(throws: LuaError.self) { try vm.call("scan", in: script, [200_000]) }
      guard case .budgetExceeded = error else { Issue.record("got \(error)"); return }
    }
  }
}
