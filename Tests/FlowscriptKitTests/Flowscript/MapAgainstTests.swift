@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `flowscript map NEW --against OLD`: the transitions whose outcome differs from OLD's carry a
  /// mark, placed where `diff` found them, and no other transition does.
  @Suite("map --against")
  struct MapAgainstTests {
    /// The demo with its checkout guard "simplified": a user who never logged in (the key unset)
    /// reaches checkout.
    static func changedDemo() throws -> String {
      let demo = try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8)
      let guardLine = "not change.context.loggedIn and change.after:tab(\"home\"):contains(\"checkout\")"
      #expect(demo.contains(guardLine))
      return demo.replacingOccurrences(
        of: guardLine, with: "change.context.loggedIn == false and change.after:tab(\"home\"):contains(\"checkout\")")
    }

    @Test func marksExactlyTheTransitionsDiffFinds() async throws {
      try await Workspace.with { workspace in
        let changed = workspace.path("next.lua")
        try Self.changedDemo().write(toFile: changed, atomically: true, encoding: .utf8)
        let page = workspace.path("flow.html")
        let result = try await FlowscriptCLI.run(
          ["map", changed, "--against", FlowscriptCLI.demoScript, "--explore", "4", "-o", page])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let data = try MapTests.data(of: try String(contentsOfFile: page, encoding: .utf8))
        let marks = try #require(data["marks"] as? [[Any]])
        let states = try #require(data["states"] as? [[Any]])
        let inputs = try #require(data["inputs"] as? [[Int]])
        let lines = try #require(data["lines"] as? [String])
        let out = try #require(data["out"] as? [[Int]])
        #expect(!marks.isEmpty)
        #expect(result.stderr.contains("marked \(marks.count) transition"))
        for mark in marks {
          let state = try #require(mark[0] as? Int)
          let position = try #require(mark[1] as? Int)
          let line = lines[inputs[try #require(states[state][7] as? Int)][position]]
          // The only change: checkout, redirected to the login sheet before, now opens (logged out).
          #expect(line == "cart.checkoutTapped")
          #expect((mark[2] as? String)?.contains("was: shows login (sheet)") == true, "\(mark[2])")
          #expect(out[state][position] >= 0 || out[state][position] == -2, "now it leads somewhere")
        }
        // The banner's data: the old script, one change by its cause, its shortest lines; every
        // mark is that change's.
        let against = try #require(data["against"] as? [String: Any])
        #expect(against["old"] as? String == FlowscriptCLI.demoScript)
        let changes = try #require(against["changes"] as? [[Any]])
        #expect(changes.count == 1)
        #expect(changes.first?[0] as? String == "guard 'login required for checkout'")
        #expect(changes.first?[1] as? Int == against["sequences"] as? Int)
        #expect(changes.first?[2] as? [String] == ["feed.cartTapped"])
        #expect(changes.first?[3] as? String == "cart.checkoutTapped")
        #expect(marks.allSatisfy { $0.count == 4 && $0[3] as? Int == 0 })
        #expect(result.stderr.contains("1. guard 'login required for checkout' — "), "\(result.stderr)")
        // The cart sheet reached by its shortest lines carries the mark.
        let cart = try MapTests.follow(["feed.cartTapped"], in: data)
        #expect(marks.contains { $0[0] as? Int == cart })
      }
    }

    @Test func marksNothingAgainstItself() async throws {
      try await Workspace.with { workspace in
        let page = workspace.path("flow.html")
        let result = try await FlowscriptCLI.run(
          ["map", FlowscriptCLI.demoScript, "--against", FlowscriptCLI.demoScript, "--explore", "3", "-o", page])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("marked 0 transitions"))
        let data = try MapTests.data(of: try String(contentsOfFile: page, encoding: .utf8))
        #expect(data["marks"] == nil)
        // The banner still says what the page was compared with: no change.
        let against = try #require(data["against"] as? [String: Any])
        #expect((against["changes"] as? [Any])?.isEmpty == true)
        #expect(against["sequences"] as? Int == 0)
      }
    }

    @Test func aMissingOldScriptIsAUsageError() async throws {
      try await Workspace.with { workspace in
        let result = try await FlowscriptCLI.run(
          ["map", FlowscriptCLI.demoScript, "--against", workspace.path("old.lua"), "-o", workspace.path("flow.html")])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("old.lua"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("flow.html")))
      }
    }
  }
}
