@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// What a rule prints is shown by `send`, `run` and the REPL, marked with the rule and its line.
  @Suite("print in rules")
  struct PrintOutputTests {
    static let script = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 } } }
      screen "item" { state = { id = 0 } }
      on("feed.itemTapped", function(nav, payload)
        print("hello " .. payload.id)
        nav:push("item", { id = payload.id })
      end)
      """

    @Test func sendShowsWhatARulePrints() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("shop.lua", Self.script)
        let result = try await FlowscriptCLI.run(["send", script, "feed.itemTapped {id=3}"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines.first == "print feed.itemTapped (shop.lua:5): hello 3")
        #expect(result.stdoutLines.last == "    item(id=3)  [push]")
      }
    }

    @Test func runShowsWhatARulePrintsBeforeTheFilesResult() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("shop.lua", Self.script)
        let flow = try workspace.write("open.flow", "feed.itemTapped {id=7}\nexpect top item\n")
        let result = try await FlowscriptCLI.run(["run", script, flow])
        #expect(result.exitCode == 0)
        #expect(result.stdoutLines == [
          "print feed.itemTapped (shop.lua:5): hello 7", "PASS \(flow)", "1 passed, 0 failed",
        ])
      }
    }

    @Test func checkDoesNotPrint() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write("shop.lua", Self.script)
        let result = try await FlowscriptCLI.run(["check", script, "--explore", "2"])
        #expect(!result.stdout.contains("print feed.itemTapped"))
      }
    }
  }
}

extension FlowscriptTests.PrintOutputTests {
  /// A declared action's sample payload is its schema: a line missing a field fails, naming it,
  /// rather than pushing the screen with its defaults.
  @Test func aLineWithoutTheDeclaredPayloadFailsNamingTheField() async throws {
    try await Workspace.with { workspace in
      let script = try workspace.write("shop.lua", Self.script)
      let result = try await FlowscriptCLI.run(["send", script, "feed.itemTapped"])
      #expect(result.exitCode == 1)
      #expect(result.stderrLines == ["line 1: error: feed.itemTapped: the payload lacks 'id' (fields: id; the declared sample is {id=1})"])
      #expect(!result.stdout.contains("item(id="))
      let extra = try await FlowscriptCLI.run(["send", script, "feed.itemTapped {id=1, idd=2}"])
      #expect(extra.stderrLines == ["line 1: error: feed.itemTapped: the payload has no field 'idd' (fields: id) — did you mean 'id'?"])
    }
  }
}
