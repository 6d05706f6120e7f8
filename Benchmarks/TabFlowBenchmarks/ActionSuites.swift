import Foundation
import TabFlow

// The per-action groups: the scripted action against the same rule in Swift and against a bare
// Lua call, then how the cost grows with stack depth, number of rules and number of tabs.

@MainActor
func benchScriptedAction(_ report: Report) {
  let group = "Scripted action end to end (Store → TabCoordinator → Lua rule → batch applied)"
  let lua = luaLoop("lua")
  let luaUnwired = luaLoop("lua-unwired", wiredGuards: false)
  let swift = swiftDynamicLoop("swift")
  let typed = swiftTypedLoop("typed")

  // The rules alone, without the store: what a rule costs from action to commands.
  let rules = loadRules(Scripts.rules(), name: "bench.lua")
  let state: DynamicState
  do { state = try rules.initialState() } catch { fail("initial state: \(error)") }
  guard let listRoute = state.routeContext(for: state.tabs[0].stack.ids[0]) else { fail("no root route") }
  let open = DynamicAction("open", payload: ["id": 3])
  let closureRules = swiftDynamicRules()
  let luaCommands = (try? rules.batch(for: open, on: listRoute, in: state))?.commands
  let swiftCommands = (try? closureRules.batch(for: open, on: listRoute, in: state))?.commands
  guard let luaCommands, let swiftCommands, luaCommands.count == 1, swiftCommands.count == 1,
    case let .push(luaScreen) = luaCommands[0], case let .push(swiftScreen) = swiftCommands[0], luaScreen == swiftScreen
  else { fail("the Lua and Swift rules do not produce the same batch: \(String(describing: luaCommands)) vs \(String(describing: swiftCommands))") }

  // The floor: a bare call through the fast path with the arguments a rule call gets.
  let vm: LuaVM
  let bare: LuaRef
  let bareTable: LuaRef
  do {
    vm = try LuaVM()
    let script = try vm.load(
      """
      function rule(index, screen, action, tab, payload) return index end
      function rule_table(index, screen, action, tab, payload)
        return { { op = "push", screen = "detail", state = { id = payload.id } } }
      end
      """, name: "floor.lua")
    bare = try vm.reference(to: "rule", in: script)
    bareTable = try vm.reference(to: "rule_table", in: script)
  } catch {
    fail("floor VM: \(error)")
  }
  let payload: FlowValue = ["id": 3]
  func callBare(_ function: LuaRef, read: (LuaStack, Int32) throws -> Int) -> Int {
    do {
      return try vm.call(function, resultCount: 1) { stack in
        try stack.push(1)
        try stack.push("list")
        try stack.push("open")
        try stack.push("t1")
        try stack.push(payload)
      } results: { stack, first in
        try read(stack, first)
      }
    } catch {
      fail("bare call: \(error)")
    }
  }
  guard callBare(bare, read: { stack, first in stack.integer(at: first) ?? -1 }) == 1 else { fail("bare call result") }

  let names = (
    lua: "Lua rule via Store (wired as documented: scriptGuard, deepLinks)",
    unwired: "Lua rule via Store (no scriptGuard/deepLinks wired)",
    swift: "Swift rule via Store (same DynamicScreen/DynamicAction)",
    typed: "Swift rule via Store (typed enum screens/actions)",
    luaBatch: "ScriptedRules.batch alone (Lua rule → commands)",
    swiftBatch: "ClosureRules.batch alone (Swift rule → commands)",
    bare: "bare LuaVM.call, rule's 5 arguments, int result (floor)",
    bareTable: "bare LuaVM.call returning a command table as FlowValue"
  )
  let timings = report.measure(group: group, unit: "/action", variants: [
    lua.variant(names.lua),
    luaUnwired.variant(names.unwired),
    swift.variant(names.swift),
    typed.variant(names.typed),
    Variant(names.luaBatch) { n in
      var checksum = 0
      for _ in 0..<n {
        do { checksum &+= try rules.batch(for: open, on: listRoute, in: state)?.commands.count ?? -1 } catch { fail("\(error)") }
      }
      return checksum
    },
    Variant(names.swiftBatch) { n in
      var checksum = 0
      for _ in 0..<n {
        do { checksum &+= try closureRules.batch(for: open, on: listRoute, in: state)?.commands.count ?? -1 } catch { fail("\(error)") }
      }
      return checksum
    },
    Variant(names.bare) { n in
      var checksum = 0
      for _ in 0..<n { checksum &+= callBare(bare) { stack, first in stack.integer(at: first) ?? -1 } }
      return checksum
    },
    Variant(names.bareTable) { n in
      var checksum = 0
      for _ in 0..<n {
        checksum &+= callBare(bareTable) { stack, first in
          guard case let .array(commands) = try stack.value(at: first) else { return -1 }
          return commands.count
        }
      }
      return checksum
    },
  ])
  report.bound("scripted action end to end, median (ns)", timings[names.lua], target: 1_000)
  report.ratio("scripted action ÷ same rule in Swift (same screen types)", timings[names.lua], timings[names.swift], target: 2)
  report.ratio("scripted action ÷ same rule in Swift (typed screens)", timings[names.lua], timings[names.typed], target: nil)
  report.ratio("scripted action, no scriptGuard wired ÷ Swift (same types)", timings[names.unwired], timings[names.swift], target: nil)
  report.ratio("scripted action ÷ bare Lua call (floor)", timings[names.lua], timings[names.bare], target: nil)
  report.ratio("ScriptedRules.batch ÷ bare Lua call returning a table", timings[names.luaBatch], timings[names.bareTable], target: nil)
}

