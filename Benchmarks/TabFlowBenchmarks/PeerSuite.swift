import Foundation
import TabFlow

// The peer workload, so TabFlow can be compared with TCA's own stack navigation: 3 tabs, each a
// stack of a trivial child screen (an increment action on a count); actions in a repeating cycle
// of six — push, push, the child's action on the top route, pop, pop, switch to the next tab —
// all through the Store, with the push/pop rules in Swift and in Lua; beside a plain-struct loop
// doing the same mutations (the floor).

/// The child screen of a Swift app.
struct Child: Codable, Equatable, Sendable {
  var count = 0
}

enum ChildAction: ScriptableAction, Equatable, Sendable {
  case increment, push, pop
  var scriptName: String {
    switch self {
    case .increment: "increment"
    case .push: "push"
    case .pop: "pop"
    }
  }
  var scriptPayload: FlowValue { .emptyObject }
}

struct ChildFeature: Reducer {
  func reduce(into state: inout Child, action: ChildAction) -> Effect<ChildAction> {
    if action == .increment { state.count += 1 }
    return .none
  }
}

/// The same child as a script-only screen: `child {count=n}`.
struct DynamicChildFeature: Reducer {
  func reduce(into state: inout DynamicScreen, action: DynamicAction) -> Effect<DynamicAction> {
    if action.name == "increment", case let .int(count)? = state.state["count"] {
      state.state["count"] = .int(count + 1)
    }
    return .none
  }
}

@MainActor
func makePeerStore<Rules: NavigationRules, Feature: Reducer>(
  _ rules: Rules, _ state: TabCoordinatorState<Rules.Screen>, guards: [NavigationGuard<Rules.Screen>] = [],
  deepLinks: DeepLinks<Rules.Screen> = DeepLinks(), feature: Feature
) -> Store<TabCoordinatorState<Rules.Screen>, TabCoordinatorAction<Rules.Screen, Rules.ScreenAction>>
where Feature.State == Rules.Screen, Feature.Action == Rules.ScreenAction {
  Store(initialState: state) {
    TabCoordinator(rules: rules, guards: guards, deepLinks: deepLinks)
      .forEachRoute(\.self, action: .router()) { feature }
  }
}

/// The floor: the same mutations on plain arrays of structs.
struct PlainTabs {
  var stacks: [[Child]]
  var selected = 0

  init(tabs: Int) { stacks = Array(repeating: [Child()], count: tabs) }

  mutating func run(_ n: Int) {
    for step in 0..<n {
      switch step % 6 {
      case 0, 1: stacks[selected].append(Child())
      case 2: stacks[selected][stacks[selected].count - 1].count += 1
      case 3, 4: stacks[selected].removeLast()
      default: selected = (selected + 1) % stacks.count
      }
    }
  }
}

/// Runs the cycle through a store; `count` reads the top child's count (for the checks).
@MainActor
struct PeerLoop<Screen, ScreenAction> {
  typealias S = Store<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>>
  let store: S
  let push: ScreenAction
  let pop: ScreenAction
  let increment: ScreenAction
  let count: (Screen) -> Int?

  func run(_ n: Int) -> Int {
    let tabs = store.state.tabIDs
    var selected = 0
    var checksum = 0
    for step in 0..<n {
      let ids = store.state.tabs[selected].stack.ids
      let top = ids[ids.count - 1]
      switch step % 6 {
      case 0, 1: store.send(.router(.routeAction(id: top, action: push)))
      case 2: store.send(.router(.routeAction(id: top, action: increment)))
      case 3, 4: store.send(.router(.routeAction(id: top, action: pop)))
      default:
        selected = (selected + 1) % tabs.count
        store.send(.tabTapped(tabs[selected]))
      }
      checksum &+= ids.count
    }
    return checksum
  }

