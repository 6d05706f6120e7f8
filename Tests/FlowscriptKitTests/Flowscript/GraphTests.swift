@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript graph RULES.lua [--format dot|mermaid|json] [--all-links] [--back]`: a node per
  /// screen and tab, tabs as clusters, edges labelled with the line, the style and a redirecting
  /// guard, one node per deep-link pattern, going back only on request; DOT that Graphviz
  /// accepts, JSON that parses.
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
      // A node per screen and tab that shows it, ids `tab/screen`.
      for screen in Self.demoScreens {
        #expect(lines.contains { $0.hasPrefix("    \"") && $0.contains("/\(screen)\" [label=") }, "a node for \(screen)")
      }
      // Tab roots are drawn with a double border.
      #expect(lines.contains(#"    "home/feed" [label="Feed\n(feed)", peripheries=2];"#))
      #expect(lines.contains(#"    "home/item" [label="Item\n(item)"];"#))
      for edge in [
        #"  "home/feed" -> "home/item" [label="feed.itemTapped (push)"];"#,
        #"  "home/feed" -> "home/cart" [label="feed.cartTapped (sheet)", style=dashed];"#,
        #"  "home/feed" -> "@app/promo" [label="feed.promoTapped (cover)", style=bold];"#,
        #"  "home/cart" -> "home/checkout" [label="cart.checkoutTapped (push)"];"#,
        #"  "home/item" -> "profile/orders" [label="item.buyTapped (tab switch)", style=dotted];"#,
        #"  "search/search" -> "search/item" [label="search.resultTapped (push)"];"#,
      ] {
        #expect(lines.contains(edge))
      }
    }

    /// The deep-link patterns of the demo: its `deeplink`s and `link`s.
    static let demoPatterns = ["shop://orders", "shop://item/:id", "shop://orders/:highlight", "shop://home"]

    @Test func deepLinksAreOneNodePerPattern() async throws {
      let source = try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8)
      let declared = source.split(separator: "\n").filter { $0.hasPrefix("deeplink(") || $0.hasPrefix("link(") }
      #expect(declared.count == Self.demoPatterns.count, "the demo's patterns changed: \(declared)")

      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript])
      #expect(result.exitCode == 0)
      let lines = result.stdoutLines
      let linkNodes = lines.filter { $0.hasPrefix("  \"url ") && $0.contains("shape=cds") }
      #expect(linkNodes == Self.demoPatterns.map { #"  "url \#($0)" [label="url \#($0)", shape=cds, style=""];"# })
      // No edge is labelled with a `url` line: each pattern's edges leave its node.
      let edges = lines.filter { $0.contains(" -> ") }
      #expect(!edges.contains { $0.contains("label=\"url ") }, "\(edges.filter { $0.contains("label=\"url ") })")
      #expect(edges.filter { $0.hasPrefix("  \"url ") }.count < 12, "\(edges)")
      #expect(edges.contains(#"  "url shop://home" -> "home/feed" [label="tab switch", style=dotted];"#))
      #expect(edges.contains(#"  "url shop://item/:id" -> "home/item" [label="push / tab switch"];"#))

      // --all-links: the edge from every screen a link was opened from, as before.
      let all = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--all-links"])
      #expect(all.exitCode == 0)
      #expect(all.stdoutLines.contains(#"  "home/feed" -> "profile/orders" [label="url shop://orders (tab switch)", style=dotted];"#))
      #expect(all.stdoutLines.filter { $0.contains("label=\"url ") }.count > 20)
      #expect(!all.stdoutLines.contains { $0.contains("shape=cds") })
    }

    @Test func tabsAreClusters() async throws {
      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript])
      let lines = result.stdoutLines
      for (tab, title) in [("home", "Home"), ("search", "Search"), ("profile", "Profile")] {
        let start = try #require(lines.firstIndex(of: "  subgraph cluster_\(tab) {"), "a cluster for \(tab)")
        #expect(lines[start + 1] == "    label=\"\(title) (\(tab))\";")
        let end = try #require(lines[start...].firstIndex(of: "  }"))
        let members = lines[(start + 2)..<end]
        #expect(!members.isEmpty)
        #expect(members.allSatisfy { $0.hasPrefix("    \"\(tab)/") }, "\(members)")
      }
      // A screen shown in several tabs is a node in each: an item from the feed and from search.
      #expect(lines.contains(#"    "search/item" [label="Item\n(item)"];"#))

      let mermaid = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "mermaid"])
      let mermaidLines = mermaid.stdoutLines
      let start = try #require(mermaidLines.firstIndex(of: #"  subgraph t_profile["Profile (profile)"]"#))
      #expect(mermaidLines[start + 1].hasPrefix("    s_profile_"))
      #expect(mermaidLines[start...].contains("  end"))
    }

    @Test func backEdgesOnlyWithTheFlag() async throws {
      let plain = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript])
      #expect(!plain.stdoutLines.contains { $0.contains("label=\"back ") || $0.contains("(pop)") || $0.contains("(dismiss)") })
      let json = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "json"])
      let edges = try #require(try FlowscriptCLI.jsonObject(json.stdout)["edges"] as? [[String: String]])
      #expect(!edges.contains { $0["kind"] == "back" })

      let back = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--back"])
      #expect(back.exitCode == 0)
      let lines = back.stdoutLines
      #expect(lines.contains(#"  "home/item" -> "home/feed" [label="back (pop)", color=gray, fontcolor=gray];"#))
      #expect(lines.contains(#"  "home/cart" -> "home/feed" [label="cart.closeTapped (dismiss)", color=gray, fontcolor=gray];"#))
      // Everything drawn without the flag is drawn with it.
      #expect(Set(plain.stdoutLines).isSubset(of: Set(lines)))
    }

    /// A transition is classed by what its line did, not by the net depth: closing a sheet and
    /// pushing the next screen (`nav:dismissAll(); nav:push("tracking")`) is a push drawn without
    /// `--back`, while a line that only closes is going back.
    @Test func aDismissThenAPushIsForward() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("booking.lua", """
          tab "main" { root = "home" }
          screen "home" { actions = { "book" } }
          screen "item" { actions = { "pay" } }
          screen "pay" { actions = { "paid", "cancel" } }
          screen "tracking" { actions = {} }
          on("home.book", function(nav) nav:push("item") end)
          on("item.pay", function(nav) nav:presentSheet("pay") end)
          on("pay.paid", function(nav) nav:dismissAll(); nav:popToRoot(); nav:push("tracking") end)
          on("pay.cancel", function(nav) nav:dismiss() end)

          """)
        let plain = try await FlowscriptCLI.run(["graph", script])
        #expect(plain.exitCode == 0, "\(plain.stderr)")
        #expect(plain.stdoutLines.contains(#"  "main/pay" -> "main/tracking" [label="pay.paid (push)"];"#), "\(plain.stdout)")
        #expect(!plain.stdoutLines.contains { $0.contains("pay.cancel") })
        let json = try await FlowscriptCLI.run(["graph", script, "--format", "json", "--back"])
        let edges = try #require(try FlowscriptCLI.jsonObject(json.stdout)["edges"] as? [[String: String]])
        #expect(edges.contains(["from": "main/pay", "to": "main/tracking", "action": "pay.paid", "style": "push", "kind": "action"]))
        #expect(edges.contains(["from": "main/pay", "to": "main/item", "action": "pay.cancel", "style": "dismiss", "kind": "back"]))
      }
    }

    @Test func redirectEdgesNameTheGuard() async throws {
      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript])
      #expect(result.stdoutLines.contains(
        #"  "profile/account" -> "profile/login" [label="account.ordersTapped (sheet)\nredirected by guard 'login required for orders'", style=dashed, color=red, fontcolor=red];"#))
      // The change the guard let through is drawn as well.
      #expect(result.stdoutLines.contains(#"  "profile/account" -> "profile/orders" [label="account.ordersTapped (push)"];"#))

      try await Workspace.with { workspace in
        let script = try workspace.write("redirect.lua", Self.redirectScript)
        let dot = try await FlowscriptCLI.run(["graph", script])
        #expect(dot.exitCode == 0)
        #expect(dot.stdoutLines.contains(
          #"  "main/home" -> "main/gate" [label="home.open (push)\nredirected by guard 'members only'", color=red, fontcolor=red];"#),
          "\(dot.stdout)")
        let json = try await FlowscriptCLI.run(["graph", script, "--format", "json"])
        let edges = try #require(try FlowscriptCLI.jsonObject(json.stdout)["edges"] as? [[String: String]])
        #expect(edges.contains([
          "from": "main/home", "to": "main/gate", "action": "home.open", "style": "push", "kind": "action",
          "redirectedBy": "members only",
        ]))
        #expect(edges.contains(["from": "main/home", "to": "main/vip", "action": "home.open", "style": "push", "kind": "action"]))
      }
    }

    /// A push a guard redirects to another screen until a context flag is set.
    static let redirectScript = #"""
      tab "main" { root = "home" }
      screen "home" { actions = { "open" } }
      screen "vip" { actions = {} }
      screen "gate" { actions = {} }
      on("home.open", function(nav) nav:push("vip") end)
      guard("members only", function(change)
        if change.after.top == "vip" and not change.context.member then
          return false, "members only", { redirect = function(nav) nav:push("gate") end }
        end
      end)
      """#

    @Test(.enabled(if: isGraphvizInstalled, "Graphviz's dot is not installed (scripts/setup installs it)"))
    func graphvizAcceptsTheDOT() async throws {
      let dot = try #require(FlowscriptCLI.tool("dot"))
      try await Workspace.with { workspace in
        let awkward = try workspace.write("awkward.lua", Self.awkwardScript)
        for arguments in [[FlowscriptCLI.demoScript], [awkward], [FlowscriptCLI.demoScript, "--back", "--all-links"]] {
          let script = arguments.joined(separator: " ")
          let graph = try await FlowscriptCLI.run(["graph"] + arguments)
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
        #expect(lines.contains { $0.hasPrefix("    s_") && $0.contains("_\(screen)[\"") }, "a node for \(screen)")
      }
      #expect(lines.contains(#"    s_home_login["Log in"]"#))
      for edge in [
        #"  s_home_feed -->|"feed.itemTapped (push)"| s_home_item"#,
        #"  s_home_feed -.->|"feed.cartTapped (sheet)"| s_home_cart"#,
        #"  s_home_feed ==>|"feed.promoTapped (cover)"| s__app_promo"#,
        #"  l_url_shop___home -.->|"tab switch"| s_home_feed"#,
      ] {
        #expect(lines.contains(edge))
      }
    }

    @Test func jsonParsesWithNodesAndEdges() async throws {
      let result = try await FlowscriptCLI.run(["graph", FlowscriptCLI.demoScript, "--format", "json"])
      #expect(result.exitCode == 0)
      try #require(result.stdoutLines.count == 1)
      let graph = try FlowscriptCLI.jsonObject(result.stdoutLines[0])
      #expect(Set(graph.keys) == ["tabs", "nodes", "links", "edges"])
      let tabs = try #require(graph["tabs"] as? [[String: String]])
      #expect(tabs == [
        ["id": "home", "title": "Home"], ["id": "search", "title": "Search"], ["id": "profile", "title": "Profile"],
        ["id": "@app", "title": "Above the tabs"],
      ])
      let nodes = try #require(graph["nodes"] as? [[String: Any]])
      #expect(Set(nodes.compactMap { $0["screen"] as? String }) == Set(Self.demoScreens))
      // Every node says its tab, and its id is `tab/screen`.
      for node in nodes {
        let tab = try #require(node["tab"] as? String, "\(node)")
        #expect(tabs.contains { $0["id"] == tab })
        #expect(node["id"] as? String == "\(tab)/\(node["screen"] as? String ?? "")")
      }
      #expect(nodes.filter { $0["root"] as? Bool == true }.map { $0["id"] as? String } == ["home/feed", "search/search", "profile/account"])
      #expect(nodes.first?["title"] as? String == "Feed")
      #expect(Set(nodes.filter { $0["screen"] as? String == "item" }.compactMap { $0["tab"] as? String }) == ["home", "search"])
      let links = try #require(graph["links"] as? [[String: String]])
      #expect(links.map { $0["pattern"] } == Self.demoPatterns)

      let edges = try #require(graph["edges"] as? [[String: String]])
      #expect(edges.contains(["from": "home/feed", "to": "home/item", "action": "feed.itemTapped", "style": "push", "kind": "action"]))
      #expect(edges.contains(["from": "home/feed", "to": "home/cart", "action": "feed.cartTapped", "style": "sheet", "kind": "action"]))
      #expect(edges.contains(["from": "home/feed", "to": "@app/promo", "action": "feed.promoTapped", "style": "cover", "kind": "action"]))
      #expect(edges.contains(["from": "url shop://home", "to": "home/feed", "action": "url shop://home", "style": "tab switch", "kind": "link"]))
      let ends = Set(nodes.compactMap { $0["id"] as? String })
      let starts = ends.union(links.compactMap { $0["id"] })
      #expect(edges.allSatisfy { starts.contains($0["from"] ?? "") && ends.contains($0["to"] ?? "") })
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
