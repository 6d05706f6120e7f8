@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

/// `check` remembers a pending link's retries the guards refused by the state they ran in
/// (`StateExplorer.remembersRefusedRetries`): over the demo, whose deferred `shop://orders` is
/// refused again in most states it is retried in, and every bundled script, an exploration that
/// remembers them reports exactly what one running every retry does — states, transitions,
/// every finding with its lines.
@Suite struct RefusedRetryCheckTests {
  @Test(arguments: try [FlowscriptCLI.packageRoot.appendingPathComponent("Benchmarks/Frozen/demo-2026-11-28.lua").path]
    + StateNumberingTests.bundledScripts())
  func rememberedRefusalsReportAsRetriedOnes(script: String) throws {
    let remembering = try ExplorationSummary.exploring(script, depth: 5) { $0.remembersRefusedRetries = true }
    let retrying = try ExplorationSummary.exploring(script, depth: 5) { $0.remembersRefusedRetries = false }
    #expect(remembering == retrying)
  }
}
