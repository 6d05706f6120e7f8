import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// A small, dependency-free benchmark harness.
//
// Every group of variants is measured round-robin: one sample of each variant in turn (the
// starting variant rotates every repetition), so machine noise — other processes compiling on
// the same two cores — lands on every variant alike. Each sample times a batch of iterations
// sized during calibration to last about `Config.sampleTarget`; a variant's result is the median
// of its samples (min and max shown beside it). Ratios are taken between medians measured in the
// same group, i.e. in the same interleaved run, never across runs.

/// How long and how often to measure.
struct Config {
  /// Quick mode: fewer repetitions, shorter samples, smaller peer runs.
  var quick = false
  /// Print JSON on stdout instead of the table.
  var json = false
  /// Only run the groups whose key contains this text (e.g. `peer`, `scaling`).
  var only: String?

  /// Samples per variant.
  var repetitions: Int { quick ? 15 : 61 }
  /// Samples per variant for the slow, millisecond-scale groups (reload).
  var slowRepetitions: Int { quick ? 5 : 15 }
  /// The wall time one sample aims for, in nanoseconds.
  var sampleTarget: Double { quick ? 2e6 : 5e6 }
  /// Actions per peer-workload run (the brief asks for 100,000).
  var peerActions: Int { quick ? 30_000 : 100_000 }
  /// Peer-workload runs per variant (the brief asks for a median of 3).
  var peerRuns: Int { 3 }

  func wants(_ key: String) -> Bool {
    guard let only else { return true }
    return key.localizedCaseInsensitiveContains(only)
  }
}

/// Something to time: `body(n)` runs `n` iterations of `operationsPerIteration` operations each
/// and returns a checksum (folded into `Sink`, so the work cannot be optimised away).
struct Variant {
  let name: String
  let operationsPerIteration: Int
  let body: @MainActor (Int) -> Int

  init(_ name: String, operationsPerIteration: Int = 1, _ body: @escaping @MainActor (Int) -> Int) {
    self.name = name
    self.operationsPerIteration = operationsPerIteration
    self.body = body
  }
}

/// One measured variant: nanoseconds per operation.
struct Timing: Codable {
  let group: String
  let name: String
  let unit: String
  let median: Double
  let min: Double
  let max: Double
  /// Every sample, in the order taken: sample `i` of every variant of a group is from round `i`.
  let samples: [Double]
  /// The median of the same samples timed in this thread's CPU time: it leaves out the time the
  /// thread waited for a core, so it shows how much of the wall time is contention.
  let cpuMedian: Double
  let cpuSamples: [Double]
  let iterationsPerSample: Int
}

/// A ratio between two timings of one run, with its target.
struct Ratio: Codable {
  let name: String
  let numerator: String
  let denominator: String
  /// The ratio of the two medians.
  let value: Double
  /// The median of the per-round ratios (samples taken back to back in the same round), a
  /// cross-check that is robust to slow drifts in machine load.
  let paired: Double
  /// The ratio of the CPU-time medians (a cross-check that leaves out waiting for a core).
  let cpu: Double
  /// The largest value that passes, or `nil` for an informative ratio.
  let target: Double?
  var pass: Bool? { target.map { value <= $0 } }
}

/// An absolute target on a timing's median (`≤ 1 µs`, `≤ 20 ms`).
struct Bound: Codable {
  let name: String
  let value: Double
  let unit: String
  let target: Double
  var pass: Bool { value <= target }
}

/// A figure that is not a timing (bytes, counts).
struct Figure: Codable {
  let group: String
  let name: String
  let value: Double
  let unit: String
  let note: String?
}

/// Prevents dead-code elimination: every checksum is folded in and printed at the end.
@MainActor enum Sink {
  static var value = 0
  static func consume(_ x: Int) { value &+= x }
}

/// An opaque use of a value the optimiser cannot see through.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) * 1e-9
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Collects every result and prints them.
@MainActor final class Report {
  let config: Config
  private(set) var timings: [Timing] = []
  private(set) var ratios: [Ratio] = []
  private(set) var bounds: [Bound] = []
  private(set) var figures: [Figure] = []
  private(set) var skipped: [(name: String, reason: String)] = []
  private(set) var notes: [String] = []
  private let clock = ContinuousClock()

  init(config: Config) {
    self.config = config
  }

  func progress(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
  }

  // MARK: Measuring

  /// Times `body(n)` once: wall time (ContinuousClock) and this thread's CPU time, in nanoseconds.
  func time(_ n: Int, _ body: @MainActor (Int) -> Int) -> (wall: Double, cpu: Double) {
    var checksum = 0
    let cpuStart = threadCPUTime()
    let elapsed = clock.measure { checksum = body(n) }
    let cpu = threadCPUTime() - cpuStart
    Sink.consume(checksum)
    return (elapsed.nanoseconds, cpu)
  }

