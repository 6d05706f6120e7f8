import Foundation
@testable import TabFlowDelivery
import TestSupport
import Testing

extension FlowscriptTests {
  /// A guard that raises an error is a failure of the rules — as an app counts it
  /// (`ScriptedRules.guardErrorCount`) — in every tool, never an ordinary rejection: `check`
  /// called it a note and passed, `expect rejected` passed against it, `diff` saw it as a
  /// rejection, and `pack` and `verify` accepted a script whose guard crashed on every tab tap.
  @Suite("a guard that raises")
  struct GuardErrorTests {
    /// Two tabs; a guard crashes on every change that selects `more`, another rejects (properly)
    /// showing `orders` to a user not logged in.
    static let crashing = """
      tab "home" { root = "feed" }
      tab "more" { root = "menu" }
      screen "feed" { actions = { "open" } }
      screen "menu" {}
      screen "orders" {}
      on("feed.open", function(nav) nav:push("orders") end)
      guard("login", function(change)
        if change.after.top == "orders" and not change.context.loggedIn then return false, "log in first" end
      end)
      guard("tabs", function(change)
        local settings = nil
        if change.after.currentTab == "more" then return settings.allowed end
      end)

      """

    /// The same flow whose second guard answers instead of crashing.
    static let answering = crashing.replacingOccurrences(
      of: "return settings.allowed", with: "return true")

    static let message = "guard failed: crashing.lua:12: guard 'tabs': attempt to index a nil value (local 'settings')"

    @Test func checkReportsItAsAProblem() async throws {
      try await Workspace.with { workspace in
        try workspace.write("crashing.lua", Self.crashing)
        try workspace.write("answering.lua", Self.answering)
        let result = try await FlowscriptCLI.run(["check", "crashing.lua", "--explore", "2"], in: workspace.url)
        #expect(result.exitCode == 1, "\(result.stdout)")
        #expect(result.stdout.contains("guard error: \(Self.message)\n  reproduce: flowscript send crashing.lua 'tab more'\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("guard rejection (note): rejected by guard 'tabs'"))
        #expect(result.stdoutLines.last == "check failed: 1 problem(s)")
        // The guard that rejects is still a note.
        #expect(result.stdout.contains("guard rejection (note): rejected by guard 'login': log in first"))
        let fixed = try await FlowscriptCLI.run(["check", "answering.lua", "--explore", "2"], in: workspace.url)
        #expect(fixed.exitCode == 0, "\(fixed.stdout)")
        #expect(fixed.stdoutLines.last == "check passed")
      }
    }

