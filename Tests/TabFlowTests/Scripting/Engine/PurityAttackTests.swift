import CustomDump
import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// Every way an outside attack found for a rule to keep state between actions, each closed: the
/// same tap from the same state answers the same every time, or fails with an error that names
/// what the rule tried (and the batch is discarded). See ``PurityOracleTests`` for the same
/// routes combined by a generator.
@MainActor
@Suite struct PurityAttackTests {
  static let header = """
    tab "home" { root = "feed" }
    tab "other" { root = "feed" }
    screen "feed" { actions = { "tap", "later" } }
    screen "item" { state = { id = 0 } }

    """

  /// The answer to `feed.tap` from the initial state: its commands, or its error's message.
  static func answer(_ flow: ScriptedFlow, _ action: String = "tap") -> String {
    do {
      return String(customDumping: try flow.batch(action)?.commands ?? [])
    } catch let error as ScriptError {
      return "error: \(error.message)"
    } catch {
      return "error: \(error)"
    }
  }

  /// Taps three times from the same state; every answer must be the first one, which must be
  /// an error containing `refusal`.
  static func expectRefused(_ body: String, _ refusal: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let flow = try ScriptedFlow(header + body)
    let answers = (0..<3).map { _ in answer(flow) }
    #expect(Set(answers).count == 1, "answers changed: \(answers)", sourceLocation: sourceLocation)
    #expect(answers[0].contains(refusal), "\(answers[0])", sourceLocation: sourceLocation)
  }

  @Test func assigningEnvInsideARuleIsRefusedAndUndone() throws {
    try Self.expectRefused(
      """
      on("feed.tap", function(nav)
        _ENV = setmetatable({ n = (rawget(_ENV, "n") or 0) + 1 }, { __index = _ENV })
        nav:push("item", { id = n })
      end)
      """, "attempt to replace _ENV (held since the script loaded) inside rule 'feed.tap'")
  }

  @Test func aScriptLevelEnvTableIsFrozenLikeTheGlobals() throws {
    let flow = try ScriptedFlow(
      """
      local _ENV = setmetatable({ n = 0 }, { __index = _ENV })
      """ + "\n" + Self.header + """
      on("feed.tap", function(nav) n = n + 1; nav:push("item", { id = n }) end)
      """)
    let answers = (0..<3).map { _ in Self.answer(flow) }
    #expect(Set(answers).count == 1)
    #expect(answers[0].contains("attempt to assign global 'n' inside rule 'feed.tap'"), "\(answers[0])")
  }