@MainActor
func benchDepth(_ report: Report) {
  let depths = [10, 100, 1_000]
  var variants = depths.map { depth in luaLoop("lua depth \(depth)", depth: depth).variant("Lua rule, stack depth \(depth)") }
  variants += [10, 1_000].map { depth in
    swiftDynamicLoop("swift depth \(depth)", depth: depth).variant("Swift rule (same types), stack depth \(depth)")
  }
  let timings = report.measure(group: "Cost per action vs stack depth (open + close on the top route)", unit: "/action", variants: variants)
  report.ratio("Lua: depth 1,000 ÷ depth 10", timings["Lua rule, stack depth 1000"], timings["Lua rule, stack depth 10"], target: 1.25)
  report.ratio("Lua: depth 100 ÷ depth 10", timings["Lua rule, stack depth 100"], timings["Lua rule, stack depth 10"], target: 1.25)
  report.ratio(
    "Swift: depth 1,000 ÷ depth 10", timings["Swift rule (same types), stack depth 1000"],
    timings["Swift rule (same types), stack depth 10"], target: 1.25)
}

@MainActor
func benchRules(_ report: Report) {
  let counts = [10, 100, 1_000]
  let variants = counts.map { count in luaLoop("lua rules \(count)", totalRules: count).variant("Lua rule, script of \(count) rules") }
  let timings = report.measure(group: "Cost per action vs number of rules", unit: "/action", variants: variants)
  report.ratio("Lua: 1,000 rules ÷ 10 rules", timings["Lua rule, script of 1000 rules"], timings["Lua rule, script of 10 rules"], target: 1.25)
  report.ratio("Lua: 100 rules ÷ 10 rules", timings["Lua rule, script of 100 rules"], timings["Lua rule, script of 10 rules"], target: 1.25)
}

@MainActor
func benchTabs(_ report: Report) {
  var variants = [3, 10, 20].map { tabs in luaLoop("lua tabs \(tabs)", tabs: tabs).variant("Lua rule, \(tabs) tabs (action in the last tab)") }
  variants += [3, 20].map { tabs in
    swiftDynamicLoop("swift tabs \(tabs)", tabs: tabs).variant("Swift rule (same types), \(tabs) tabs (last tab)")
  }
  let timings = report.measure(group: "Cost per action vs number of tabs", unit: "/action", variants: variants)
  report.ratio(
    "Lua: 20 tabs ÷ 3 tabs", timings["Lua rule, 20 tabs (action in the last tab)"],
    timings["Lua rule, 3 tabs (action in the last tab)"], target: 1.25)
  report.ratio(
    "Lua: 10 tabs ÷ 3 tabs", timings["Lua rule, 10 tabs (action in the last tab)"],
    timings["Lua rule, 3 tabs (action in the last tab)"], target: 1.25)
  report.ratio(
    "Swift: 20 tabs ÷ 3 tabs", timings["Swift rule (same types), 20 tabs (last tab)"],
    timings["Swift rule (same types), 3 tabs (last tab)"], target: 1.25)
}

@MainActor
func benchReload(_ report: Report) {
  let big = Scripts.rules(tabs: 3, totalRules: 1_000)
  let small = Scripts.rules(tabs: 3, totalRules: 10)
  let rules = loadRules(small, name: "bench.lua")
  let state: DynamicState
  do { state = try rules.initialState() } catch { fail("\(error)") }
  let store = makeStore(rules, state, guards: [rules.scriptGuard], deepLinks: rules.deepLinks)
  do {
    _ = try rules.reload(source: big, keeping: store.state)
    guard rules.declarations.rules.count == 1_000 else { fail("reload: \(rules.declarations.rules.count) rules") }
  } catch {
    fail("the 1,000-rule script does not reload: \(error)")
  }
  report.figure("Reload input", "generated 1,000-rule script", Double(big.utf8.count), "bytes", note: "\(big.split(separator: "\n").count) lines")
  let names = (
    big: "reload a generated 1,000-rule script (ScriptedRules.reload)",
    small: "reload a generated 10-rule script",
    load: "first load of the 1,000-rule script (ScriptedRules.init)"
  )
  let timings = report.measure(
    group: "Reload", unit: "/reload",
    variants: [
      Variant(names.big) { n in
        for _ in 0..<n {
          do { _ = try rules.reload(source: big, keeping: store.state) } catch { fail("\(error)") }
        }
        return rules.declarations.rules.count
      },
      Variant(names.small) { n in
        for _ in 0..<n {
          do { _ = try rules.reload(source: small, keeping: store.state) } catch { fail("\(error)") }
        }
        return rules.declarations.rules.count
      },
      Variant(names.load) { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= loadRules(big, name: "bench.lua").declarations.rules.count }
        return checksum
      },
    ],
    repetitions: report.config.slowRepetitions, sampleTarget: 1e6)
  report.bound("reload of a 1,000-rule script, median (ns)", timings[names.big], target: 20_000_000)
}