  /// Checks the store against the plain model after `n` actions: depths, selection, top counts.
  func check(_ label: String, after n: Int) {
    var model = PlainTabs(tabs: store.state.tabs.count)
    model.run(n)
    let state = store.state
    let depths = state.tabs.map(\.stack.count)
    let counts = state.tabs.map { count($0.stack.top.screen) ?? -1 }
    guard depths == model.stacks.map(\.count), state.selectedTab == state.tabs[model.selected].id,
      counts == model.stacks.map({ $0[$0.count - 1].count })
    else {
      fail("\(label): after \(n) actions the store has depths \(depths), counts \(counts), tab \(state.selectedTab); "
        + "the plain model has \(model.stacks.map(\.count)), \(model.stacks.map { $0[$0.count - 1].count }), tab \(model.selected)")
    }
  }
}

@MainActor
func benchPeer(_ report: Report) {
  let group = "Peer workload: 3 tabs, cycle push, push, child action, pop, pop, next tab — through the Store"
  let n = report.config.peerActions
  let runs = report.config.peerRuns

  // Each variant makes a fresh store (not timed) and returns the timed run.
  struct PeerVariant {
    let name: String
    /// Makes the variant's state; returns the timed run and the check done after it.
    let prepare: @MainActor () -> (run: @MainActor (Int) -> Int, check: @MainActor (Int) -> Void)
  }
  func storeVariant<Screen, ScreenAction>(_ name: String, _ make: @escaping @MainActor () -> PeerLoop<Screen, ScreenAction>) -> PeerVariant {
    PeerVariant(name: name) {
      let loop = make()
      return (run: { n in loop.run(n) }, check: { n in loop.check(name, after: n) })
    }
  }
  let names = (
    floor: "plain struct loop, same mutations (the floor)",
    swiftTyped: "Store + Swift rules (typed Child struct)",
    swiftDynamic: "Store + Swift rules (DynamicScreen)",
    luaDynamic: "Store + Lua rules (DynamicScreen, script-only flow)",
    luaTyped: "Store + Lua rules (typed Child via ScreenCatalog)"
  )
  let variants = [
    PeerVariant(name: names.floor) {
      (run: { n in
        var tabs = PlainTabs(tabs: 3)
        tabs.run(n)
        blackHole(tabs)
        return tabs.stacks.reduce(tabs.selected) { $0 &+ $1.count &+ $1[$1.count - 1].count }
      }, check: { _ in })
    },
    storeVariant(names.swiftTyped, peerSwiftTyped),
    storeVariant(names.swiftDynamic, peerSwiftDynamic),
    storeVariant(names.luaDynamic, peerLuaDynamic),
    storeVariant(names.luaTyped, peerLuaTyped),
  ]
  report.progress("peer: \(variants.count) variants × \(runs) runs of \(n) actions")
  // Warm-up (and a checked short run) of each variant.
  for variant in variants {
    let (body, check) = variant.prepare()
    _ = report.time(6_004, body)
    check(6_004)
  }
  var samples = Array(repeating: [Double](), count: variants.count)
  var cpuSamples = samples
  for run in 0..<runs {
    for offset in variants.indices {
      let index = (offset + run) % variants.count
      let (body, check) = variants[index].prepare()
      let (wall, cpu) = report.time(n, body)
      samples[index].append(wall / Double(n))
      cpuSamples[index].append(cpu / Double(n))
      check(n)
    }
  }
  var timings: [String: Timing] = [:]
  for (index, variant) in variants.enumerated() {
    timings[variant.name] = report.record(
      group: group, name: variant.name, unit: "/action", samples: samples[index], cpuSamples: cpuSamples[index],
      iterationsPerSample: n)
  }
  let summary = "Peer workload summary: ns/action, median of \(runs) runs of \(n) actions"
  for (label, name) in [
    ("Swift rules (typed Child)", names.swiftTyped), ("Lua rules (DynamicScreen)", names.luaDynamic),
    ("Lua rules (catalog-typed Child)", names.luaTyped), ("plain struct floor", names.floor),
  ] {
    if let timing = timings[name] { report.figure(summary, label, timing.median, "ns/action") }
  }
  report.ratio("peer: Lua rules ÷ Swift rules (DynamicScreen both)", timings[names.luaDynamic], timings[names.swiftDynamic], target: nil)
  report.ratio("peer: Lua rules (dynamic) ÷ Swift rules (typed)", timings[names.luaDynamic], timings[names.swiftTyped], target: nil)
  report.ratio("peer: Lua rules (catalog-typed) ÷ Swift rules (typed)", timings[names.luaTyped], timings[names.swiftTyped], target: nil)
  report.ratio("peer: Lua rules, catalog-typed ÷ dynamic screens", timings[names.luaTyped], timings[names.luaDynamic], target: 1.5)
  report.ratio("peer: Swift rules (typed) ÷ plain struct floor", timings[names.swiftTyped], timings[names.floor], target: nil)
  // Only what this run measured is printed: TCA does not build here, so no TCA figure is shown.
  report.note("peer workload: \(n) actions per run, median of \(runs) runs, variants interleaved.")
}

