import Foundation

/// `flowscript` as a whole process: a 100-line scenario through `run` (start-up included), and
/// `check --explore` states per second on the demo flow.
@MainActor
func benchFlowscript(_ report: Report, demoPath: String) {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("flowscript").path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    report.skip("flowscript run / check --explore", "no release flowscript next to tabflow-bench (scripts/bench builds it)")
    return
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabflow-bench-\(getpid())")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  // Ten lines that end where they started, ten times: 100 lines.
  let block = [
    "feed.itemTapped {id=3}", "expect top item {id=3}", "item.relatedTapped {id=4}", "expect depth 3",
    "back", "back", "tab search", "search.resultTapped {id=4}", "back", "tab home",
  ]
  let scenario = folder.appendingPathComponent("hundred.flow")
  let lines = Array(repeating: block, count: 10).flatMap { $0 }
  guard (try? (lines.joined(separator: "\n") + "\n").write(to: scenario, atomically: false, encoding: .utf8)) != nil else {
    report.skip("flowscript run of a 100-line scenario", "cannot write the scenario file")
    return
  }

  let runs = report.config.quick ? 7 : 21
  var samples: [Double] = []
  var cpu: [Double] = []
  for _ in 0..<runs {
    let (wall, status, _) = runProcess(binary, ["run", demoPath, scenario.path])
    guard status == 0 else {
      report.skip("flowscript run of a 100-line scenario", "flowscript run exited with \(status)")
      return
    }
    samples.append(wall)
    cpu.append(wall)
  }
  let timing = report.record(
    group: "flowscript as a process", name: "flowscript run, 100-line scenario (start-up included)", unit: "ns",
    samples: samples, cpuSamples: cpu, iterationsPerSample: 1)
  report.bound("flowscript run of a 100-line scenario, whole process", timing, target: 100_000_000)

  // The checker on one worker, then on as many as it takes by default (the processors, at most
  // 8), each run several times, the two interleaved: on a shared machine another load only ever
  // slows a run, so the fastest run is what the checker does and the median what a busy machine
  // shows; both are reported.
  let processors = min(8, ProcessInfo.processInfo.activeProcessorCount)
  let configurations = [(1, "one job"), (processors, "\(processors) jobs (the default here)")]
  let depth = report.config.quick ? "5" : "7"
  var rates: [[Double]] = Array(repeating: [], count: configurations.count)
  var states: Double?
  runs: for _ in 0..<(report.config.quick ? 3 : 5) {
    for (index, (jobs, name)) in configurations.enumerated() {
      let (_, status, output) = runProcess(binary, ["check", demoPath, "--explore", depth, "--jobs", "\(jobs)"])
      // "demo.lua: explored N states and M transitions to depth D in X ms"
      let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" })
      guard status == 0, let explored = words.firstIndex(of: "explored"), let count = Double(words[explored + 1]),
        let inIndex = words.lastIndex(of: "in"), inIndex + 1 < words.count, let milliseconds = Double(words[inIndex + 1]),
        milliseconds > 0
      else {
        report.skip("check --explore states per second, \(name)", "flowscript check exited with \(status)")
        rates = []
        break runs
      }
      states = count
      rates[index].append(count / milliseconds * 1000)
    }
  }
  if let states, !rates.isEmpty {
    report.figure("flowscript as a process", "check --explore on the demo: states", states, "states")
    for ((_, name), runs) in zip(configurations, rates) {
      let sorted = runs.sorted()
      report.figure(
        "flowscript as a process", "check --explore on the demo: states per second, \(name)",
        sorted[sorted.count - 1], "states/s",
        note: "target ≥ 50,000; fastest of \(runs.count) runs, median \(Int(sorted[sorted.count / 2]))")
    }
  }
}

/// Runs a process to completion; returns wall time (ns), exit status and standard output.
private func runProcess(_ path: String, _ arguments: [String]) -> (Double, Int32, String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  let start = ContinuousClock.now
  do {
    try process.run()
  } catch {
    return (0, -1, "")
  }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let elapsed = ContinuousClock.now - start
  let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
  return (nanoseconds, process.terminationStatus, String(decoding: data, as: UTF8.self))
}
