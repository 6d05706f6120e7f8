import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// Rules are pure: a rule, guard or deep-link handler computes its commands from the navigation
/// state, the context, the event and the payload, and nothing else. After a script has loaded,
/// its globals, the libraries and every table it holds are read-only; reading a global that was
/// never defined is an error; there is no randomness, no address and no hash order to depend on;
/// a `nav` is valid only during its call. Each broken promise is an error that names the name and
/// the rule, and discards the batch.
@MainActor
@Suite struct PureRulesTests {
  /// A flow with load-time globals, a local table and helper, and one rule per case under test.
  static let script = """
    tab "home" { root = "feed" }
    screen "feed" { actions = { "go", "count", "lib", "raw", "meta", "cache", "config", "typo", "random", "gc" } }
    screen "item" { state = { id = 0, label = "" } }
    limit = 3
    config = { tax = 2, names = { "a", "b" } }
    local cache = {}
    local function label(id) return "item " .. id end
    counter = 0
    on("feed.go", function(nav) nav:push("item", { id = limit * config.tax, label = label(limit) }) end)
    on("feed.count", function(nav) counter = counter + 1; nav:push("item", { id = counter }) end)
    on("feed.lib", function(nav) string.upper = function() return "HACKED" end end)
    on("feed.raw", function(nav) rawset(_G, "sneaky", 1) end)
    on("feed.meta", function(nav) setmetatable(_G, {}) end)
    on("feed.cache", function(nav) cache.seen = true end)
    on("feed.config", function(nav) config.tax = 0 end)
    on("feed.typo", function(nav) nav:push("item", { id = limt }) end)
    on("feed.random", function(nav) nav:push("item", { id = math.random(10) }) end)
    on("feed.gc", function(nav) collectgarbage("count") end)
    """

  static func flow() throws -> ScriptedFlow { try ScriptedFlow(script) }

  static func error(_ action: String, in flow: ScriptedFlow) throws -> ScriptError {
    try #require(throws: ScriptError.self) { try flow.batch(action) }
  }

  @Test func loadTimeGlobalsTablesAndLocalHelpersStayReadable() throws {
    let flow = try Self.flow()
    try flow.send("go")
    #expect(flow.path == "feed > item")
    #expect(flow.state.top.screen.state == ["id": 6, "label": "item 3"])
  }

  @Test func assigningAGlobalIsAnErrorNamingTheGlobalAndTheRule() throws {
    let flow = try Self.flow()
    let error = try Self.error("count", in: flow)
    #expect(error.rule == "feed.count")
    #expect(error.message == "shop.lua:10: attempt to assign global 'counter' inside rule 'feed.count' — keep state in screen state or context")
    // The batch is discarded and the global keeps its load-time value for every later call.
    try flow.send("count")
    try flow.send("count")
    #expect(flow.path == "feed")
    #expect(flow.failures.count == 2)
    #expect(flow.failures.allSatisfy { $0.message.contains("attempt to assign global 'counter'") })
  }

  @Test(arguments: [
    ("lib", "shop.lua:11: attempt to assign 'string.upper' inside rule 'feed.lib'"),
    ("raw", "shop.lua:12: attempt to assign global 'sneaky' inside rule 'feed.raw'"),
    ("meta", "shop.lua:13: attempt to change the metatable of '_G' inside rule 'feed.meta'"),
    ("cache", "shop.lua:14: attempt to assign 'cache.seen' inside rule 'feed.cache'"),
    ("config", "shop.lua:15: attempt to assign 'config.tax' inside rule 'feed.config'"),
  ])
  func everyRouteToChangeLoadTimeStateIsAnError(action: String, message: String) throws {
    let flow = try Self.flow()
    let error = try Self.error(action, in: flow)
    #expect(error.message.hasPrefix(message), "\(error.message)")
    // Nothing leaked: the next rule sees the load-time values.
    try flow.send("go")
    #expect(flow.state.top.screen.state == ["id": 6, "label": "item 3"])
  }

  @Test func assigningALocalTheScriptHeldSinceLoadingIsAnError() throws {
    let flow = try ScriptedFlow("""
      tab "home" { root = "feed" }
      screen "feed" { actions = { "bump", "peek" } }
      screen "item" { state = { id = 0 } }
      local count = 0
      local function bump() count = count + 1 end
      on("feed.bump", function(nav) bump(); nav:push("item", { id = count }) end)
      on("feed.peek", function(nav) nav:push("item", { id = count }) end)
      """)
    try flow.send("bump")
    try flow.send("bump")
    #expect(flow.failures.count == 2)
    #expect(flow.failures.first?.message == "shop.lua:6: feed.bump: attempt to assign local 'count' (held since the script loaded) inside rule 'feed.bump' — keep state in screen state or context")
    // The variable was put back: a later rule sees the value it had when the script loaded.
    try flow.send("peek")
    #expect(flow.state.top.screen.state == ["id": 0])
  }

