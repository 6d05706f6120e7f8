import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `send` and `run` evaluate the script's invariants — in the initial state and after every
  /// line — and stop at a state that breaks one, as `check` reports it: `send invariant.lua 'url
  /// inv://orders'` exited 0 on a reproduction `check` printed. `check` explores no further than
  /// such a state, so no reproduction it prints runs through one.
  @Suite("invariants in send and run")
  struct InvariantReplayTests {
    static let orders = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "open" } }
      screen "orders" { actions = { "deeper" } }
      screen "detail" {}
      on("feed.open", function(nav) nav:push("detail") end)
      on("orders.deeper", function(nav) nav:push("detail") end)
      deeplink("inv://orders", function(nav) nav:push("orders") end)
      invariant("orders need login", function(s) return s.top ~= "orders" or s.context.loggedIn end)

      """

    static let violation = "invariant 'orders need login' (orders.lua:8) does not hold: it returned false or nil"

    @Test func sendFailsAtTheStateThatBreaksAnInvariant() async throws {
      try await Workspace.with { workspace in
        try workspace.write("orders.lua", Self.orders)
        let check = try await FlowscriptCLI.run(["check", "orders.lua", "--explore", "3"], in: workspace.url)
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("invariant violated: \(Self.violation)\n  reproduce: flowscript send orders.lua 'url inv://orders'\n"), "\(check.stdout)")
        let send = try await FlowscriptCLI.run(["send", "orders.lua", "url inv://orders"], in: workspace.url)
        #expect(send.exitCode == 1)
        #expect(send.stderrLines == ["line 1: invariant violated: \(Self.violation)"], "\(send.stderr)")
        // The state reached is printed, as after any failed line; later lines do not run.
        #expect(send.stdout.contains("orders  [push]"), "\(send.stdout)")
        let later = try await FlowscriptCLI.run(["send", "orders.lua", "url inv://orders", "orders.deeper"], in: workspace.url)
        #expect(later.exitCode == 1)
        #expect(!later.stdout.contains("detail"), "\(later.stdout)")
        let allowed = try await FlowscriptCLI.run(["send", "orders.lua", "set loggedIn true", "url inv://orders"], in: workspace.url)
        #expect(allowed.exitCode == 0, "\(allowed.stderr)")

        // An initial state that breaks one: check reproduces it with no line, send fails with none.
        try workspace.write("initial.lua", """
          tab "home" { root = "feed" }
          screen "feed" {}
          invariant("never feed", function(s) return s.top ~= "feed", "feed is shown" end)

          """)
        let initialCheck = try await FlowscriptCLI.run(["check", "initial.lua"], in: workspace.url)
        #expect(initialCheck.exitCode == 1)
        #expect(initialCheck.stdout.contains("  reproduce: flowscript send initial.lua \n") || initialCheck.stdout.contains("  reproduce: flowscript send initial.lua\n"), "\(initialCheck.stdout)")
        let initialSend = try await FlowscriptCLI.run(["send", "initial.lua"], in: workspace.url)
        #expect(initialSend.exitCode == 1)
        #expect(initialSend.stderrLines == [
          "the initial state: invariant violated: invariant 'never feed' (initial.lua:3) does not hold: feed is shown",
        ])
      }
    }

    @Test func runFailsTheFileAtTheLineThatBreaksAnInvariant() async throws {
      try await Workspace.with { workspace in
        try workspace.write("orders.lua", Self.orders)
        try workspace.write("broken.flow", "feed.open\nback\nurl inv://orders\nexpect top orders\n")
        try workspace.write("fine.flow", "set loggedIn true\nurl inv://orders\nexpect top orders\n")
        let run = try await FlowscriptCLI.run(["run", "orders.lua", "broken.flow", "fine.flow"], in: workspace.url)
        #expect(run.exitCode == 1)
        #expect(run.stdoutLines == ["FAIL broken.flow", "PASS fine.flow", "1 passed, 1 failed"], "\(run.stdout)")
        #expect(run.stderrLines == ["broken.flow:3: invariant violated: \(Self.violation)"], "\(run.stderr)")
      }
    }

    /// A state past one that breaks an invariant is not explored: a rule error only such a
    /// state leads to was reported with a reproduction `send` stops short of.
    @Test func checkDoesNotExploreBeyondABrokenInvariant() async throws {
      try await Workspace.with { workspace in
        try workspace.write("beyond.lua", Self.orders.replacingOccurrences(
          of: #"on("orders.deeper", function(nav) nav:push("detail") end)"#,
          with: #"on("orders.deeper", function(nav) if not nav.context.loggedIn then nav:push("nowhere") end end)"#))
        let check = try await FlowscriptCLI.run(["check", "beyond.lua", "--explore", "4"], in: workspace.url)
        #expect(check.exitCode == 1)
        #expect(!check.stdout.contains("nowhere"), "\(check.stdout)")
        #expect(check.stdoutLines.last == "check failed: 1 problem(s)", "\(check.stdout)")
      }
    }

    /// Generated flows with invariants and rules that fail: every reproduction `check` prints
    /// fails through `send` with the message `check` printed.
    @Test func everyReproductionOfGeneratedFlowsFailsAsReported() async throws {
      var choices = SeededChoices(seed: 40)
      let invariants = [
        #"return not (s:contains("b") and s.top == "c"), "c over b""#,
        #"return s.depth <= 3, "too deep""#,
        #"return s.currentTab ~= "two" or s.top ~= "a", "a in two""#,
        #"return not s.context.flag or s.top ~= "b", "b flagged""#,
        #"if s.top == "c" and s.depth == 2 then error("c at two") end return true"#,
      ]
      let bodies = [
        #"nav:push("a")"#, #"nav:push("b")"#, #"nav:push("c")"#, #"nav:presentSheet("c")"#, "nav:pop()",
        #"nav:tab("two"):push("b")"#, #"if nav.context.flag then nav:push("nowhere") end"#,
        #"if nav.depth > 2 then error("too far") end nav:push("a")"#,
      ]
      try await Workspace.with { workspace in
        var replayed = 0
        var invariantsReplayed = 0
        for index in 0..<12 {
          var actions: [String] = []
          for screen in ["root", "a", "b", "c"] {
            for action in ["x", "y"] {
              actions.append(#"on("\#(screen).\#(action)", function(nav) \#(choices.pick(bodies)) end)"#)
            }
          }
          let chosen = (0..<2).map { number in #"invariant("i\#(number)", function(s) \#(choices.pick(invariants)) end)"# }
          let source = """
            tab "one" { root = "root" }
            tab "two" { root = "root" }
            screen "root" { actions = { "x", "y" } }
            screen "a" { actions = { "x", "y" } }
            screen "b" { actions = { "x", "y" } }
            screen "c" { actions = { "x", "y" } }
            \(actions.joined(separator: "\n"))
            \(chosen.joined(separator: "\n"))

            """
          let script = try workspace.write("g\(index).lua", source)
          let check = try await FlowscriptCLI.run(["check", script, "--explore", "3"])
          #expect(check.exitCode == 0 || check.exitCode == 1, "\(check.stderr)")
          let lines = check.stdoutLines
          for (at, line) in lines.enumerated() where line.hasPrefix("  reproduce: flowscript send ") && at > 0 {
            let problem = lines[at - 1]
            guard !problem.hasPrefix("trap:"), !problem.hasPrefix("guard rejection") else { continue }
            let colon = try #require(problem.range(of: ": "), "\(problem)")
            let message = String(problem[colon.upperBound...])
            let words = ShellWords.split(String(line.dropFirst("  reproduce: ".count)))
            let send = try await FlowscriptCLI.run(Array(words.dropFirst()))
            replayed += 1
            #expect(send.exitCode == 1, "\(line) passed through send\n\(source)")
            let said = problem.hasPrefix("invariant violated: ") ? "invariant violated: \(message)" : "error: \(message)"
            if problem.hasPrefix("invariant violated: ") { invariantsReplayed += 1 }
            // The last line sent (or the initial state, with none) fails as check said.
            let last = words.count - 3
            let place = last == 0 ? "the initial state" : "line \(last)"
            #expect(send.stderrLines.contains("\(place): \(said)"), "\(line): send said \(send.stderr), check said \(problem)\n\(source)")
          }
        }
        #expect(invariantsReplayed > 8, "the generated flows break invariants")
        #expect(replayed > invariantsReplayed, "the generated flows have rule errors too")
      }
    }
  }
}