@MainActor
func peerLuaDynamic() -> PeerLoop<DynamicScreen, DynamicAction> {
  let rules = loadRules(Scripts.peer(), name: "peer.lua")
  let state: DynamicState
  do { state = try rules.initialState() } catch { fail("peer.lua: \(error)") }
  return PeerLoop(
    store: makePeerStore(rules, state, guards: [rules.scriptGuard], deepLinks: rules.deepLinks, feature: DynamicChildFeature()),
    push: DynamicAction("push"), pop: DynamicAction("pop"), increment: DynamicAction("increment"),
    count: { if case let .int(count)? = $0.state["count"] { count } else { nil } })
}

@MainActor
func peerLuaTyped() -> PeerLoop<Child, ChildAction> {
  var catalog = ScreenCatalog<Child>()
  catalog.register("child", Child.self, embed: { $0 }, extract: { $0 })
  let rules: ScriptedRules<Child, ChildAction>
  let state: TabCoordinatorState<Child>
  do {
    rules = try ScriptedRules(source: Scripts.peer(), name: "peer.lua", catalog: catalog)
    state = try rules.initialState()
  } catch {
    fail("peer.lua with a catalog: \(error)")
  }
  return PeerLoop(
    store: makePeerStore(rules, state, guards: [rules.scriptGuard], deepLinks: rules.deepLinks, feature: ChildFeature()),
    push: .push, pop: .pop, increment: .increment, count: { $0.count })
}

@MainActor
func peerSwiftTyped() -> PeerLoop<Child, ChildAction> {
  let rules = ClosureRules<Child, ChildAction> { action, _, _ in
    switch action {
    case .push: [.push(Child())]
    case .pop: [.pop()]
    case .increment: []
    }
  }
  let state: TabCoordinatorState<Child>
  do {
    state = try TabCoordinatorState(tabs: Scripts.tabIDs(3).map { TabDefinition(TabID($0), root: Child()) })
  } catch {
    fail("\(error)")
  }
  return PeerLoop(
    store: makePeerStore(rules, state, feature: ChildFeature()), push: .push, pop: .pop, increment: .increment,
    count: { $0.count })
}

@MainActor
func peerSwiftDynamic() -> PeerLoop<DynamicScreen, DynamicAction> {
  let rules = ClosureRules<DynamicScreen, DynamicAction> { action, _, _ in
    switch action.name {
    case "push": [.push(DynamicScreen("child", state: ["count": 0]))]
    case "pop": [.pop()]
    default: []
    }
  }
  let state: DynamicState
  do {
    state = try TabCoordinatorState(
      tabs: Scripts.tabIDs(3).map { TabDefinition(TabID($0), root: DynamicScreen("child", state: ["count": 0])) })
  } catch {
    fail("\(error)")
  }
  return PeerLoop(
    store: makePeerStore(rules, state, feature: DynamicChildFeature()),
    push: DynamicAction("push"), pop: DynamicAction("pop"), increment: DynamicAction("increment"),
    count: { if case let .int(count)? = $0.state["count"] { count } else { nil } })
}