  @Test func aChunkCannotTakeTheNameOfTabFlowsOwnCode() throws {
    let error = try #require(throws: ScriptError.self) {
      try ScriptedFlow(
        Self.header + """
          local bump = load("local n = 0; return function() n = n + 1; return n end", "=tabflow.dsl")()
          on("feed.tap", function(nav) nav:push("item", { id = bump() }) end)
          """)
    }
    #expect(error.message.contains("load: the chunk name '=tabflow.dsl' is reserved"), "\(error.message)")
  }

  @Test func aLoadedChunksEnvironmentIsFrozenToo() throws {
    try Self.expectRefused(
      """
      local box = { n = 0 }
      local bump = load("n = n + 1; return n", "bump", "t", box)
      on("feed.tap", function(nav) nav:push("item", { id = bump() }) end)
      """, "attempt to assign global 'n' inside rule 'feed.tap'")
  }

  @Test func aNavIsReadOnlyEvenToRawset() throws {
    try Self.expectRefused(
      """
      on("feed.tap", function(nav)
        local n = (rawget(nav, "n") or 0) + 1
        rawset(nav, "n", n)
        nav:push("item", { id = n })
      end)
      """, "attempt to assign a field of a nav inside rule 'feed.tap' — a nav is read-only")
  }

  @Test func aFrozenTablesIndexFunctionGetsTheReadOnlyTable() throws {
    try Self.expectRefused(
      """
      counter = setmetatable({}, { __index = function(t, k)
        local v = (rawget(t, "n") or 0) + 1
        rawset(t, "n", v)
        return v
      end })
      on("feed.tap", function(nav) nav:push("item", { id = counter.next }) end)
      """, "attempt to assign 'counter.n' inside rule 'feed.tap'")
  }

  @Test(arguments: [
    #"local w = setmetatable({}, { __mode = "k" })"#,
    #"local mt = {}; local w = setmetatable({}, mt); mt.__mode = "k""#,
    #"local mt = {}; local w = setmetatable({}, mt); rawset(mt, "__mode", "k")"#,
    #"local mt = {}; local w = setmetatable({}, mt); mt.__gc = function() end"#,
  ])
  func weakTablesAndFinalizersAreRefusedInRulesAndAtLoad(code: String) throws {
    try Self.expectRefused(
      """
      on("feed.tap", function(nav) \(code); nav:push("item", { id = 1 }) end)
      """, "not allowed")
    #expect(throws: ScriptError.self) { try ScriptedFlow(Self.header + code) }
  }

  @Test func aMemoryErrorCannotBeCaughtByPcall() throws {
    let flow = try ScriptedFlow(
      Self.header + """
        on("feed.tap", function(nav)
          local ok = pcall(function() local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end end)
          local ok2 = xpcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end, function(m) return m end)
          nav:push("item", { id = ok and 1 or 2 })
        end)
        """, limits: LuaVM.Limits(memoryBytes: 8 << 20, deadline: nil))
    let answer = Self.answer(flow)
    #expect(answer.contains("not enough memory"), "\(answer)")
    #expect(answer.contains("memory limit"), "\(answer)")
  }

  /// Frozen tables are rebuilt when the script is sealed; their `#`, and the names errors give
  /// them, must not depend on the hash seed, which differs in every VM.
  @Test func lengthsAndErrorTextsAreTheSameInEveryVM() throws {
    let body = """
      holes = { 1, 2, nil, 4, a = 1, b = 2, c = 3, d = 4, e = 5, f = 6 }
      shared = { x = 1 }
      alpha, beta, gamma, delta = shared, shared, shared, shared
      on("feed.tap", function(nav) nav:push("item", { id = #holes }) end)
      on("feed.later", function(nav) delta.x = 2 end)
      """
    var lengths = Set<String>()
    var errors = Set<String>()
    for _ in 0..<12 {
      let flow = try ScriptedFlow(Self.header + body)
      lengths.insert(Self.answer(flow))
      errors.insert(Self.answer(flow, "later"))
    }
    #expect(lengths.count == 1, "\(lengths)")
    #expect(lengths.first?.contains("id\": 2") == true || lengths.first?.contains("\"id\": .int(2)") == true, "\(lengths)")
    #expect(errors == ["error: shop.lua:9: attempt to assign 'alpha.x' inside rule 'feed.later' — tables defined at load time are read-only (keep state in screen state or context)"], "\(errors)")
  }
}

/// A rule's every line is bounded: the host's work for it — here the did-you-mean search for a
/// mistyped screen name, against many declared screens — is charged to its instruction budget.
@MainActor
@Suite struct HostWorkBudgetTests {
  @Test func suggestionsForMistypedNamesAreChargedToTheBudget() throws {
    let screens = (0..<300).map { "screen \"screen_\($0)_with_a_longish_name\" {}" }.joined(separator: "\n")
    let flow = try ScriptedFlow(
      """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "tap" } }
      \(screens)
      on("feed.tap", function(nav)
        for i = 1, 1000 do pcall(nav.push, nav, string.rep("q", 50) .. i) end
        nav:push("feed")
      end)
      """, limits: LuaVM.Limits(deadline: nil))
    let error = try #require(throws: ScriptError.self) { try flow.batch("tap") }
    #expect(error.message.contains("instruction budget of 10000000 exceeded"), "\(error.message)")
  }
}
