@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript map RULES.lua [-o FILE] [--explore N]`: one offline HTML file whose data
  /// agrees with `flowscript send`.
  @Suite("map")
  struct MapTests {
    let demo = FlowscriptCLI.demoScript

    /// The JSON in a map page's data element.
    static func data(of page: String) throws -> [String: Any] {
      let start = try #require(page.range(of: #"<script id="data" type="application/json">"#))
      let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
      return try FlowscriptCLI.jsonObject(String(page[start.upperBound..<end.lowerBound]))
    }

    /// Each tab's screens in state `state` of the data.
    static func screens(_ data: [String: Any], state: Int) throws -> (selected: Int, tabs: [[String]]) {
      let states = try #require(data["states"] as? [[Any]])
      let stacks = try #require(data["stacks"] as? [[Int]])
      let layers = try #require(data["layers"] as? [[Any]])
      let routes = try #require(data["routes"] as? [[Any]])
      let screens = try #require(data["screens"] as? [[String]])
      let tabs = try #require(states[state][1] as? [Int]).map { stack in
        stacks[stack].flatMap { layer in
          (layers[layer][3] as? [Int] ?? []).map { screens[routes[$0][0] as? Int ?? 0][0] }
        }
      }
      return (try #require(states[state][0] as? Int), tabs)
    }

    /// The state the data's transitions lead to from the initial state by `lines`.
    static func follow(_ lines: [String], in data: [String: Any]) throws -> Int {
      let states = try #require(data["states"] as? [[Any]])
      let inputs = try #require(data["inputs"] as? [[Int]])
      let allLines = try #require(data["lines"] as? [String])
      let out = try #require(data["out"] as? [[Int]])
      var state = 0
      for line in lines {
        let set = inputs[try #require(states[state][7] as? Int)]
        let position = try #require(set.firstIndex { allLines[$0] == line }, "no input '\(line)' in state \(state)")
        state = out[state][position]
        try #require(state >= 0, "'\(line)' is no transition in the map (\(state))")
      }
      return state
    }

    @Test func writesOneOfflineFileWhoseTransitionsAgreeWithSend() async throws {
      try await Workspace.with { workspace in
        let page = workspace.path("flow.html")
        let result = try await FlowscriptCLI.run(["map", demo, "--explore", "4", "-o", page])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path) == ["flow.html"])
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        for external in ["http://", "https://", "src=", "<link", "@import", "url("] {
          #expect(!html.contains(external), "the page refers to something outside it: \(external)")
        }
        let data = try Self.data(of: html)
        #expect(data["depth"] as? Int == 4)
        let tabIDs = try #require(data["tabs"] as? [[String]]).map { $0[0] }
        for lines in [
          ["feed.itemTapped {id=1}", "item.buyTapped"],
          ["feed.itemTapped {id=1}", "item.buyTapped", "login.helpTapped"],
          ["tab profile", "account.ordersTapped"],
          ["set loggedIn true", "feed.cartTapped", "cart.checkoutTapped"],
        ] {
          let state = try Self.follow(lines, in: data)
          let shown = try Self.screens(data, state: state)
          let sent = try await FlowscriptCLI.run(["send", demo, "--json"] + lines)
          #expect(sent.exitCode == 0)
          let json = try FlowscriptCLI.jsonObject(try #require(sent.stateLines.last))
          #expect(json["selectedTab"] as? String == tabIDs[shown.selected], "\(lines)")
          let tabs = try #require(json["tabs"] as? [[String: Any]])
          let expected = tabs.map { ($0["routes"] as? [[String: Any]] ?? []).map { $0["screen"] as? String ?? "?" } }
          #expect(shown.tabs == expected, "\(lines)")
        }
      }
    }

    @Test func writesToStandardOutputWithoutAFile() async throws {
      let result = try await FlowscriptCLI.run(["map", demo, "--explore", "1"])
      #expect(result.exitCode == 0)
      #expect(result.stdout.hasPrefix("<!doctype html>"))
      #expect(result.stdout.hasSuffix("</html>\n"))
      #expect(try (Self.data(of: result.stdout)["states"] as? [Any])?.count ?? 0 > 1)
    }

    @Test func badInputIsAUsageErrorWithAClearMessage() async throws {
      try await Workspace.with { workspace in
        let missing = try await FlowscriptCLI.run(["map", workspace.path("nope.lua")])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("nope.lua: no such script"))
        #expect(missing.stdout.isEmpty)

        let broken = try workspace.write("broken.lua", "tab \"home\" { root = \"feed\" \n screen(")
        let failed = try await FlowscriptCLI.run(["map", broken, "-o", workspace.path("out.html")])
        #expect(failed.exitCode == 2)
        #expect(failed.stderr.contains("broken.lua"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("out.html")))

        let negative = try await FlowscriptCLI.run(["map", demo, "--explore=-1"])
        #expect(negative.exitCode == 2)
        #expect(negative.stderr.contains("--explore must be 0 or more, got -1"), "\(negative.stderr)")

        let page = try workspace.write("flow.html", "old")
        let kept = try await FlowscriptCLI.run(["map", demo, "--explore", "1", "-o", page])
        #expect(kept.exitCode == 2)
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "old")
        let script = try await FlowscriptCLI.run(["map", demo, "-o", demo, "--force"])
        #expect(script.exitCode == 2)
        #expect(script.stderr.contains("never overwrites"))
      }
    }

    @Test func mapsASignedPackageWithItsPublicKey() async throws {
      try await Workspace.with { workspace in
        let key = workspace.path("release.key")
        #expect(try await FlowscriptCLI.run(["keygen", "--out", key]).exitCode == 0)
        let package = workspace.path("demo.flowpkg")
        #expect(try await FlowscriptCLI.run(["pack", demo, "--key", key, "--release", "1", "--runtime", "1.0", "--out", package]).exitCode == 0)
        let refused = try await FlowscriptCLI.run(["map", package])
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("--public-key"))
        let mapped = try await FlowscriptCLI.run(["map", package, "--public-key", key + ".pub", "--explore", "1"])
        #expect(mapped.exitCode == 0, "\(mapped.stderr)")
        #expect(try (Self.data(of: mapped.stdout)["states"] as? [Any])?.count ?? 0 > 1)
      }
    }
  }
}