  /// The iteration count that makes one sample of `variant` last about `target` nanoseconds.
  func calibrate(_ variant: Variant, target: Double) -> Int {
    var n = 1
    while true {
      let elapsed = time(n, variant.body).wall
      if elapsed >= target / 8 || n >= 1 << 30 {
        return Swift.max(1, Int((Double(n) * target / Swift.max(elapsed, 1)).rounded()))
      }
      n *= elapsed < target / 256 ? 16 : 2
    }
  }

  /// Measures the variants round-robin; records and returns their timings by name.
  @discardableResult
  func measure(
    group: String, unit: String, variants: [Variant], repetitions: Int? = nil, sampleTarget: Double? = nil
  ) -> [String: Timing] {
    let repetitions = repetitions ?? config.repetitions
    let target = sampleTarget ?? config.sampleTarget
    progress("\(group): calibrating \(variants.count) variants")
    let counts = variants.map { calibrate($0, target: target) }
    for (variant, n) in zip(variants, counts) { _ = time(n, variant.body) }  // warm-up
    var samples = Array(repeating: [Double](), count: variants.count)
    var cpuSamples = samples
    for repetition in 0..<repetitions {
      for offset in variants.indices {
        let index = (offset + repetition) % variants.count
        let variant = variants[index]
        let n = counts[index]
        let (wall, cpu) = time(n, variant.body)
        samples[index].append(wall / Double(n * variant.operationsPerIteration))
        cpuSamples[index].append(cpu / Double(n * variant.operationsPerIteration))
      }
    }
    var byName: [String: Timing] = [:]
    for (index, variant) in variants.enumerated() {
      byName[variant.name] = record(
        group: group, name: variant.name, unit: unit, samples: samples[index], cpuSamples: cpuSamples[index],
        iterationsPerSample: counts[index])
    }
    return byName
  }

  /// Records a timing measured by the caller (samples in nanoseconds per operation).
  func record(
    group: String, name: String, unit: String, samples: [Double], cpuSamples: [Double], iterationsPerSample: Int
  ) -> Timing {
    let timing = Timing(
      group: group, name: name, unit: unit, median: median(samples), min: samples.min() ?? .nan,
      max: samples.max() ?? .nan, samples: samples, cpuMedian: median(cpuSamples), cpuSamples: cpuSamples,
      iterationsPerSample: iterationsPerSample)
    timings.append(timing)
    return timing
  }

  /// Records the ratio of two medians of one run.
  func ratio(_ name: String, _ numerator: Timing?, _ denominator: Timing?, target: Double?) {
    guard let numerator, let denominator else { return }
    let paired = zip(numerator.samples, denominator.samples).map { $0 / $1 }
    ratios.append(Ratio(
      name: name, numerator: numerator.name, denominator: denominator.name,
      value: numerator.median / denominator.median, paired: median(paired),
      cpu: numerator.cpuMedian / denominator.cpuMedian, target: target))
  }

  func bound(_ name: String, _ timing: Timing?, target: Double) {
    guard let timing else { return }
    bounds.append(Bound(name: name, value: timing.median, unit: "ns", target: target))
  }

  func figure(_ group: String, _ name: String, _ value: Double, _ unit: String, note: String? = nil) {
    figures.append(Figure(group: group, name: name, value: value, unit: unit, note: note))
  }

  func skip(_ name: String, _ reason: String) {
    skipped.append((name, reason))
  }

  func note(_ text: String) {
    notes.append(text)
  }

  // MARK: Printing

  static let header = """
    TabFlow benchmarks (tabflow-bench): release build, a plain executable target. It does not use
    ordo-one/package-benchmark: that dependency costs CI build time and needs jemalloc; plain
    ContinuousClock timing with interleaved round-robin samples and medians is enough here.
    """

