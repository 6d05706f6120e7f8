import CustomDump
import TestSupport
import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// The purity oracle: generated scripts whose one rule tries to keep state between actions —
/// every route an attack found, alone and combined, plain or wrapped in `pcall`, assigning
/// several variables and failing half-way (an error, the budget, the memory cap) — and whose
/// answer to the same tap from the same state must be the same three times in one VM and once in
/// a fresh VM (whose hash seed and allocation history differ). A route that is closed makes the
/// rule fail with the same refusal every time; one that is open makes the answers differ. After
/// every tap an innocent rule, `peek`, reads what the routes keep and must answer as it did before
/// any tap (never failing for what the tap did). Routes that only read load-time data — the
/// metatable idioms among them — must work.
@MainActor
@Suite struct PurityOracleTests {
  /// One way to try to keep (or to read) state: code run at load, and a rule fragment that adds
  /// to the local `id` the rule pushes. `N` is replaced by the fragment's number.
  struct Route {
    let name: String
    let load: String
    let rule: String
    /// What `peek` adds to its id: reads of what the route keeps (nothing for most).
    var peek = ""
    /// Whether the route only reads: a script made of such routes must answer, never fail.
    var pure = false
  }

  static let routes: [Route] = [
    Route(name: "global", load: "g_N = 0", rule: "g_N = g_N + 1; id = id + g_N"),
    Route(name: "upvalue", load: "local u_N = 0", rule: "u_N = u_N + 1; id = id + u_N", peek: "id = id + u_N"),
    // Variables assigned by a call that then fails: every one must be put back.
    Route(
      name: "upvalue then error", load: "local e_N = 0",
      rule: #"if e_N ~= 0 then id = id + 1000 end; e_N = e_N + 1; error("fail_N")"#, peek: "id = id + e_N"),
    Route(
      name: "several upvalues", load: "local p_N, q_N, r_N = 0, 0, 0",
      rule: "p_N = p_N + 1; q_N = q_N + 2; r_N = r_N + 3; id = id + p_N + q_N + r_N", peek: "id = id + p_N + q_N + r_N"),
    Route(
      name: "several upvalues then error", load: "local s_N, w_N = 0, 0",
      rule: #"s_N = s_N + 1; w_N = w_N + 1; error("fail_N")"#, peek: "id = id + s_N + w_N"),
    Route(
      name: "upvalues then the budget", load: "local b_N, c_N = 0, 0",
      rule: "b_N = b_N + 1; c_N = c_N + 1; while true do end", peek: "id = id + b_N + c_N"),
    Route(
      name: "upvalues then the memory cap", load: "local m_N, n_N = 0, 0",
      rule: #"m_N = m_N + 1; n_N = n_N + 1; local big = {}; for i = 1, 64 do big[i] = string.rep("x", 1 << 19) .. i end"#,
      peek: "id = id + m_N + n_N"),
    // Metatables set up at load keep their metamethods (read-only).
    Route(
      name: "class", load: "local C_N = {}; C_N.__index = C_N; function C_N:v() return self.n end",
      rule: "id = id + setmetatable({ n = 2 }, C_N):v()", pure: true),
    Route(
      name: "load-time instance", load: "local I_N = { __index = { v = 3 } }; local i_N = setmetatable({}, I_N)",
      rule: "id = id + i_N.v", pure: true),
    Route(
      name: "callable", load: "local K_N = setmetatable({}, { __call = function(_, x) return x + 1 end })",
      rule: "id = id + K_N(1)", pure: true),
    Route(
      name: "arithmetic", load: "local A_N = { __add = function(a, b) return a.n + b.n end }",
      rule: "id = id + (setmetatable({ n = 1 }, A_N) + setmetatable({ n = 2 }, A_N))", pure: true),
    Route(
      name: "comparison", load: "local Q_N = { __lt = function(a, b) return a.n < b.n end, __eq = function() return true end }",
      rule: "if setmetatable({ n = 1 }, Q_N) < setmetatable({ n = 2 }, Q_N) and setmetatable({}, Q_N) == setmetatable({}, Q_N) then id = id + 1 end",
      pure: true),
    Route(
      name: "__tostring, __len, __concat",
      load: #"local T_N = { __tostring = function() return "abc" end, __len = function() return 4 end, __concat = function() return "xy" end }"#,
      rule: "local o = setmetatable({}, T_N); id = id + #tostring(o) + #o + #(o .. o)", pure: true),
    Route(
      name: "__close", load: "local Z_N = { __close = function() end }",
      rule: "do local z <close> = setmetatable({}, Z_N) end; id = id + 1", pure: true),
    Route(name: "table field", load: "local t_N = { n = 0 }", rule: "t_N.n = t_N.n + 1; id = id + t_N.n"),
    Route(name: "nested table", load: "cfg_N = { deep = { n = 0 } }", rule: "cfg_N.deep.n = cfg_N.deep.n + 1; id = id + cfg_N.deep.n"),
    Route(name: "library field", load: "", rule: "string.k_N = (string.k_N or 0) + 1; id = id + string.k_N"),
    Route(name: "rawset _G", load: "", rule: #"rawset(_G, "r_N", (rawget(_G, "r_N") or 0) + 1); id = id + rawget(_G, "r_N")"#),
    Route(
      name: "replace _ENV", load: "",
      rule: #"_ENV = setmetatable({ e_N = (rawget(_ENV, "e_N") or 0) + 1 }, { __index = _ENV }); id = id + e_N"#),
    Route(name: "rawset nav", load: "", rule: #"rawset(nav, "v_N", (rawget(nav, "v_N") or 0) + 1); id = id + (rawget(nav, "v_N") or 0)"#),
    Route(
      name: "__index function",
      load: #"ix_N = setmetatable({}, { __index = function(t, k) local v = (rawget(t, "n") or 0) + 1; rawset(t, "n", v); return v end })"#,
      rule: "id = id + ix_N.next"),
    Route(
      name: "closure", load: "local function make_N() local c = 0; return function() c = c + 1; return c end end; local gen_N = make_N()",
      rule: "id = id + gen_N()"),
    Route(
      name: "loaded chunk", load: #"local box_N = { n = 0 }; local bump_N = load("n = n + 1; return n", "b", "t", box_N)"#,
      rule: "id = id + bump_N()"),
    Route(name: "metatable", load: "mt_N = {}; obj_N = setmetatable({}, mt_N)", rule: "mt_N.n = (mt_N.n or 0) + 1; id = id + mt_N.n"),
    Route(name: "table.insert", load: "list_N = {}", rule: "table.insert(list_N, 1); id = id + #list_N"),
    Route(name: "setmetatable on a frozen table", load: "plain_N = {}", rule: "setmetatable(plain_N, { __index = { n = 1 } }); id = id + plain_N.n"),
    Route(
      name: "weak table", load: "",
      rule: #"local w = setmetatable({}, { __mode = "k" }); w[{}] = 1; for _ = 1, 200 do local _ = {} end; for _ in pairs(w) do id = id + 1 end"#),
    Route(name: "late __mode", load: "", rule: #"local mt = {}; local w = setmetatable({}, mt); mt.__mode = "v"; w[1] = {}; id = id + #w"#),
    // Pure routes: reading load-time data in ways whose answer could depend on the VM.
    Route(name: "length with holes", load: "holes_N = { 1, 2, nil, 4, a = 1, b = 2 }", rule: "id = id + #holes_N", pure: true),
    Route(name: "iteration order", load: "ord_N = { b = 2, a = 1, c = 3, [10] = 4, [1] = 5 }", rule: "for _, v in pairs(ord_N) do id = id * 7 + v end", pure: true),
    Route(name: "tostring", load: "", rule: "id = id + #tostring({}) + #tostring(print)", pure: true),
    Route(name: "frozen read", load: "conf_N = { tax = 3, names = { \"a\", \"b\" } }", rule: "id = id + conf_N.tax + #conf_N.names", pure: true),
  ]

  /// A script whose `feed.tap` runs `count` fragments from `choices`, each maybe inside `pcall`,
  /// maybe under a script-level `local _ENV` table, and whose `feed.peek` reads what they keep;
  /// whether every fragment only reads.
  static func script(_ choices: inout SeededChoices) -> (source: String, routes: [String], pure: Bool) {
    var load: [String] = []
    var rule: [String] = []
    var peek: [String] = []
    var names: [String] = []
    var pure = true
    if choices.next(6) == 0 {
      load.append("local _ENV = setmetatable({}, { __index = _ENV })")
      names.append("local _ENV")
    }
    for number in 1...(1 + choices.next(3)) {
      let route = choices.pick(routes)
      let n = String(number)
      pure = pure && route.pure
      load.append(route.load.replacingOccurrences(of: "_N", with: "_" + n))
      if !route.peek.isEmpty { peek.append(route.peek.replacingOccurrences(of: "_N", with: "_" + n)) }
      let fragment = route.rule.replacingOccurrences(of: "_N", with: "_" + n)
      if choices.next(3) == 0 {
        rule.append("pcall(function() \(fragment) end)")
        names.append(route.name + " in pcall")
      } else {
        rule.append(fragment)
        names.append(route.name)
      }
    }
    let source = load.joined(separator: "\n") + """

      tab "home" { root = "feed" }
      screen "feed" { actions = { "tap", "peek" } }
      screen "item" { state = { id = 0 } }
      on("feed.tap", function(nav)
        local id = 0
        \(rule.joined(separator: "\n  "))
        nav:push("item", { id = id })
      end)
      on("feed.peek", function(nav)
        local id = 0
        \(peek.joined(separator: "\n  "))
        nav:push("item", { id = id })
      end)
      """
    return (source, names, pure)
  }

  /// Small enough that a loop or a hoard stops quickly.
  static let limits = LuaVM.Limits(memoryBytes: 4 << 20, instructionsPerCall: 300_000, deadline: nil)

  /// The answer to an action: its commands with their payloads, or its error's message.
  static func answer(_ flow: ScriptedFlow, _ action: String) -> String {
    do {
      return String(customDumping: try flow.batch(action)?.commands ?? [])
    } catch let error as ScriptError {
      return "error: \(error.message)"
    } catch {
      return "error: \(error)"
    }
  }

  /// What a load answers, or a peek, then three times a tap and a peek: the same in every VM.
  static func answers(_ source: String) -> [String] {
    do {
      let flow = try ScriptedFlow(source, limits: limits)
      var answers = [answer(flow, "peek")]
      for _ in 0..<3 {
        answers.append(answer(flow, "tap"))
        answers.append(answer(flow, "peek"))
      }
      return answers
    } catch let error as ScriptError {
      return ["load error: \(error.message)"]
    } catch {
      return ["load error: \(error)"]
    }
  }

  @Test func theSameTapFromTheSameStateAnswersTheSameInOneVMAndInAFreshOne() {
    var choices = SeededChoices(seed: 0x5EED_0027)
    var pure = 0
    var refused = 0
    for _ in 0..<3_000 {
      let (source, routes, readsOnly) = Self.script(&choices)
      let first = Self.answers(source)
      let fresh = Self.answers(source)
      // Every tap answers the same; every peek answers as before the first tap.
      let taps = stride(from: 1, to: first.count, by: 2).map { first[$0] }
      let peeks = stride(from: 0, to: first.count, by: 2).map { first[$0] }
      let same = Set(taps).count <= 1 && Set(peeks).count == 1 && first == fresh
      #expect(same, "\(routes): \(first) then, in a fresh VM, \(fresh)\n\(source)")
      guard same else { return }
      if first[0].hasPrefix("load error") {
        refused += 1
        let reasons = ["attempt to", "not allowed", "read-only", "is not supported"]
        #expect(reasons.contains { first[0].contains($0) }, "\(routes): \(first[0])\n\(source)")
        continue
      }
      #expect(!peeks[0].hasPrefix("error"), "\(routes): peek \(peeks[0])\n\(source)")
      if taps[0].hasPrefix("error") {
        refused += 1
        #expect(!readsOnly, "\(routes): \(taps[0])\n\(source)")
        // A refusal says what the rule tried, not something unrelated.
        let reasons = ["attempt to", "not allowed", "read-only", "is not supported", "also assigned"]
        #expect(reasons.contains { taps[0].contains($0) }, "\(routes): \(taps[0])\n\(source)")
      } else {
        pure += 1
      }
    }
    // Both kinds occur: the oracle is not vacuous.
    #expect(pure > 100 && refused > 100, "pure \(pure), refused \(refused)")
  }
}
