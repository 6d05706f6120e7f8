@testable import FlowscriptKit
import TestSupport
import Testing

extension FlowscriptTests {
  /// `reload OTHER.lua` refuses a script whose migration would lose navigation, says why on
  /// stderr, and keeps the old rules and state.
  @Suite("reload refusals")
  struct ReloadRefusalTests {
    static let script = """
      tab "home" { root = "list" }
      screen "list" { actions = { "open" } }
      screen "detail" { state = { n = 0 } }
      on("list.open", function(nav) nav:push("detail", { n = 1 }) end)
      """

    @Test func aRootLosingItsNavigationUnderPushesIsRefusedNamingTheTab() async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("flow.lua", Self.script)
        try workspace.write(
          "flat.lua", Self.script.replacingOccurrences(of: #"root = "list" }"#, with: #"root = "list", navigation = false }"#))
        let result = try await FlowscriptCLI.run(
          ["repl", flow], stdin: "list.open\nreload flat.lua\nexpect stack home: list > detail\nlist.open\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrLines == [
          "error: reload failed, the old rules stay active: flat.lua: reload rejected: tab 'home' now has no navigation "
            + "on its root (navigation = false), but its root layer holds pushes (home: list > detail); go back to its root first"
        ])
        #expect(result.stdoutLines.last == "home: list > detail(n=1) > detail(n=1) — pushed detail")
      }
    }

    @Test func aFieldWhoseKindChangedUnderAValueIsRefusedNamingScreenFieldAndKinds() async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("flow.lua", Self.script)
        try workspace.write(
          "text.lua",
          Self.script.replacingOccurrences(of: "state = { n = 0 }", with: #"state = { n = "" }"#)
            .replacingOccurrences(of: "{ n = 1 }", with: #"{ n = "one" }"#))
        let result = try await FlowscriptCLI.run(
          ["repl", flow], stdin: "list.open\nreload text.lua\nexpect top detail {n=1}\nback\nreload text.lua\nlist.open\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrLines == [
          "error: reload failed, the old rules stay active: text.lua: reload rejected: field 'n' of screen 'detail' changes "
            + "from integer to string, but 'detail' is in use with n = 1 (home: list > detail) and would lose that value; "
            + "close it first or keep the field's kind"
        ])
        // Once the screen is closed, the reload goes through and the new kind applies.
        #expect(result.stdoutLines.suffix(2) == [
          "reloaded text.lua: 1 rules; navigation kept (undo history cleared)",
          #"home: list > detail(n="one") — pushed detail"#,
        ])
      }
    }
  }
}
