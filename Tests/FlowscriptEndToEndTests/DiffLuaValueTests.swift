import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `diff` compares what the host receives as Lua values: an event's payload `1` is not `1.0`,
  /// `0` is not `-0.0`, two Unicode spellings of one text are two strings; and every report
  /// counts, not only events (a reselect at the root is not a reselect that pops).
  @Suite("diff: outcomes as Lua values")
  struct DiffLuaValueTests {
    static func script(emitting payload: String, reselect: String = "popToRoot") -> String {
      """
      tab "home" { root = "feed", reselect = "\(reselect)" }
      screen "feed" { actions = { "buy" } }
      screen "item" {}
      on("feed.buy", function(nav) nav:emit("bought", \(payload)) end)

      """
    }

    @Test(arguments: [
      ("{ qty = 1 }", "{ qty = 1.0 }"), ("{ qty = 0 }", "{ qty = -0.0 }"), ("{ qty = 0.0 }", "{ qty = -0.0 }"),
      (#"{ name = "caf\u{E9}" }"#, #"{ name = "cafe\u{301}" }"#),
    ])
    func aPayloadThatDiffersAsALuaValueIsADifference(old: String, new: String) async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.script(emitting: old))
        try workspace.write("new.lua", Self.script(emitting: new))
        let result = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--explore", "1"], in: workspace.url)
        #expect(result.exitCode == 1, "\(old) vs \(new): \(result.stdout)")
        #expect(result.stdout.contains("\n   'feed.buy' on feed\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\n   differs: event "), "what differs is named: \(result.stdout)")
        let same = try await FlowscriptCLI.run(["diff", "old.lua", "old.lua", "--explore", "1"], in: workspace.url)
        #expect(same.exitCode == 0, "\(same.stdout)")
      }
    }

    /// A tap on the selected tab at its root: `reselectedAtRoot` (scroll to top) with the default
    /// policy, `reselected` with `none` — the host is told two different things.
    @Test func aReportTheHostReceivesIsCompared() async throws {
      try await Workspace.with { workspace in
        try workspace.write("old.lua", Self.script(emitting: "{}"))
        try workspace.write("new.lua", Self.script(emitting: "{}", reselect: "none"))
        let result = try await FlowscriptCLI.run(["diff", "old.lua", "new.lua", "--explore", "1"], in: workspace.url)
        #expect(result.exitCode == 1, "\(result.stdout)")
        #expect(result.stdout.contains("reports reselectedAtRoot(home)"), "\(result.stdout)")
        #expect(result.stdout.contains("reports reselected(home)"), "\(result.stdout)")
      }
    }
  }
}
