import CustomDump
import Testing

@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime

/// The purity oracle: generated scripts whose one rule tries to keep state between actions —
/// every route an attack found, alone and combined, plain or wrapped in `pcall` — and whose
/// answer to the same tap from the same state must be the same three times in one VM and once in
/// a fresh VM (whose hash seed and allocation history differ). A route that is closed makes the
/// rule fail with the same refusal every time; one that is open makes the answers differ.
@MainActor
@Suite struct PurityOracleTests {
  /// One way to try to keep (or to read) state: code run at load, and a rule fragment that adds
  /// to the local `id` the rule pushes. `N` is replaced by the fragment's number.
  struct Route {
    let name: String
    let load: String
    let rule: String
  }

  static let routes: [Route] = [
    Route(name: "global", load: "g_N = 0", rule: "g_N = g_N + 1; id = id + g_N"),
    Route(name: "upvalue", load: "local u_N = 0", rule: "u_N = u_N + 1; id = id + u_N"),
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
    Route(name: "length with holes", load: "holes_N = { 1, 2, nil, 4, a = 1, b = 2 }", rule: "id = id + #holes_N"),
    Route(name: "iteration order", load: "ord_N = { b = 2, a = 1, c = 3, [10] = 4, [1] = 5 }", rule: "for _, v in pairs(ord_N) do id = id * 7 + v end"),
    Route(name: "tostring", load: "", rule: "id = id + #tostring({}) + #tostring(print)"),
    Route(name: "frozen read", load: "conf_N = { tax = 3, names = { \"a\", \"b\" } }", rule: "id = id + conf_N.tax + #conf_N.names"),
  ]

  /// A script whose `feed.tap` runs `count` fragments from `choices`, each maybe inside `pcall`,
  /// maybe under a script-level `local _ENV` table.
  static func script(_ choices: inout SeededChoices) -> (source: String, routes: [String]) {
    var load: [String] = []
    var rule: [String] = []
    var names: [String] = []
    if choices.next(6) == 0 {
      load.append("local _ENV = setmetatable({}, { __index = _ENV })")
      names.append("local _ENV")
    }
    for number in 1...(1 + choices.next(3)) {
      let route = choices.pick(routes)
      let n = String(number)
      load.append(route.load.replacingOccurrences(of: "_N", with: "_" + n))
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
      screen "feed" { actions = { "tap" } }
      screen "item" { state = { id = 0 } }
      on("feed.tap", function(nav)
        local id = 0
        \(rule.joined(separator: "\n  "))
        nav:push("item", { id = id })
      end)
      """
    return (source, names)
  }

  /// The answer to a tap: its commands with their payloads, or its error's message.
  static func answer(_ flow: ScriptedFlow) -> String {
    do {
      return String(customDumping: try flow.batch("tap")?.commands ?? [])
    } catch let error as ScriptError {
      return "error: \(error.message)"
    } catch {
      return "error: \(error)"
    }
  }

  /// What a load or a tap answers: the same in every VM.
  static func answers(_ source: String) -> [String] {
    do {
      let flow = try ScriptedFlow(source, limits: LuaVM.Limits(deadline: nil))
      return (0..<3).map { _ in answer(flow) }
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
      let (source, routes) = Self.script(&choices)
      let first = Self.answers(source)
      let fresh = Self.answers(source)
      let same = Set(first).count == 1 && first == fresh
      #expect(same, "\(routes): \(first) then, in a fresh VM, \(fresh)\n\(source)")
      guard same else { return }
      if first[0].hasPrefix("error") || first[0].hasPrefix("load error") {
        refused += 1
        // A refusal says what the rule tried, not something unrelated.
        let reasons = ["attempt to", "not allowed", "read-only", "is not supported"]
        #expect(reasons.contains { first[0].contains($0) }, "\(routes): \(first[0])\n\(source)")
      } else {
        pure += 1
      }
    }
    // Both kinds occur: the oracle is not vacuous.
    #expect(pure > 100 && refused > 100, "pure \(pure), refused \(refused)")
  }
}