    /// `send` and `run` fail the line as an error (exit 1, the guard's message); `expect
    /// rejected` does not hold against it, `expect error` does, and there is nothing to confirm.
    @Test func sendAndRunFailTheLine() async throws {
      try await Workspace.with { workspace in
        try workspace.write("crashing.lua", Self.crashing)
        let send = try await FlowscriptCLI.run(["send", "crashing.lua", "tab more"], in: workspace.url)
        #expect(send.exitCode == 1)
        #expect(send.stderrLines == ["line 1: error: \(Self.message)"], "\(send.stderr)")
        let verbose = try await FlowscriptCLI.run(["send", "crashing.lua", "tab more", "--verbose"], in: workspace.url)
        #expect(verbose.stderr.contains("traceback"), "\(verbose.stderr)")

        try workspace.write("rejected.flow", "tab more\nexpect rejected \"tabs\"\n")
        try workspace.write("anyRejection.flow", "tab more\nexpect rejected\n")
        try workspace.write("error.flow", "tab more\nexpect error \"attempt to index a nil value\"\nexpect tab home\n")
        try workspace.write("confirm.flow", "tab more\nexpect error\nconfirm\n")
        try workspace.write("login.flow", "feed.open\nexpect rejected \"login\"\nset loggedIn true\nfeed.open\nexpect top orders\n")
        let run = try await FlowscriptCLI.run(
          ["run", "crashing.lua", "rejected.flow", "anyRejection.flow", "error.flow", "confirm.flow", "login.flow"],
          in: workspace.url)
        #expect(run.exitCode == 1)
        #expect(run.stdoutLines == [
          "FAIL rejected.flow", "FAIL anyRejection.flow", "PASS error.flow", "FAIL confirm.flow", "PASS login.flow",
          "2 passed, 3 failed",
        ], "\(run.stdout)")
        #expect(run.stderr.contains("rejected.flow:2: expected rejected by guard 'tabs'\nrejected.flow:2: actual   error: \(Self.message)"), "\(run.stderr)")
        #expect(run.stderr.contains("confirm.flow:3: error: nothing to confirm: no guard rejected a change"), "\(run.stderr)")
      }
    }

    /// `diff` tells a guard that raises from one that rejects, and from one that allows.
    @Test func diffTellsItFromARejection() async throws {
      try await Workspace.with { workspace in
        try workspace.write("crashing.lua", Self.crashing)
        try workspace.write("answering.lua", Self.answering)
        try workspace.write("rejecting.lua", Self.crashing.replacingOccurrences(
          of: "return settings.allowed", with: "return false, \"guard failed: no settings\""))
        for other in ["answering.lua", "rejecting.lua"] {
          let result = try await FlowscriptCLI.run(["diff", other, "crashing.lua", "--explore", "2"], in: workspace.url)
          #expect(result.exitCode == 1, "\(other): \(result.stdout)")
          #expect(result.stdout.contains("\n   'tab more' on feed\n"), "\(other): \(result.stdout)")
          #expect(result.stdout.contains("   new: guard error\n        \(Self.message)\n"), "\(other): \(result.stdout)")
        }
        let same = try await FlowscriptCLI.run(["diff", "crashing.lua", "crashing.lua", "--explore", "2"], in: workspace.url)
        #expect(same.exitCode == 0, "\(same.stdout)")
      }
    }

    /// `pack` refuses to sign it (exit 2) and `verify` calls a package holding it invalid (exit 1),
    /// each with the line that reproduces it; the script with the guard answering packs and verifies.
    @Test func packAndVerifyRefuseIt() async throws {
      try await Workspace.with { workspace in
        try workspace.write("crashing.lua", Self.crashing)
        try workspace.write("answering.lua", Self.answering)
        let keygen = try await FlowscriptCLI.run(["keygen", "--out", "release.key"], in: workspace.url)
        #expect(keygen.exitCode == 0)
        let pack = try await FlowscriptCLI.run(
          ["pack", "crashing.lua", "--key", "release.key", "--release", "2", "--runtime", "1"], in: workspace.url)
        #expect(pack.exitCode == 2)
        #expect(pack.stderr.contains("refusing to pack crashing.lua: a guard raises an error"), "\(pack.stderr)")
        #expect(pack.stderr.contains(Self.message), "\(pack.stderr)")
        #expect(pack.stderr.contains("(reproduce: flowscript send crashing.lua 'tab more')"), "\(pack.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("crashing.flowpkg")))
        let good = try await FlowscriptCLI.run(
          ["pack", "answering.lua", "--key", "release.key", "--release", "2", "--runtime", "1"], in: workspace.url)
        #expect(good.exitCode == 0, "\(good.stderr)")
        #expect(try await FlowscriptCLI.run(
          ["verify", "answering.flowpkg", "--public-key", "release.key.pub"], in: workspace.url).exitCode == 0)

        // A package signed some other way (an older flowscript, the library) is verified as an app would.
        let key = try RuleSigningKey(text: String(contentsOfFile: workspace.path("release.key"), encoding: .utf8))
        let package = try RulePackage(script: Self.crashing, name: "crashing", release: 2, runtime: "1", signedWith: key)
        try package.encoded().write(to: URL(fileURLWithPath: workspace.path("crashing.flowpkg")))
        let verify = try await FlowscriptCLI.run(
          ["verify", "crashing.flowpkg", "--public-key", "release.key.pub"], in: workspace.url)
        #expect(verify.exitCode == 1)
        #expect(verify.stdout.isEmpty, "\(verify.stdout)")
        #expect(verify.stderr.contains("crashing.flowpkg: invalid: a guard raises an error"), "\(verify.stderr)")
        #expect(verify.stderr.contains("attempt to index a nil value (local 'settings')"), "\(verify.stderr)")
        #expect(
          verify.stderr.contains("(reproduce: flowscript send crashing.flowpkg --public-key release.key.pub 'tab more')"),
          "\(verify.stderr)")
      }
    }
  }
}
