import Foundation
import Testing

extension FlowscriptTests {
  /// `flowscript graph RULES.lua [--format dot|mermaid|json]`: screens as nodes, edges labelled
  /// with the line and the style; DOT that Graphviz accepts, JSON that parses.
  @Suite("graph")
  struct GraphTests {
    static let demoScreens = [
      "feed", "item", "cart", "checkout", "login", "help", "promo", "search", "account", "orders", "share", "review",
    ]

    /// Titles and names that need escaping in every format.
    static let awkwardScript = #"""
      tab "main" { root = "graph", title = "Main" }
      screen "graph" { title = "Say \"hi\" \\ back\\", actions = { "open", "more" } }
      screen "node" { title = "Ünïcode → ✓\nsecond line", actions = { "close" } }
      screen "edge" { title = "a|b;c{d}[e] -> x", actions = { "x" } }
      on("graph.open", function(nav) nav:presentSheet("node", {}, { navigation = true }) end)
      on("node.close", function(nav) nav:dismiss() end)
      on("graph.more", function(nav) nav:push("edge") end)
      """#

    static let isGraphvizInstalled = FlowscriptCLI.tool("dot") != nil

    @Test func dotIsTheDefaultFormat() async throws {
      let implicit = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript])
      let explicit = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "dot"])
      #expect(implicit.exitCode == 0)
      #expect(implicit.stdout == explicit.stdout)
    }

    @Test func dotHasEveryScreenAndTheEdgesBetweenThem() async throws {
      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "dot"])
      #expect(result.exitCode == 0)
      #expect(result.stderr.isEmpty)
      let lines = result.stdoutLines
      #expect(lines.first == "digraph flow {")
      #expect(lines.last == "}")
      for screen in Self.demoScreens {
        #expect(lines.contains { $0.hasPrefix("  \"\(screen)\" [label=") }, "a node for \(screen)")
      }
      // Tab roots are drawn with a double border.
      #expect(lines.contains(#"  "feed" [label="Feed\n(feed)", peripheries=2];"#))
      #expect(lines.contains(#"  "item" [label="Item\n(item)"];"#))
      for edge in [
        #"  "feed" -> "item" [label="feed.itemTapped (push)"];"#,
        #"  "feed" -> "cart" [label="feed.cartTapped (sheet)", style=dashed];"#,
        #"  "feed" -> "promo" [label="feed.promoTapped (cover)", style=bold];"#,
        #"  "cart" -> "checkout" [label="cart.checkoutTapped (push)"];"#,
        #"  "feed" -> "orders" [label="url shop://orders (tab switch)", style=dotted];"#,
      ] {
        #expect(lines.contains(edge))
      }
    }

    @Test(.enabled(if: isGraphvizInstalled, "Graphviz's dot is not installed (scripts/setup installs it)"))
    func graphvizAcceptsTheDOT() async throws {
      let dot = try #require(FlowscriptCLI.tool("dot"))
      try await Workspace.with { workspace in
        let awkward = try workspace.write("awkward.lua", Self.awkwardScript)
        for script in [FlowscriptCLI.demoScript, awkward] {
          let graph = try await FlowscriptCLI.run(["graph", script])
          #expect(graph.exitCode == 0)
          let svg = try await FlowscriptCLI.run(executable: dot, ["-Tsvg"], stdin: graph.stdout)
          #expect(svg.exitCode == 0, "dot -Tsvg rejected the graph of \(script): \(svg.stderr)")
          #expect(svg.stderr.isEmpty, "dot warned: \(svg.stderr)")
          #expect(svg.stdout.contains("<svg"))
        }
      }
    }

    @Test func mermaidHasEveryScreenAndTheEdgesBetweenThem() async throws {
      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "mermaid"])
      #expect(result.exitCode == 0)
      let lines = result.stdoutLines
      #expect(lines.first == "flowchart LR")
      for screen in Self.demoScreens {
        #expect(lines.contains { $0.hasPrefix("  s_\(screen)[\"") }, "a node for \(screen)")
      }
      #expect(lines.contains(#"  s_login["Log in"]"#))
      for edge in [
        #"  s_feed -->|"feed.itemTapped (push)"| s_item"#,
        #"  s_feed -.->|"feed.cartTapped (sheet)"| s_cart"#,
        #"  s_feed ==>|"feed.promoTapped (cover)"| s_promo"#,
        #"  s_feed -.->|"url shop://orders (tab switch)"| s_orders"#,
      ] {
        #expect(lines.contains(edge))
      }
    }

    @Test func jsonParsesWithNodesAndEdges() async throws {
      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "json"])
      #expect(result.exitCode == 0)
      try #require(result.stdoutLines.count == 1)
      let graph = try FlowscriptCLI.jsonObject(result.stdoutLines[0])
      #expect(Set(graph.keys) == ["nodes", "edges"])
      let nodes = try #require(graph["nodes"] as? [[String: Any]])
      #expect(nodes.map { $0["id"] as? String } == Self.demoScreens)
      #expect(nodes.filter { $0["root"] as? Bool == true }.map { $0["id"] as? String } == ["feed", "search", "account"])
      #expect(nodes.first?["title"] as? String == "Feed")

      let edges = try #require(graph["edges"] as? [[String: String]])
      #expect(edges.contains(["from": "feed", "to": "item", "action": "feed.itemTapped", "style": "push"]))
      #expect(edges.contains(["from": "feed", "to": "cart", "action": "feed.cartTapped", "style": "sheet"]))
      #expect(edges.contains(["from": "feed", "to": "promo", "action": "feed.promoTapped", "style": "cover"]))
      let screens = Set(Self.demoScreens)
      #expect(edges.allSatisfy { screens.contains($0["from"] ?? "") && screens.contains($0["to"] ?? "") })
    }

    @Test func jsonEscapesAwkwardTitles() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("awkward.lua", Self.awkwardScript)
        let result = try await FlowscriptCLI.run(["graph", script, "--format", "json"])
        #expect(result.exitCode == 0)
        try #require(result.stdoutLines.count == 1)
        let graph = try FlowscriptCLI.jsonObject(result.stdoutLines[0])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        #expect(
          nodes.map { $0["title"] as? String } == [#"Say "hi" \ back\"#, "Ünïcode → ✓\nsecond line", "a|b;c{d}[e] -> x"])
      }
    }
  }
}
