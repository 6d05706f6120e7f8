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
  }
}