  func printTable(meta: [String: String]) {
    var out = Self.header + "\n"
    for key in meta.keys.sorted() { out += "  \(key): \(meta[key] ?? "")\n" }
    var group = ""
    for timing in timings {
      if timing.group != group {
        group = timing.group
        out += "\n== \(group)\n"
        out += pad("name", 66) + lpad("median", 11) + lpad("min", 11) + lpad("max", 11) + lpad("cpu median", 12)
          + "  unit\n"
      }
      out += pad(timing.name, 66) + lpad(format(timing.median), 11) + lpad(format(timing.min), 11)
        + lpad(format(timing.max), 11) + lpad(format(timing.cpuMedian), 12) + "  \(timing.unit)\n"
    }
    if !figures.isEmpty {
      var figureGroup = ""
      for figure in figures {
        if figure.group != figureGroup {
          figureGroup = figure.group
          out += "\n== \(figureGroup)\n"
        }
        out += pad(figure.name, 66) + lpad(formatFigure(figure.value, figure.unit), 14)
        if let note = figure.note { out += "  (\(note))" }
        out += "\n"
      }
    }
    if !ratios.isEmpty || !bounds.isEmpty {
      out += "\n== Targets and ratios — value: ratio of the medians of one interleaved run; "
        + "paired: median of the per-round ratios; cpu: ratio of the CPU-time medians (cross-checks)\n"
      out += pad("check", 66) + lpad("value", 12) + lpad("target", 12) + "  result" + lpad("paired", 10)
        + lpad("cpu", 10) + "\n"
      for bound in bounds {
        out += pad(bound.name, 66) + lpad(format(bound.value), 12) + lpad("≤ " + format(bound.target), 12)
          + "  " + (bound.pass ? "PASS" : "MISS") + "\n"
      }
      for ratio in ratios {
        let target = ratio.target.map { "≤ " + String(format: "%.2f×", $0) } ?? "—"
        let result = ratio.pass.map { $0 ? "PASS" : "MISS" } ?? "info"
        out += pad(ratio.name, 66) + lpad(String(format: "%.2f×", ratio.value), 12) + lpad(target, 12)
          + "  \(result)" + lpad(String(format: "%.2f×", ratio.paired), 10) + lpad(String(format: "%.2f×", ratio.cpu), 10)
          + "\n"
      }
    }
    if !skipped.isEmpty {
      out += "\n== Skipped\n"
      for (name, reason) in skipped { out += "  \(name): \(reason)\n" }
    }
    if !notes.isEmpty {
      out += "\n== Notes\n"
      for note in notes { out += "  - \(note)\n" }
    }
    print(out, terminator: "")
  }

  func printJSON(meta: [String: String]) {
    struct Document: Encodable {
      let format = "tabflow.bench"
      let version = 1
      let meta: [String: String]
      let timings: [Timing]
      let ratios: [RatioOut]
      let bounds: [BoundOut]
      let figures: [Figure]
      let skipped: [[String: String]]
      let notes: [String]
    }
    struct RatioOut: Encodable {
      let name, numerator, denominator: String
      let value, paired, cpu: Double
      let target: Double?
      let result: String
    }
    struct BoundOut: Encodable {
      let name: String
      let value: Double
      let unit: String
      let target: Double
      let result: String
    }
    let document = Document(
      meta: meta, timings: timings,
      ratios: ratios.map {
        RatioOut(
          name: $0.name, numerator: $0.numerator, denominator: $0.denominator, value: $0.value, paired: $0.paired, cpu: $0.cpu,
          target: $0.target,
          result: $0.pass.map { $0 ? "PASS" : "MISS" } ?? "info")
      },
      bounds: bounds.map {
        BoundOut(name: $0.name, value: $0.value, unit: $0.unit, target: $0.target, result: $0.pass ? "PASS" : "MISS")
      },
      figures: figures, skipped: skipped.map { ["name": $0.name, "reason": $0.reason] }, notes: notes)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    if let data = try? encoder.encode(document) {
      print(String(decoding: data, as: UTF8.self))
    }
  }
}

/// This thread's CPU time in nanoseconds (NaN where unavailable).
func threadCPUTime() -> Double {
  #if canImport(Glibc)
    var spec = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return .nan }
    return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
  #else
    return .nan
  #endif
}

/// `850 ns`, `1.23 µs`, `14.2 ms`.
func format(_ nanoseconds: Double) -> String {
  if nanoseconds.isNaN { return "—" }
  if nanoseconds < 1_000 { return String(format: "%.1f ns", nanoseconds) }
  if nanoseconds < 1_000_000 { return String(format: "%.2f µs", nanoseconds / 1e3) }
  if nanoseconds < 1_000_000_000 { return String(format: "%.2f ms", nanoseconds / 1e6) }
  return String(format: "%.2f s", nanoseconds / 1e9)
}

func formatFigure(_ value: Double, _ unit: String) -> String {
  if value.isNaN { return "n/a" }
  switch unit {
  case "bytes":
    if value.magnitude >= 1_048_576 { return String(format: "%.2f MiB", value / 1_048_576) }
    if value.magnitude >= 1_024 { return String(format: "%.1f KiB", value / 1_024) }
    return String(format: "%.0f B", value)
  case "ns":
    return format(value)
  case "ns/action":
    return String(format: "%.1f ns", value)
  default:
    return String(format: value.rounded() == value ? "%.0f " : "%.2f ", value) + unit
  }
}

private func pad(_ text: String, _ width: Int) -> String {
  let count = text.count
  return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
}

private func lpad(_ text: String, _ width: Int) -> String {
  let count = text.count
  return count >= width ? " " + text : String(repeating: " ", count: width - count) + text
}

/// Stops the benchmark with a message: a benchmark that measured the wrong thing must not report.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench: FAILED: \(message)\n".utf8))
  exit(1)
}
