@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `tree` (and `send`'s output) indents a route by its depth up to 16 levels, then shows the
  /// depth instead: its size grows with the number of routes, not with its square (2,000 routes
  /// printed 4 MB of indentation).
  @Suite("tree of a deep stack")
  struct DeepStackTreeTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "more", "deep" } }
      screen "item" { state = { n = 0 }, actions = { "more" } }
      on("*.more", function(nav) nav:push("item", { n = 1 }) end)
      on("feed.deep", function(nav) for i = 1, 1999 do nav:push("item", { n = 1 }) end end)
      """

    /// The tree of `home` with 2,000 routes pushed on its root: one line per route, none longer
    /// than the 16-level indent, a depth label and the route.
    static func expectDeepTree(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(lines.count == 2 + 2_000, sourceLocation: sourceLocation)
      #expect(lines.first == "home *", sourceLocation: sourceLocation)
      #expect(lines.dropFirst().first == "  feed  [root, navigation]", sourceLocation: sourceLocation)
      #expect(lines.dropFirst(2).first == "    item(n=1)  [push]", sourceLocation: sourceLocation)
      let deep = String(repeating: " ", count: 32)
      // Depth 16 is the last indented one; from 17 on, the indent stays and the depth shows.
      #expect(lines.dropFirst(16).first == deep + "item(n=1)  [push]", sourceLocation: sourceLocation)
      #expect(lines.dropFirst(17).first == deep + "17. item(n=1)  [push]", sourceLocation: sourceLocation)
      #expect(lines.last == deep + "2001. item(n=1)  [push]", sourceLocation: sourceLocation)
      let longest = lines.map(\.count).max() ?? 0
      #expect(longest <= 60, "a line of \(longest) characters", sourceLocation: sourceLocation)
    }

    @Test func sendPrintsTheTreeOfTwoThousandPushesInLinearSize() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("deep.lua", Self.script)
        // A generated scenario: 2,000 lines, each pushing one route.
        let lines = ["feed.more"] + Array(repeating: "item.more", count: 1_999)
        let result = try await FlowscriptCLI.run(["send", script] + lines)
        #expect(result.exitCode == 0)
        Self.expectDeepTree(result.stdoutLines)
        #expect(result.stdout.utf8.count < 2_002 * 60)
      }
    }

    @Test func theREPLTreeOfADeepStackIsLinearToo() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("deep.lua", Self.script)
        let result = try await FlowscriptCLI.run(["repl", script], stdin: "feed.more\nitem.more\nback\nback\nfeed.deep\nitem.more\ntree\n")
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let tree = Array(result.stdoutLines.drop { $0 != "home *" })
        Self.expectDeepTree(tree)
      }
    }
  }
}
