@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// Exit codes (docs/ARCHITECTURE.md §7): 0 success, 1 a scenario or check failed, 2 usage or script error —
  /// and every error is on stderr, nothing on stdout.
  @Suite("Exit codes")
  struct ExitCodeTests {
    /// A command line with placeholders filled in per test: `SCRIPT` (the script under test),
    /// `DEMO` (scripts/demo.lua) and `FLOW` (a passing scenario file).
    struct Invocation: CustomTestStringConvertible, Sendable {
      let words: [String]
      init(_ words: String...) { self.words = words }

      var testDescription: String { "flowscript " + words.joined(separator: " ") }

      func arguments(script: String = "", flow: String = "") -> [String] {
        words.map { word in
          switch word {
          case "SCRIPT": script
          case "DEMO": FlowscriptCLI.demoScript
          case "FLOW": flow
          default: word
          }
        }
      }
    }

    /// Every subcommand that takes a script.
    static let everySubcommand = [
      Invocation("SCRIPT"), Invocation("repl", "SCRIPT"), Invocation("run", "SCRIPT", "FLOW"),
      Invocation("check", "SCRIPT"), Invocation("graph", "SCRIPT"), Invocation("send", "SCRIPT", "back"),
    ]

    static let passingFlow = "expect tab home\n"

    // MARK: 0

    static let successes = [
      Invocation("--version"), Invocation("--help"), Invocation(), Invocation("repl", "DEMO"),
      Invocation("run", "DEMO", "FLOW"), Invocation("check", "DEMO"), Invocation("graph", "DEMO"),
      Invocation("send", "DEMO", "feed.itemTapped {id=3}"), Invocation("demo-script"),
    ]

    @Test(arguments: successes)
    func success(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", Self.passingFlow)
        let result = try await FlowscriptCLI.run(invocation.arguments(flow: flow), stdin: "feed.itemTapped {id=3}\n")
        #expect(result.exitCode == 0)
        #expect(!result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
      }
    }

    @Test func versionAndDemoScript() async throws {
      let version = try await FlowscriptCLI.run(["--version"])
      #expect(version.stdoutLines.count == 1)
      #expect(version.stdout.first?.isNumber == true, "a version number: \(version.stdout)")

      let demo = try await FlowscriptCLI.run(["demo-script"])
      let file = try String(contentsOfFile: FlowscriptCLI.demoScript, encoding: .utf8)
      #expect(demo.stdout == file, "the bundled demo is scripts/demo.lua")
    }

    // MARK: 1

    @Test func aFailedScenarioExitsWith1() async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("fails.flow", "expect tab profile\n")
        let result = try await FlowscriptCLI.run(["run", FlowscriptCLI.demoScript, flow])
        #expect(result.exitCode == 1)
        #expect(result.stdoutLines.last == "0 passed, 1 failed")
      }
    }

    @Test func aProblemFoundByCheckExitsWith1() async throws {
      try await Workspace.with { workspace in
        let script = try workspace.write(
          "orphan.lua",
          """
          tab "home" { root = "list" }
          screen "list" { }
          screen "orphan" { }
          """)
        let result = try await FlowscriptCLI.run(["check", script])
        #expect(result.exitCode == 1)
        #expect(result.stdoutLines.last == "check failed: 1 problem(s)")
      }
    }

    @Test func aFailingLineInSendExitsWith1() async throws {
      let result = try await FlowscriptCLI.run(["send", FlowscriptCLI.demoScript, "back"])
      #expect(result.exitCode == 1)
      #expect(result.stderrLines == ["line 1: error: cannot go back: tab 'home' is already at root 'feed'"])
    }

    // MARK: 2

    static let usageErrors = [
      // unknown options
      Invocation("--bogus"), Invocation("repl", "--bogus"), Invocation("run", "DEMO", "FLOW", "--bogus"),
      Invocation("check", "DEMO", "--bogus"), Invocation("graph", "DEMO", "--bogus"), Invocation("send", "DEMO", "--bogus"),
      // missing arguments
      Invocation("run"), Invocation("run", "DEMO"), Invocation("check"), Invocation("graph"), Invocation("send"),
      Invocation("check", "DEMO", "--explore"),
      // invalid values and extra arguments
      Invocation("graph", "DEMO", "--format", "png"), Invocation("check", "DEMO", "--explore", "deep"),
      Invocation("repl", "--budget", "lots"), Invocation("repl", "DEMO", "extra"), Invocation("chek", "DEMO"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExitWith2(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", Self.passingFlow)
        let result = try await FlowscriptCLI.run(invocation.arguments(flow: flow))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.first?.hasPrefix("Error: ") == true, "ArgumentParser says what is wrong: \(result.stderr)")
        #expect(result.stderr.contains("Usage: flowscript"))
      }
    }

    @Test(arguments: everySubcommand)
    func aMissingScriptExitsWith2(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", Self.passingFlow)
        let missing = workspace.path("missing.lua")
        let result = try await FlowscriptCLI.run(invocation.arguments(script: missing, flow: flow))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["\(missing): no such script"])
      }
    }

    @Test(arguments: everySubcommand)
    func aScriptWithASyntaxErrorExitsWith2(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", Self.passingFlow)
        let script = try workspace.write(
          "broken.lua",
          """
          tab "home" { root = "list" }
          screen "list" { actions = { "open" } }
          on("list.open", function(nav)
            nav:push("list"
          end)
          """)
        let result = try await FlowscriptCLI.run(invocation.arguments(script: script, flow: flow))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        try #require(result.stderrLines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderrLines[0].hasPrefix("broken.lua:5: "), "the error names the file and line")
        #expect(result.stderrLines[0].contains("')' expected"))
      }
    }

    @Test(arguments: everySubcommand)
    func aDirectoryInsteadOfAScriptExitsWith2(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", Self.passingFlow)
        let directory = workspace.path("rules.lua")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let result = try await FlowscriptCLI.run(invocation.arguments(script: directory, flow: flow))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["\(directory): is a directory, not a script"])
      }
    }

    /// Whether a `chmod 000` file is unreadable here: root (or a process with CAP_DAC_OVERRIDE)
    /// reads it anyway, and then there is no unreadable file to test with —
    /// aDirectoryInsteadOfAScriptExitsWith2 still covers a path that cannot be read as a script.
    static func chmod000MakesFilesUnreadable() async throws -> Bool {
      try await Workspace.with { workspace in
        let probe = try workspace.write("probe", "")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: probe)
        return !FileManager.default.isReadableFile(atPath: probe)
      }
    }

    @Test(
      .enabled("a chmod 000 file is still readable (running as root)") { try await chmod000MakesFilesUnreadable() },
      arguments: everySubcommand)
    func anUnreadableScriptExitsWith2(_ invocation: Invocation) async throws {
      try await Workspace.with { workspace in
        let flow = try workspace.write("ok.flow", Self.passingFlow)
        let script = try workspace.write("secret.lua", "tab \"home\" { root = \"list\" }\nscreen \"list\" { }\n")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: script)
        let result = try await FlowscriptCLI.run(invocation.arguments(script: script, flow: flow))
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["\(script): cannot read the script"])
      }
    }
  }
}
