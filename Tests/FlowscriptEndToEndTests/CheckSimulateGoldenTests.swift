import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript check --simulate 100 --depth 40 --seed 7` of the frozen demo and of two of the
  /// edited copies `diff`'s golden files use (a rule error with a new context key; a hideable tab
  /// with an invariant that breaks), printed as the walks printed them when they still ran their
  /// lines in sessions: every line but the timing, on one thread and on two
  /// (`Benchmarks/Frozen/simulate/NAME.txt`, written by the binary from before the walks stepped
  /// the coordinator's pure step).
  @Suite("check --simulate as before the pure step")
  struct CheckSimulateGoldenTests {
    /// The copies walked: the frozen demo itself, and two of ``DiffGoldenTests/copies``.
    static let copies = ["demo", "error", "hide"]

    @Test(arguments: copies)
    func theReportIsAsBefore(_ name: String) async throws {
      let frozen = DiffGoldenTests.frozen
      let golden = try String(contentsOf: frozen.appendingPathComponent("simulate/\(name).txt"), encoding: .utf8)
      let edits = DiffGoldenTests.copies.first { $0.name == name }?.edits ?? []
      try await Workspace.with { workspace in
        try workspace.write("\(name).lua", try DiffGoldenTests.copy(edits: edits))
        for jobs in ["1", "2"] {
          let result = try await FlowscriptCLI.run(
            ["check", "\(name).lua", "--simulate", "100", "--depth", "40", "--seed", "7", "--jobs", jobs],
            in: workspace.url, timeout: .seconds(120))
          #expect(result.exitCode == (name == "demo" ? 0 : 1), "\(result.stderr)")
          #expect(DiffGoldenTests.untimed(result.stdout) == golden, "--jobs \(jobs)")
        }
      }
    }
  }
}
