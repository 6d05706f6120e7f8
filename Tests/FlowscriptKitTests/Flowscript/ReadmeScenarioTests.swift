@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The README shows `scripts/flows/login.flow`, which `scripts/test` runs: the copy is the file;
  /// and a `flowscript diff` of the demo and a changed copy: the copy is what flowscript prints.
  @Suite("README: the scenario file and the diff it shows")
  struct ReadmeScenarioTests {
    @Test func theReadmeShowsLoginFlowAsItIs() throws {
      let root = FlowscriptCLI.packageRoot
      let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
      let flow = try String(contentsOf: root.appendingPathComponent("scripts/flows/login.flow"), encoding: .utf8)
      #expect(readme.contains("`scripts/flows/login.flow`:\n\n```\n" + flow + "```\n"))
    }
  

  }
}
