import Foundation
import TabFlow

#if canImport(Glibc)
  import Glibc
#endif

// Peak memory, each measurement in its own child process (`tabflow-bench mem-child KIND`), so
// one measurement's heap never shows in another's. The child reads the heap in use
// (mallinfo2: uordblks + hblkhd) and /proc/self/status (VmHWM, VmRSS) before and after the work
// and prints the deltas as JSON.

enum MemoryProbe {
  /// Bytes malloc has handed out and not freed (arena + mmapped chunks), or -1 where unknown.
  ///
  /// Glibc's `mallinfo2()` is declared in <malloc.h>, which Swift's Glibc module does not import,
  /// so it is looked up with dlsym. It returns `struct mallinfo2` (ten `size_t`) by value, which
  /// the x86-64 System V ABI passes back through a hidden pointer in the first argument register
  /// (and returns in RAX): calling it as `(UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?`
  /// is the same call. Other architectures fall back to -1 (RSS figures only). `selfTest()`
  /// checks the reading against a known allocation before any figure is trusted.
  static func heapInUse() -> Int {
    #if os(Linux) && arch(x86_64)
      typealias Mallinfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return -1 }
      let mallinfo2 = unsafeBitCast(symbol, to: Mallinfo2.self)
      var fields = [Int](repeating: 0, count: 10)
      fields.withUnsafeMutableBytes { raw in
        if let base = raw.baseAddress { _ = mallinfo2(base) }
      }
      return fields[7] + fields[4]  // uordblks (arena bytes in use) + hblkhd (mmapped bytes)
    #else
      return -1
    #endif
  }

  /// Whether `heapInUse` sees a 4 MiB allocation come and go.
  static func selfTest() -> Bool {
    let before = heapInUse()
    guard before >= 0, let block = malloc(4 << 20) else { return false }
    memset(block, 1, 4 << 20)
    blackHole(block)  // or the optimiser removes the malloc/free pair
    let during = heapInUse()
    free(block)
    let after = heapInUse()
    return during - before >= 4 << 20 && during - after >= 4 << 20
  }

  /// A `kB` field of /proc/self/status in bytes, or -1.
  static func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
      return (Int(digits) ?? -1) * 1024
    }
    return -1
  }

  struct Mark {
    let heap = MemoryProbe.heapInUse()
    let hwm = MemoryProbe.status("VmHWM")
    let rss = MemoryProbe.status("VmRSS")
  }
}

/// The number of routes of the routes measurement, spread over `routeTabs` tabs.
let routeCount = 100_000
let routeTabs = 10

/// Runs one memory measurement in this (child) process and prints its figures as JSON.
@MainActor
func memoryChild(_ kind: String, demoPath: String) {
  var figures: [String: Double] = [:]
  let start = MemoryProbe.Mark()
  func mark(_ prefix: String) {
    let now = MemoryProbe.Mark()
    figures[prefix + ".heap"] = Double(now.heap - start.heap)
    figures[prefix + ".hwm"] = Double(now.hwm - start.hwm)
    figures[prefix + ".rss"] = Double(now.rss - start.rss)
  }
  switch kind {
  case "routes-dynamic":
    let store = makeStore(
      ClosureRules<DynamicScreen, DynamicAction> { _, _, _ in [] }, dynamicState(tabs: routeTabs))
    fillRoutes(store) { DynamicScreen("detail", state: ["id": .int($0)]) }
    mark("after")
    figures["routes"] = Double(store.state.tabs.reduce(0) { $0 + $1.stack.count })
    withExtendedLifetime(store) {}
  case "routes-typed":
    let store = makeStore(ClosureRules<TypedScreen, TypedAction> { _, _, _ in [] }, typedState(tabs: routeTabs))
    fillRoutes(store) { TypedScreen.detail(id: $0) }
    mark("after")
    figures["routes"] = Double(store.state.tabs.reduce(0) { $0 + $1.stack.count })
    withExtendedLifetime(store) {}
  case "lua-demo":
    let rules: ScriptedRules<DynamicScreen, DynamicAction>
    let state: DynamicState
    do {
      rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: demoPath)
      state = try rules.initialState()
    } catch {
      fail("the demo rules do not load from \(demoPath): \(error)")
    }
    figures["lua.afterLoad"] = Double(rules.memoryInUse)
    mark("load")
    let store = makeStore(rules, state, guards: [rules.scriptGuard], deepLinks: rules.deepLinks)
    var luaMax = rules.memoryInUse
    // The demo flow of the smoke test, repeated: rules, a sheet, a guard, a cross-tab rule, deep links.
    for _ in 0..<200 {
      func send(_ action: DynamicStoreAction) {
        store.send(action)
        luaMax = max(luaMax, rules.memoryInUse)
      }
      func top() -> RouteID { store.state.selectedStack.ids[store.state.selectedStack.count - 1] }
      send(.tabTapped("home"))
      send(.setContext("loggedIn", false))
      send(.router(.routeAction(id: top(), action: DynamicAction("itemTapped", payload: ["id": 3]))))
      let item = top()
      send(.router(.routeAction(id: item, action: DynamicAction("buyTapped"))))
      send(.setContext("loggedIn", true))
      send(.router(.routeAction(id: top(), action: DynamicAction("loggedIn"))))
      send(.router(.routeAction(id: item, action: DynamicAction("buyTapped"))))
      send(.openURL("shop://item/7"))
      send(.openURL("shop://orders?highlight=2"))
      send(.tabTapped("home"))
      send(.tabTapped("home"))
    }
    guard store.state.selectedTab == "home", store.state.selectedStack.count == 1 else {
      fail("the demo flow ended in \(store.state.selectedTab) with \(store.state.selectedStack.count) routes")
    }
    figures["lua.afterFlow"] = Double(rules.memoryInUse)
    figures["lua.maxBetweenActions"] = Double(luaMax)
    mark("flow")
    // A bare sandboxed VM, for scale.
    do {
      let vm = try LuaVM()
      figures["bareVM.inUse"] = Double(vm.memoryInUse)
      figures["bareVM.peak"] = Double(vm.peakMemoryInUse)
    } catch {
      fail("LuaVM: \(error)")
    }
    withExtendedLifetime((rules, store)) {}
  default:
    fail("unknown memory measurement '\(kind)'")
  }
  // Checked last, so its 4 MiB block does not raise the high-water mark measured above. Without a
  // trustworthy heap reading only the RSS figures are reported.
  if !MemoryProbe.selfTest() {
    for key in figures.keys where key.hasSuffix(".heap") { figures[key] = nil }
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  guard let data = try? encoder.encode(figures) else { fail("cannot encode the figures") }
  print(String(decoding: data, as: UTF8.self))
}