  @Test func readingAnUndefinedGlobalIsAnErrorWithASuggestion() throws {
    let error = try Self.error("typo", in: try Self.flow())
    #expect(error.message == "shop.lua:16: undefined global 'limt' — did you mean 'limit'?")
    #expect(error.rule == "feed.typo")
  }

  @Test func randomnessBelongsToTheHost() throws {
    let error = try Self.error("random", in: try Self.flow())
    #expect(error.message.hasPrefix("shop.lua:17: math.random is not available to rules"))
    #expect(error.message.contains("context value"))
  }

  @Test func theCollectorsStateIsNotInput() throws {
    let error = try Self.error("gc", in: try Self.flow())
    #expect(error.message.hasPrefix("shop.lua:18: collectgarbage is not available to rules"))
  }

  @Test func theEngineInternalsAreNotReachable() throws {
    let flow = try ScriptedFlow(lab: """
      nav:emit("seen", { view = rawget(_G, "__tabflow_view") == nil, dsl = rawget(_G, "tabflow_make_dsl") == nil })
      """)
    try flow.send("go")
    #expect(flow.events.map(\.payload) == [["view": true, "dsl": true]])
    let read = try ScriptedFlow(lab: "local v = __tabflow_view")
    let error = try #require(throws: ScriptError.self) { try read.batch("go") }
    #expect(error.message.hasPrefix("lab.lua:10: undefined global '__tabflow_view'"))
  }

  // MARK: - nav is valid only during its call

  @Test func keepingANavForLaterIsAnError() throws {
    let flow = try ScriptedFlow("""
      tab "home" { root = "feed" }
      screen "feed" { actions = { "keep", "use" } }
      screen "item" {}
      local saved
      on("feed.keep", function(nav) saved = nav end)
      on("feed.use", function(nav) if saved then saved:push("item") end end)
      """)
    let error = try #require(throws: ScriptError.self) { try flow.batch("keep") }
    #expect(error.message.hasPrefix("shop.lua:5: attempt to assign local 'saved' (held since the script loaded)"))
    // Nothing was kept.
    try flow.send("use")
    #expect(flow.path == "feed")
  }

