@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// Any name a script declares can be written in the line language (quoted when a bare word
  /// cannot hold it); an action can come from a route of another tab (`home:feed.loaded`); and
  /// `check` reports what it could not explore instead of skipping it.
  @Suite("Quoted names")
  struct QuotedNamesTests {
    static let script = """
      tab "home" { root = "feed" }
      tab "tab one" { root = "first" }
      screen "feed" { actions = { "go" } }
      screen "first" { actions = { "1st", ["with.dot"] = {} } }
      screen "my screen" {}
      on("first.1st", function(nav) nav:push("my screen") end)
      on("first.with.dot", function(nav) end)
      on("feed.go", function(nav) nav:push("my screen") end)
      deeplink("shop://search/:query", function(nav, p) nav:selectTab("tab one") end)
      """

    @Test func quotedNamesWorkInEveryLine() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("names.lua", Self.script)
        let result = try await FlowscriptCLI.run([
          "send", script, #"tab "tab one""#, #"first."1st""#, #"expect stack "tab one": first > "my screen""#,
          #"expect top "my screen""#, #"expect tab "tab one""#, #""tab one":first."with.dot""#,
          #"home:feed.go"#, #"expect stack home: feed > "my screen""#, #"expect tab "tab one""#,
          #"url "shop://search/red shoes""#, #"expect tab "tab one""#,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
      }
    }

    @Test func checkExploresQuotedNamesAndItsReproductionsReplay() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("names.lua", Self.script + """

          on("my screen.x", function() end)
          """.replacingOccurrences(of: "on(\"my screen.x\", function() end)", with: ""))
        let check = try await FlowscriptCLI.run(["check", script, "--explore", "3"])
        #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdoutLines.last == "check passed")
        #expect(!check.stdout.contains("not explored"))
      }
    }

    @Test func evenALineBreakInANameCanBeWrittenAndExplored() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("odd.lua", #"""
          tab "home" { root = "feed" }
          screen "feed" { actions = { "two\nlines" } }
          """#)
        let check = try await FlowscriptCLI.run(["check", script, "--explore", "2"])
        #expect(!check.stdout.contains("not explored"), "\(check.stdout)")
        let send = try await FlowscriptCLI.run(["send", script, #"feed."two\nlines""#])
        #expect(send.exitCode == 0, "\(send.stderr)")
      }
    }

    @Test func anActionFromAnotherTabsRoute() async throws {
      let result = try await FlowscriptCLI.run(
        ["send", FlowscriptCLI.demoScript, "tab search", "home:feed.itemTapped {id=4}", "expect tab search",
         "expect stack home: feed > item", "home:cart.closeTapped"])
      #expect(result.exitCode == 1)
      #expect(result.stderrLines == ["line 5: error: no 'cart' screen in the tab 'home' (feed > item(id=4, qty=1))"])
    }
  }
}