/// Pushes routes until the store holds `routeCount` across its tabs, in batches through the store.
@MainActor
func fillRoutes<Screen, ScreenAction>(
  _ store: Store<TabCoordinatorState<Screen>, TabCoordinatorAction<Screen, ScreenAction>>, screen: (Int) -> Screen
) {
  let perTab = routeCount / routeTabs - 1  // plus each tab's root
  var made = 0
  for tab in store.state.tabIDs {
    var pushed = 0
    while pushed < perTab {
      let count = min(1_000, perTab - pushed)
      store.send(.perform((0..<count).map { .tab(tab, .push(screen(made + $0))) }))
      pushed += count
      made += count
    }
  }
}

@MainActor
func benchMemory(_ report: Report, demoPath: String) {
  let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  func child(_ kind: String) -> [String: Double] {
    report.progress("memory: \(kind) (child process)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["mem-child", kind, "--demo", demoPath]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot run \(executable): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let figures = try? JSONDecoder().decode([String: Double].self, from: data)
    else {
      fail("memory child \(kind) failed (status \(process.terminationStatus)): \(String(decoding: data, as: UTF8.self))")
    }
    return figures
  }
  let group = "Memory (each in its own process; heap = mallinfo2 in-use delta, peak RSS = VmHWM delta)"
  for (kind, label) in [("routes-dynamic", "DynamicScreen routes"), ("routes-typed", "typed enum routes")] {
    let figures = child(kind)
    let routes = figures["routes"] ?? 0
    guard routes == Double(routeCount) else { fail("\(kind): \(routes) routes") }
    let heap = figures["after.heap"] ?? .nan
    report.figure(group, "coordinator with 100,000 \(label) in \(routeTabs) tabs: heap", heap, "bytes",
                  note: String(format: "%.0f B/route", heap / routes))
    report.figure(group, "  same: peak RSS growth", figures["after.hwm"] ?? .nan, "bytes")
  }
  let demo = child("lua-demo")
  report.figure(group, "Lua VM with the demo rules: Lua bytes after load", demo["lua.afterLoad"] ?? .nan, "bytes",
                note: "ScriptedRules.memoryInUse")
  report.figure(group, "  after 200 demo flows (2,200 actions)", demo["lua.afterFlow"] ?? .nan, "bytes")
  report.figure(group, "  most seen between actions", demo["lua.maxBetweenActions"] ?? .nan, "bytes",
                note: "VM peak not exposed by ScriptedRules")
  report.figure(group, "  process heap growth: load", demo["load.heap"] ?? .nan, "bytes", note: "VM + declarations + rule tables")
  report.figure(group, "  process heap growth: load + flows + store", demo["flow.heap"] ?? .nan, "bytes")
  report.figure(group, "  process peak RSS growth: load + flows", demo["flow.hwm"] ?? .nan, "bytes")
  report.figure(group, "bare sandboxed LuaVM: peakMemoryInUse", demo["bareVM.peak"] ?? .nan, "bytes",
                note: "in use \(Int(demo["bareVM.inUse"] ?? 0)) B")
}
