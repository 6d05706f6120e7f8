import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// The tests of this suite that need the binary (the rest run in process, in FlowscriptKitTests).
  @Suite("graph")
  struct GraphTests {
    /// Node ids are unique in every format: `my item` and `my_item` were one Mermaid node, and
    /// tab `a` with screen `b/c` one node with tab `a/b` and screen `c` (`a/b/c`).
    @Test func nodeIDsNeverCollide() async throws {
      try await Workspace.with { workspace in
        try workspace.write("names.lua", """
          tab "a" { root = "b/c" }
          tab "a/b" { root = "c" }
          tab "x y" { root = "my item" }
          tab "x_y" { root = "my_item" }
          screen "b/c" { actions = { "go" } }
          screen "c" { actions = { "go" } }
          screen "my item" { actions = { "go" } }
          screen "my_item" { actions = { "go" } }
          screen "100%" {}
          screen "never" {}
          on("*.go", function(nav) nav:push("100%") end)

          """)
        let json = try await FlowscriptCLI.run(["graph", "names.lua", "--format", "json"], in: workspace.url)
        #expect(json.exitCode == 0, "\(json.stderr)")
        let nodes = try #require(try FlowscriptCLI.jsonObject(json.stdout)["nodes"] as? [[String: Any]])
        let ids = nodes.compactMap { $0["id"] as? String }
        #expect(ids.count == nodes.count)
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.contains("a/b%2Fc") && ids.contains("a%2Fb/c") && ids.contains("a/100%25"), "\(ids)")
        let dot = try await FlowscriptCLI.run(["graph", "names.lua"], in: workspace.url)
        let declared = dot.stdoutLines.filter { $0.contains(" [label=") && !$0.contains(" -> ") }
          .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " [label=")[0] }
        #expect(declared.count == nodes.count, "\(dot.stdout)")
        #expect(Set(declared).count == declared.count, "\(declared)")
        let mermaid = try await FlowscriptCLI.run(["graph", "names.lua", "--format", "mermaid"], in: workspace.url)
        let mermaidNodes = mermaid.stdoutLines.filter { $0.hasSuffix("\"]") && !$0.contains("subgraph") && !$0.contains("|") }
          .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "[")[0] }
        #expect(mermaidNodes.count == nodes.count, "\(mermaid.stdout)")
        #expect(Set(mermaidNodes).count == mermaidNodes.count, "\(mermaidNodes)")
        let subgraphs = mermaid.stdoutLines.filter { $0.contains("subgraph ") }
          .map { $0.components(separatedBy: "subgraph ")[1].components(separatedBy: "[")[0] }
        #expect(subgraphs.count == 4)
        #expect(Set(subgraphs).count == subgraphs.count, "\(subgraphs)")
      }
    }
  }
}
