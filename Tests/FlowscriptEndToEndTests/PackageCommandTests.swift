import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("packages")
  struct PackageCommandTests {
    let demo = FlowscriptCLI.demoScript

    @Test func packRefusesAScriptThatFailsValidation() async throws {
      try await Workspace.with { workspace in
        let key = workspace.path("k")
        _ = try await FlowscriptCLI.run(["keygen", "--out", key])
        let broken = try workspace.write("broken.lua", "tab \"home\" { root = \"feed\" }\non(\"feed.go\", function(nav) end)")
        let result = try await FlowscriptCLI.run(["pack", broken, "--key", key, "--release", "1", "--runtime", "1.0"], in: workspace.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("refusing to pack"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("broken.flowpkg")))
        let badRelease = try await FlowscriptCLI.run(["pack", demo, "--key", key, "--release", "0", "--runtime", "1.0"], in: workspace.url)
        #expect(badRelease.exitCode == 2)
        let publicAsPrivate = try await FlowscriptCLI.run(["pack", demo, "--key", key + ".pub", "--release", "1", "--runtime", "1.0"], in: workspace.url)
        #expect(publicAsPrivate.exitCode == 2)
        // The default output is NAME.flowpkg in the current directory.
        let named = try await FlowscriptCLI.run(["pack", demo, "--key", key, "--release", "2", "--runtime", "1.0", "--name", "shop"], in: workspace.url)
        #expect(named.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: workspace.path("shop.flowpkg")))
      }
    }
  }
}
