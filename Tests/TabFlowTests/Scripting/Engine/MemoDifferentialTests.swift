import TestSupport
import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// Memos keyed by what Lua tells apart: a flow that remembers guards', deep links' and rules'
/// answers (``CallMemo``) goes exactly where one that runs every call goes, over seeded walks
/// whose payloads, context values and URLs are look-alikes Swift's `==` would conflate — `1` and
/// `1.0`, `0` and `-0.0`, a composed and a decomposed `é` — and which the script's guards, rules
/// and handlers tell apart (`math.type`, `1 / v`, `#v`).
@MainActor
@Suite struct MemoDifferentialTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  /// Values Swift's `==` conflates in pairs.
  static let lookAlikes: [FlowValue] = [
    .int(1), .double(1.0), .int(0), .double(-0.0), .double(0.0), .string(composed), .string(decomposed),
    .int(2), .double(2.5),
  ]

  static let script = """
    tab "home" { root = "feed" }
    tab "other" { root = "desk" }
    screen "feed" { actions = { tap = { v = 0 }, "plain" } }
    screen "desk" { actions = { "plain" } }
    screen "item" { state = { v = 0, w = "" }, actions = { tap = { v = 0 }, "plain" } }
    screen "note" { state = { kind = "" }, actions = { "plain" } }

    -- What a value is, as only Lua can tell: integer or float, the sign of zero, its bytes.
    local function kind(v)
      if type(v) == "number" then
        if math.type(v) == "integer" then return "int" end
        if v == 0 and 1 / v < 0 then return "-0.0" end
        return "float"
      end
      return type(v) .. #v
    end

    on("feed.tap", function(nav, p)
      if type(p.v) == "string" then nav:push("item", { w = p.v }) else nav:push("item", { v = p.v }) end
    end)
    on("item.tap", function(nav, p) nav:push("note", { kind = kind(p.v) }) end)
    on("*.plain", function(nav)
      if nav.context.flag ~= nil then nav:push("note", { kind = "ctx " .. kind(nav.context.flag) }) else nav:pop() end
    end)
    deeplink("app://say/:s", function(nav, p) nav:push("note", { kind = "url " .. #p.s }) end)

    guard("no float", function(change)
      local stack = change.after.stack
      local top = stack[#stack]
      if top.screen == "item" and math.type(top.state.v) == "float" and top.state.v ~= 2.5 then
        return false, "floats refused"
      end
    end)
    guard("no decomposed", function(change)
      local stack = change.after.stack
      local top = stack[#stack]
      if top.screen == "item" and #top.state.w == 3 then return false, "decomposed refused" end
    end)
    guard("no negative zero context", function(change)
      local flag = change.context.flag
      if type(flag) == "number" and flag == 0 and 1 / flag < 0 and change.after.depth > 3 then
        return false, "negative zero"
      end
    end)
    -- Reads the state before the batch (rebuilt, then kept once read) and another tab's stack.
    guard("no third note", function(change)
      if change.before.top == "note" and change.after:tab(change.before.currentTab):contains("note")
          and change.before.depth >= 4 and change.after.depth > change.before.depth then
        return false, "a third note"
      end
    end)
    """

  /// What a flow shows: every tab's screens with their state, the selected tab, the failures.
  static func shown(_ flow: ScriptedFlow) -> String {
    let tabs = flow.state.tabs.map { tab in
      "\(tab.id): " + tab.stack.routes.map { "\($0.screen.name)\(FlowValue.object($0.screen.state))" }.joined(separator: " > ")
    }
    return tabs.joined(separator: " | ") + " @\(flow.state.selectedTab) failures: \(flow.failures.map(\.message))"
  }

  @Test(arguments: [1, 2, 3, 4])
  func aRememberingFlowGoesWhereOneRunningEveryCallGoes(seed: Int) throws {
    let running = try ScriptedFlow(Self.script)
    running.rules.remembersAnswers = false
    let remembering = try ScriptedFlow(Self.script)
    remembering.rules.remembersRuleAnswers = true
    var choices = SeededChoices(seed: UInt64(seed))
    var thirdNotes = 0
    for step in 0..<300 {
      let choice = choices.next(7)
      let value = choices.pick(Self.lookAlikes)
      let spelling = choices.next(2) == 0 ? Self.composed : Self.decomposed
      let tab: TabID = choices.next(2) == 0 ? "home" : "other"
      for flow in [running, remembering] {
        switch choice {
        case 0, 1: try? flow.send("tap", ["v": value])
        case 2: try? flow.send("plain")
        case 3: flow.store.send(.back)
        case 4: flow.store.send(.openURL("app://say/" + spelling))
        case 5: flow.store.send(.setContext("flag", value))
        default: flow.store.send(.tabTapped(tab))
        }
      }
      try #require(Self.shown(running) == Self.shown(remembering), "step \(step): choice \(choice), \(value)")
      thirdNotes += running.failures.last?.message.contains("a third note") == true ? 1 : 0
    }
    // The guard reading `change.before` refused some batches: its recalled answers were compared.
    #expect(thirdNotes > 0, "seed \(seed): the before-reading guard never refused")
  }

  /// Invariants that tell the look-alikes apart in the stack they read (and one that reads
  /// another tab's stack and the context): what they find with answers remembered — a
  /// remembered stack found by its key, never made (``StackViewKey``) — is what they find run
  /// every time, in every state of seeded walks long enough for the memo to hash its stacks.
  static let invariants = """
    invariant("no float item", function(s)
      for _, route in ipairs(s.stack) do
        if route.screen == "item" and math.type(route.state.v) == "float" then return false, "float " .. route.state.v end
      end
      return true
    end)
    invariant("no decomposed", function(s)
      for i, route in ipairs(s.stack) do
        if route.state.w ~= nil and #route.state.w == 3 and i > 2 then return false, "decomposed at " .. i end
      end
      return true
    end)
    invariant("few notes, or a flag", function(s)
      local notes = 0
      for _, route in ipairs(s:tab("other").stack) do if route.screen == "note" then notes = notes + 1 end end
      if notes > 1 and s.context.flag == nil then return false, notes .. " notes" end
      return #s.stack < 6 or s.currentTab ~= "home"
    end)
    """

  @Test(arguments: [1, 2, 3])
  func rememberedInvariantsFindWhatInvariantsRunEveryTimeFind(seed: Int) throws {
    let running = try ScriptedFlow(Self.script + "\n" + Self.invariants)
    running.rules.remembersAnswers = false
    let remembering = try ScriptedFlow(Self.script + "\n" + Self.invariants)
    var choices = SeededChoices(seed: UInt64(seed))
    var violated = 0
    for step in 0..<400 {
      let choice = choices.next(7)
      let value = choices.pick(Self.lookAlikes)
      let tab: TabID = choices.next(2) == 0 ? "home" : "other"
      let payload: FlowValue = choices.next(3) == 0 ? .string(Self.decomposed) : value
      let flag: FlowValue = choices.next(2) == 0 ? value : .null
      for flow in [running, remembering] {
        switch choice {
        case 0, 1, 2: try? flow.send("tap", ["v": payload])
        case 3: flow.store.send(.back)
        case 4: try? flow.send("plain")
        case 5: flow.store.send(.setContext("flag", flag))
        default: flow.store.send(.tabTapped(tab))
        }
      }
      let expected = running.rules.invariantViolations(in: running.state)
      let found = remembering.rules.invariantViolations(in: remembering.state)
      try #require(found == expected, "step \(step): \(Self.shown(running))")
      // Asked again in the same state: recalled, the same.
      #expect(remembering.rules.invariantViolations(in: remembering.state) == expected)
      violated += expected.isEmpty ? 0 : 1
    }
    #expect(violated > 0, "seed \(seed): no invariant was broken")
  }

  /// What invariants found depends on the selected routes alone when every one read only
  /// `nav.stack` of the selected tab — whether answered by running or from the memo — and not
  /// when one read anything else, or when answers are not remembered.
  @Test func invariantsReadingOnlyTheSelectedStackSaySo() throws {
    let stackOnly = """
      invariant("short", function(s) return #s.stack < 3, "deep" end)
      invariant("no note", function(s)
        for _, route in ipairs(s.stack) do if route.screen == "note" then return false end end
        return true
      end)
      """
    func selectedOnly(_ invariants: String, remembering: Bool = true) throws -> [Bool] {
      let flow = try ScriptedFlow(Self.script + "\n" + invariants)
      flow.rules.remembersAnswers = remembering
      try flow.send("tap", ["v": 1])
      // Asked twice: run, then recalled.
      return (0..<2).map { _ in
        var only = false
        _ = flow.rules.invariantViolations(in: flow.state, selectedStackOnly: &only)
        return only
      }
    }
    #expect(try selectedOnly(stackOnly) == [true, true])
    #expect(try selectedOnly(stackOnly, remembering: false) == [false, false])
    #expect(try selectedOnly(stackOnly + #"invariant("ctx", function(s) return s.context.flag == nil end)"#) == [false, false])
    #expect(try selectedOnly(stackOnly + #"invariant("tab", function(s) return #s:tab("other").stack < 9 end)"#) == [false, false])
    #expect(try selectedOnly(#"invariant("top", function(s) return s.top ~= "x" end)"#) == [false, false])
  }

  @Test func lookAlikeValuesAreDifferentKeys() {
    #expect(!FlowValue.int(1).isLuaIdentical(to: .double(1.0)))
    #expect(!FlowValue.double(0.0).isLuaIdentical(to: .double(-0.0)))
    #expect(!FlowValue.string(Self.composed).isLuaIdentical(to: .string(Self.decomposed)))
    #expect(!FlowValue.object([Self.composed: 1]).isLuaIdentical(to: .object([Self.decomposed: 1])))
    #expect(FlowValue.object(["a": [1, 2.5, "x"]]).isLuaIdentical(to: .object(["a": [1, 2.5, "x"]])))
    // Swift's own == still conflates them (JSON does not keep them apart): the memo must not use it.
    #expect(FlowValue.int(1) == .double(1.0))
    #expect(Self.composed == Self.decomposed)
    let keys: Set<LuaIdentity<FlowValue>> = Set(Self.lookAlikes.map(LuaIdentity.init))
    #expect(keys.count == Self.lookAlikes.count)
  }
}