  @Test func aTableIsNotANav() throws {
    let flow = try ScriptedFlow(lab: #"nav.push({}, "item")"#)
    let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
    #expect(error.message.hasPrefix("lab.lua:10: expected a nav"))
    let hidden = try ScriptedFlow(lab: #"nav:emit("fields", { n = rawget(nav, "_queue") == nil, mt = getmetatable(nav) })"#)
    try hidden.send("go")
    #expect(hidden.events.map(\.payload) == [["n": true, "mt": false]])
  }

  @Test func declaringInsideARuleIsAnError() throws {
    for declaration in [#"on("feed.x", function() end)"#, #"screen "late" {}"#, #"tab "late" { root = "feed" }"#,
                        #"guard(function() end)"#, #"deeplink("x://y", function() end)"#, #"app "Late""#] {
      let flow = try ScriptedFlow(lab: declaration)
      let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
      #expect(error.message.contains("must be declared while the script loads, not inside rule '*.go'"), "\(error.message)")
      #expect(error.message.hasPrefix("lab.lua:10:"), "\(error.message)")
    }
  }

  // MARK: - Determinism

  @Test func pairsAndNextIterateInAStableOrder() throws {
    let flow = try ScriptedFlow(lab: """
      local t = { zeta = 1, alpha = 2, [10] = 3, "one", "two", [true] = 4, mid = 5, [2.5] = 6 }
      local keys = {}
      for k in pairs(t) do keys[#keys + 1] = tostring(k) end
      local first = next(t)
      local after = next(t, "alpha")
      nav:emit("order", { keys = table.concat(keys, ","), first = first, after = after })
      """)
    try flow.send("go")
    #expect(flow.events.map(\.payload) == [["keys": "1,2,true,2.5,10,alpha,mid,zeta", "first": 1, "after": "mid"]])
  }

  @Test func pairsRefusesKeysWithoutAStableOrder() throws {
    let flow = try ScriptedFlow(lab: "for k in pairs({ [{}] = 1 }) do end")
    let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
    #expect(error.message == "lab.lua:10: cannot iterate in a stable order over a table with table keys (use an array, or string keys)")
  }

  @Test func noAddressReachesARule() throws {
    let flow = try ScriptedFlow(lab: """
      nav:emit("text", { t = tostring({}), f = tostring(print), s = string.format("%s|%5s", {}, nav),
                         m = tostring(setmetatable({}, { __tostring = function() return "mine" end })) })
      """)
    try flow.send("go")
    #expect(flow.events.map(\.payload) == [["t": "table", "f": "function", "s": "table|table", "m": "mine"]])
    for body in [#"local s = string.format("%p", {})"#, #"local s = ("%-8p"):format({})"#] {
      let error = try #require(throws: ScriptError.self) { try ScriptedFlow(lab: body).batch("go") }
      #expect(error.message == "lab.lua:10: string.format: '%p' is not available to rules (addresses are not deterministic)")
    }
  }

  @Test func frozenTablesStillReadLikeTables() throws {
    let flow = try ScriptedFlow("""
      tab "home" { root = "feed" }
      screen "feed" { actions = { "go" } }
      local list = { "a", "b", "c" }
      local map = { x = 1, y = 2 }
      on("feed.go", function(nav)
        local seen = {}
        for i, v in ipairs(list) do seen[#seen + 1] = i .. v end
        for k, v in pairs(map) do seen[#seen + 1] = k .. v end
        nav:emit("read", { seen = table.concat(seen, " "), n = #list, raw = rawlen(list), x = rawget(map, "x"),
                           joined = table.concat(list, "+"), first = next(list), payload = map })
      end)
      """)
    try flow.send("go")
    #expect(flow.events.map(\.payload) == [[
      "seen": "1a 2b 3c x1 y2", "n": 3, "raw": 3, "x": 1, "joined": "a+b+c", "first": 1, "payload": ["x": 1, "y": 2],
    ]])
  }

  @Test func aTableDefinedAtLoadCanBeAPayload() throws {
    let flow = try ScriptedFlow("""
      tab "home" { root = "feed" }
      screen "feed" { actions = { "go", "bad" } }
      screen "item" { state = { id = 0, qty = 1 } }
      local preset = { id = 5, qty = 2 }
      local wrong = { id = "five" }
      on("feed.go", function(nav) nav:push("item", preset) end)
      on("feed.bad", function(nav) nav:push("item", wrong) end)
      """)
    try flow.send("go")
    #expect(flow.state.top.screen == DynamicScreen("item", state: ["id": 5, "qty": 2]))
    let error = try #require(throws: ScriptError.self) { try flow.batch("bad", from: "feed") }
    #expect(error.message == "shop.lua:7: field 'id' of screen 'item' expects a number, got string")
  }

  @Test func theSameScenarioGivesTheSameResultInEveryVM() throws {
    let body = """
      local t = {}
      for i = 1, 50 do t["key" .. i] = i end
      local order = {}
      for k in pairs(t) do order[#order + 1] = k end
      nav:emit("order", { first = order[1], last = order[#order], text = tostring(t) })
      """
    var seen: Set<FlowValue> = []
    for _ in 0..<5 {
      let flow = try ScriptedFlow(lab: body)
      try flow.send("go")
      seen.insert(try #require(flow.events.first?.payload))
    }
    #expect(seen == [["first": "key1", "last": "key9", "text": "table"]])
  }

  // MARK: - Errors are located where they happen

  @Test func theRealLocationWinsOverATextThatLooksLikeOne() throws {
    let flow = try ScriptedFlow(lab: #"error("item:3: not in stock", 0)"#)
    let error = try #require(throws: ScriptError.self) { try flow.batch("go") }
    #expect(error.message == "lab.lua:10: item:3: not in stock")
    let bare = try ScriptedFlow(lab: #"error("plain", 0)"#)
    #expect(try #require(throws: ScriptError.self) { try bare.batch("go") }.message == "lab.lua:10: plain")
  }

  @Test func anInvalidCommandFromARuleNamesTheRuleAndItsPlace() throws {
    let flow = try ScriptedFlow(lab: "nav:pop()")
    try flow.send("go")
    let failure = try #require(flow.failures.first)
    #expect(failure.location == "lab.lua:9")
    #expect(failure.description.hasPrefix("lab.lua:9: rule feed.go: command 1 (pop) failed: cannot pop"))
  }

  @Test(arguments: [
    (#"screen "x" { actions = { go = { f = print } } }"#,
     "shop.lua:3: screen 'x': the sample payload of 'go': value.f is a function; declarations take plain data"),
    (#"local s = {}; s.me = s; screen "x" { state = s }"#, "shop.lua:3: screen 'x': state: value.me contains itself (a cycle)"),
    (#"screen "x" { title = print }"#, "shop.lua:3: screen 'x': title must be a string, got function"),
    (#"tab "t2" { root = "feed", title = {} }"#, "shop.lua:3: tab 't2': title must be a string, got table"),
  ])
  func aDeclarationErrorNamesItsLine(declaration: String, message: String) throws {
    let source = """
      tab "home" { root = "feed" }
      screen "feed" {}
      \(declaration)
      """
    let error = try #require(throws: ScriptError.self) { try DynamicRules(source: source, name: "shop.lua") }
    #expect(error.message.hasPrefix(message), "\(error.message)")
  }

  @Test func aScriptMayDeclareAtMostSixtyFourTabs() throws {
    let tabs = (1...65).map { "tab \"t\($0)\" { root = \"feed\" }" }.joined(separator: "\n")
    let error = try #require(throws: ScriptError.self) {
      try DynamicRules(source: "screen \"feed\" {}\n" + tabs, name: "shop.lua")
    }
    #expect(error.message.hasPrefix("shop.lua:66: too many tabs: a script may declare at most 64"))
  }
}
