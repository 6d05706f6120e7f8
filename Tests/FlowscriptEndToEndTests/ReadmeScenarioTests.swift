import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("README: the scenario file and the diff it shows")
  struct ReadmeScenarioTests {
    @Test func theReadmeShowsTheDiffFlowscriptPrints() async throws {
      let root = FlowscriptCLI.packageRoot
      let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
      // The change the README describes, made in a folder holding the demo as scripts/demo.lua.
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-diff-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let demo = try String(contentsOf: root.appendingPathComponent("scripts/demo.lua"), encoding: .utf8)
      let guardLine = "not change.context.loggedIn and change.after:tab(\"home\"):contains(\"checkout\")"
      #expect(demo.contains(guardLine))
      let changed = demo.replacingOccurrences(
        of: guardLine, with: "change.context.loggedIn == false and change.after:tab(\"home\"):contains(\"checkout\")")
      try demo.write(to: folder.appendingPathComponent("scripts/demo.lua"), atomically: true, encoding: .utf8)
      try changed.write(to: folder.appendingPathComponent("next.lua"), atomically: true, encoding: .utf8)
      // A debug build explores both scripts to depth 6: on a shared, loaded machine that has taken
      // over 20 s, so the bound (a safety net against a hang, not a bar) is above the default's.
      let result = try await FlowscriptCLI.run(
        ["diff", "scripts/demo.lua", "next.lua", "--explore", "6"], in: folder, timeout: .seconds(300))
      #expect(result.exitCode == 1)
      let printed = result.stdout.replacingOccurrences(of: #" in \d+ ms"#, with: " in … ms", options: .regularExpression)
      #expect(readme.contains("$ flowscript diff scripts/demo.lua next.lua --explore 6\n" + printed + "```\n"), "\(printed)")
    }
  }
}
