@testable import FlowscriptKit
import Foundation
import TestSupport
import Testing

extension FlowscriptTests {
  /// `check` tells the truth over generated scripts whose sample payloads are look-alikes
  /// (`1` and `1.0`, `0` and `-0.0`, two spellings of `é`) that their guards and rules tell
  /// apart: every reproduction it prints fails through `flowscript send` exactly as reported, and
  /// every input it explored from the initial state without a report passes through `send`.
  @Suite("check: reproductions are true")
  struct CheckReproductionTests {
    static let samples = ["1", "1.0", "0", "-0.0", "0.0", "\"\u{E9}\"", "\"e\u{301}\"", "2"]

    /// What a guard or a rule refuses: code that raises for one of a look-alike pair.
    static let checks = [
      #"math.type(v) == "float""#,
      "v == 0 and 1 / v < 0",
      #"type(v) == "string" and #v == 3"#,
      #"math.type(v) == "integer" and v == 1"#,
    ]

    static func script(_ choices: inout SeededChoices) -> (source: String, samples: [String]) {
      let picked = (0..<4).map { _ in choices.pick(samples) }
      let rules = (0..<3).map { number in #"on("feed.a\#(number)", function(nav, p) store(nav, p.v) end)"# }
      let source = """
        tab "home" { root = "feed" }
        screen "feed" { actions = { a0 = { v = \(picked[0]) }, a1 = { v = \(picked[1]) }, a2 = { v = \(picked[2]) } } }
        screen "item" { state = { v = 0, s = "" }, actions = { b0 = { v = \(picked[3]) }, "back" } }
        local function store(nav, v)
          if type(v) == "string" then nav:push("item", { s = v }) else nav:push("item", { v = v }) end
        end
        on("*.back", function(nav) nav:pop() end)
        \(rules.joined(separator: "\n"))
        on("item.b0", function(nav, p)
          local v = p.v
          if \(choices.pick(checks)) then error("rule refused") end
          store(nav, v)
        end)
        guard("looks", function(change)
          local stack = change.after.stack
          if stack[#stack].screen ~= "item" then return end
          local top = stack[#stack].state
          local v = top.s ~= "" and top.s or top.v
          if \(choices.pick(checks)) then error("guard refused") end
        end)
        """
      return (source, picked)
    }

    @Test func everyReproductionFailsAsReportedAndEveryQuietInputPasses() async throws {
      var choices = SeededChoices(seed: 2027)
      try await Workspace.with { workspace in
        var problems = 0
        for index in 0..<16 {
          let (source, samples) = Self.script(&choices)
          let script = try workspace.write("s\(index).lua", source)
          let check = try await FlowscriptCLI.run(["check", script, "--explore", "3"])
          #expect(check.exitCode == 0 || check.exitCode == 1, "\(check.stderr)")
          let lines = check.stdoutLines
          var reproduced: Set<[String]> = []
          for (at, line) in lines.enumerated() where line.hasPrefix("  reproduce: flowscript send ") && at > 0 {
            let words = ShellWords.split(String(line.dropFirst("  reproduce: ".count)))
            reproduced.insert(Array(words.dropFirst(3)))
            // "rule error: s0.lua:9: … rule refused", "guard rejection (note): rejected by …": what
            // send must say for the last line.
            let problem = lines[at - 1]
            let colon = try #require(problem.range(of: ": "), "\(problem)")
            problems += 1
            let message = String(problem[colon.upperBound...])
            let send = try await FlowscriptCLI.run(Array(words.dropFirst()))
            #expect(send.exitCode == 1, "\(line) passed through send\n\(source)")
            #expect(send.stderr.contains(message), "\(line): send said \(send.stderr), check said \(message)\n\(source)")
          }
          // Every first input that check explored without a report passes through send.
          for (number, sample) in samples.prefix(3).enumerated() {
            let action = "feed.a\(number) {v=\(sample)}"
            guard !reproduced.contains(where: { $0.count == 1 && $0[0].hasPrefix("feed.a\(number) ") }) else { continue }
            let send = try await FlowscriptCLI.run(["send", script, action])
            #expect(send.exitCode == 0, "\(action) fails through send, but check did not say so\n\(source)\n\(send.stderr)")
          }
        }
        #expect(problems > 5, "the generated scripts have problems to reproduce")
      }
    }
  }
}
