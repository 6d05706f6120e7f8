import Foundation
import TabFlow

/// `tabflow-bench [--quick] [--json] [--only GROUP] [--demo PATH]` runs the benchmark suite.
///
/// Subcommands used by the suite itself and by profiling:
/// - `mem-child KIND` — one memory measurement in this process (the suite runs each in its own);
/// - `profile-scripted [ITERATIONS]` — only the scripted-action loop (Store → TabCoordinator →
///   Lua rule → batch), for `valgrind --tool=callgrind` or `perf`.
@main
struct TabFlowBench {
  static let usage = """
    usage: tabflow-bench [--quick] [--json] [--only GROUP] [--demo PATH]
           tabflow-bench profile-scripted [ITERATIONS [lua|lua-unwired|lua-guarded|swift [TABS [RULES]]]]
           tabflow-bench mem-child routes-dynamic|routes-typed|lua-demo [--demo PATH]
    groups: scripted, depth, rules, tabs, reload, memory, peer
    """

  @MainActor static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var config = Config()
    var demoPath = defaultDemoPath()
    var positional: [String] = []
    while !arguments.isEmpty {
      let argument = arguments.removeFirst()
      switch argument {
      case "--quick": config.quick = true
      case "--json": config.json = true
      case "--only":
        guard !arguments.isEmpty else { fail("--only needs a group\n\(usage)") }
        config.only = arguments.removeFirst()
      case "--demo":
        guard !arguments.isEmpty else { fail("--demo needs a path\n\(usage)") }
        demoPath = arguments.removeFirst()
      case "-h", "--help":
        print(usage)
        return
      default:
        if argument.hasPrefix("-") { fail("unknown option \(argument)\n\(usage)") }
        positional.append(argument)
      }
    }

    switch positional.first {
    case "mem-child":
      guard positional.count == 2 else { fail(usage) }
      memoryChild(positional[1], demoPath: demoPath)
      return
    case "profile-scripted":
      let iterations = positional.count > 1 ? Int(positional[1]) ?? 0 : 200_000
      let variant = positional.count > 2 ? positional[2] : "lua"
      let tabs = positional.count > 3 ? Int(positional[3]) ?? 0 : 1
      let rules = positional.count > 4 ? Int(positional[4]) ?? 0 : 2
      guard iterations > 0, tabs > 0, rules >= 2, ["lua", "lua-unwired", "lua-guarded", "swift"].contains(variant) else { fail(usage) }
      profileScripted(iterations: iterations, variant: variant, tabs: tabs, rules: rules)
      return
    case nil:
      break
    default:
      fail("unknown command \(positional[0])\n\(usage)")
    }

    let report = Report(config: config)
    let loadBefore = loadAverage()
    let clock = ContinuousClock()
    let started = clock.now
    if config.wants("scripted") { benchScriptedAction(report) }
    if config.wants("depth") || config.wants("scaling") { benchDepth(report) }
    if config.wants("rules") || config.wants("scaling") { benchRules(report) }
    if config.wants("tabs") || config.wants("scaling") { benchTabs(report) }
    if config.wants("reload") { benchReload(report) }
    if config.wants("flowscript") || config.wants("explore") { benchFlowscript(report, demoPath: demoPath) }
    if config.wants("memory") { benchMemory(report, demoPath: demoPath) }
    if config.wants("peer") { benchPeer(report) }
    let elapsed = (clock.now - started).nanoseconds

    let meta: [String: String] = [
      "mode": config.quick
        ? "quick (\(config.repetitions) samples/variant, ~\(format(config.sampleTarget)) each; peer \(config.peerRuns)×\(config.peerActions) actions)"
        : "full (\(config.repetitions) samples/variant, ~\(format(config.sampleTarget)) each; peer \(config.peerRuns)×\(config.peerActions) actions)",
      "method": "median of interleaved round-robin samples (ContinuousClock wall time; thread CPU time beside it); "
        + "ratios from medians of the same run",
      "cores": "\(ProcessInfo.processInfo.activeProcessorCount) (shared: numbers are noisy, read the ratios)",
      "load average": "\(loadBefore) at start, \(loadAverage()) at end",
      "elapsed": format(elapsed),
      "checksum": "\(Sink.value)",
    ]
    if config.json { report.printJSON(meta: meta) } else { report.printTable(meta: meta) }
  }

  /// `scripts/demo.lua` of this checkout, found from this file's path (or the working directory).
  static func defaultDemoPath() -> String {
    let fromSource = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/demo.lua").path
    if FileManager.default.fileExists(atPath: fromSource) { return fromSource }
    return FileManager.default.currentDirectoryPath + "/scripts/demo.lua"
  }

  static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// Only the scripted-action loop, for a profiler: set-up and a warm-up, then
  /// `profiledScriptedLoop` (collect only inside it: `--toggle-collect='*profiledScriptedLoop*'`).
  /// `lua` is the store wired as documented; `lua-unwired` has no scriptGuard/deepLinks;
  /// `lua-guarded` is `lua` with three guards in the script (every batch runs them); `swift`
  /// is the same rule in Swift over the same screen types. With `tabs` > 1 the action is sent in
  /// the last of that many tabs, as in the tabs group; with `rules` > 2 the script has that many
  /// rules (the rules group's generated script; Lua variants only).
  @MainActor static func profileScripted(iterations: Int, variant: String, tabs: Int, rules: Int) {
    let loop =
      switch variant {
      case "lua-unwired": luaLoop("profile", tabs: tabs, totalRules: rules, wiredGuards: false)
      case "lua-guarded": luaLoop("profile", tabs: tabs, totalRules: rules, withGuards: true)
      case "swift": swiftDynamicLoop("profile", tabs: tabs)
      default: luaLoop("profile", tabs: tabs, totalRules: rules)
      }
    Sink.consume(loop.run(min(iterations, 1_000)))
    let clock = ContinuousClock()
    let cpuStart = threadCPUTime()
    let elapsed = clock.measure { Sink.consume(profiledScriptedLoop(loop, iterations)) }
    let cpu = threadCPUTime() - cpuStart
    let actions = Double(2 * iterations)
    print(
      "profile-scripted (\(variant), \(tabs) tab\(tabs == 1 ? "" : "s")): \(2 * iterations) actions, \(format(elapsed.nanoseconds / actions))/action wall, "
        + "\(format(cpu / actions))/action CPU (checksum \(Sink.value))")
  }
}

@inline(never)
@MainActor
func profiledScriptedLoop(_ loop: ActionLoop<DynamicScreen, DynamicAction>, _ iterations: Int) -> Int {
  loop.run(iterations)
}
