@testable import FlowscriptKit

/// What `check`'s explorer reports, as text that compares: for the tests that explore a script
/// two ways (a shortcut on and off) and expect the same report — states, transitions, every
/// finding with its lines.
enum ExplorationSummary {
  /// What `report` says.
  static func of(_ report: CheckReport) -> [String] {
    ["\(report.states) states, \(report.transitions) transitions, depth \(report.depthReached), complete \(report.complete)"]
      + report.findings.map { "\($0.kind) \($0.message) | \($0.lines.joined(separator: " ; "))" }
  }

  /// What exploring `script` to `depth` on one thread reports, the explorer set up by `configure`.
  static func exploring(_ script: String, depth: Int, _ configure: (inout StateExplorer) -> Void) throws -> [String] {
    let session = try FlowSession(origin: .file(script))
    var explorer = StateExplorer(session: session, depth: depth, maxStates: 20_000, quiet: true)
    explorer.jobs = 1
    configure(&explorer)
    return of(explorer.run())
  }
}
