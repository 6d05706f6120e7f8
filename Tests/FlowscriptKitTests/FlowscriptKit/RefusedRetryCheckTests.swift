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
    func explore(remembering: Bool) throws -> [String] {
      let session = try FlowSession(origin: .file(script))
      var explorer = StateExplorer(session: session, depth: 5, maxStates: 20_000, quiet: true)
      explorer.jobs = 1
      explorer.remembersRefusedRetries = remembering
      return FrontierStatesTests.summary(explorer.run())
    }
    #expect(try explore(remembering: true) == explore(remembering: false))
  }
}
