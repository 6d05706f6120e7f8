@testable import FlowscriptKit
import Foundation
@testable import TabFlowNavigation
import TabFlowScriptExploration
import TestSupport
import Testing

/// The tools against replay, over generated flows: what `check` and `diff` say is checked by
/// running lines, the way a user would.
///
/// - Every reproduction `check` prints, run through `flowscript send`, fails with the message it
///   reported (a trap's leads to the screen it names).
/// - `diff` says "no behavioural difference" to depth 2 exactly when replaying every input
///   sequence of up to two lines (top-screen actions, tab taps, back, context values) on both
///   scripts shows the same outcome after every line.
@Suite struct SoundnessSweepTests {
  static let screens = ["s0", "s1", "s2", "s3", "s4"]

  /// One rule body: a move, an event, an error or an invalid command.
  static func ruleBody(_ choices: inout SeededChoices) -> String {
    let target = choices.pick(screens.dropFirst().map { $0 })
    return choices.pick([
      "nav:push(\"\(target)\")",
      "nav:presentSheet(\"\(target)\", {}, { navigation = true })",
      "nav:presentSheet(\"\(target)\")",
      "nav:presentCover(\"\(target)\", {}, { navigation = true })",
      "nav:pop()",
      "nav:dismiss()",
      "nav:goBackToRoot()",
      "nav:dismissAll(); nav:push(\"\(target)\")",
      "nav:tab(\"more\"):push(\"\(target)\"); nav:selectTab(\"more\")",
      "nav:emit(\"done\", { n = 1 })",
      "if nav.context.flag then nav:push(\"\(target)\") else nav:emit(\"off\") end",
      "error(\"boom\")",
    ])
  }

  /// A guard: blocks, asks, redirects or raises around one screen, or none.
  static func guardText(_ choices: inout SeededChoices) -> String {
    let screen = choices.pick(screens.dropFirst().map { $0 })
    switch choices.next(6) {
    case 0:
      return "guard(\"needs flag\", function(c) if c.after.top == \"\(screen)\" and not c.context.flag then return false, \"flag required\" end end)"
    case 1:
      return "guard(\"leave\", function(c) if c.before.top == \"\(screen)\" and c.after.top ~= \"\(screen)\" then return false, \"leave?\", { ask = true } end end)"
    case 2:
      return "guard(\"stay\", function(c) if c.before.top == \"\(screen)\" and c.after.top ~= \"\(screen)\" then return false, \"stay here\" end end)"
    case 3:
      return "guard(\"detour\", function(c) if c.after.top == \"\(screen)\" and not c.context.flag then return false, \"detour\", { redirect = function(nav) nav:push(\"s1\") end } end end)"
    case 4:
      return "guard(\"broken\", function(c) if c.after.top == \"\(screen)\" then return c.nothing.here end end)"
    default:
      return ""
    }
  }

  /// A flow of two tabs and five screens with two actions each, a guard and an invariant.
  static func script(_ choices: inout SeededChoices) -> (text: String, bodies: [String]) {
    var text = """
      tab "home" { root = "s0" }
      tab "more" { root = "s4" }
      context "flag" { true, false }

      """
    for screen in screens { text += "screen \"\(screen)\" { actions = { \"a\", \"b\" } }\n" }
    var bodies: [String] = []
    for screen in screens {
      for action in ["a", "b"] {
        let body = ruleBody(&choices)
        bodies.append(body)
        text += "on(\"\(screen).\(action)\", function(nav) \(body) end)\n"
      }
    }
    text += guardText(&choices) + "\n"
    if choices.next(2) == 0 {
      text += "invariant(\"s3 needs the flag\", function(s) return s.top ~= \"s3\" or s.context.flag end)\n"
    }
    return (text, bodies)
  }

  // MARK: check's reproductions through send

  @Test func everyReproductionCheckPrintsFailsThroughSendAsReported() async throws {
    var choices = SeededChoices(seed: 40)
    var replayed = 0
    try await Workspace.with { workspace in
      for index in 0..<12 {
        let source = Self.script(&choices).text
        let script = try workspace.write("g\(index).lua", source)
        let check = try await FlowscriptCLI.run(["check", script, "--explore", "3"])
        #expect(check.exitCode == 0 || check.exitCode == 1, "\(check.stderr)\n\(source)")
        let lines = check.stdoutLines
        for (at, line) in lines.enumerated() where line.hasPrefix("  reproduce: flowscript send ") && at > 0 {
          let words = ShellWords.split(String(line.dropFirst("  reproduce: ".count)))
          let finding = lines[at - 1]
          let colon = try #require(finding.range(of: ": "), "\(finding)")
          let label = String(finding[..<colon.lowerBound])
          var message = String(finding[colon.upperBound...])
          let send = try await FlowscriptCLI.run(Array(words.dropFirst()) + ["--json"])
          replayed += 1
          switch label {
          case "trap", "no way back":
            // The lines lead to the screen the user is stuck on ("stuck on s3: …", "'s3' is a cover …").
            let stuck = try #require(
              label == "trap" ? message.split(separator: ":").first?.split(separator: " ").last : message.split(separator: "'").first)
            #expect(send.exitCode == 0, "\(line)\n\(send.stderr)\n\(source)")
            #expect(send.stdout.contains("\"screen\":\"\(stuck)\""), "\(line)\n\(source)")
          case "not explored", "unhandled action", "link cannot be written":
            continue
          default:
            if label == "guard blocks with a question (note)", let cut = message.range(of: " — this reads as a question") {
              message = String(message[..<cut.lowerBound])
            }
            #expect(send.exitCode == 1, "\(label): \(line) passed through send\n\(source)")
            #expect(send.stderr.contains(message), "\(label): send said \(send.stderr), check said \(message)\n\(source)")
          }
        }
      }
    }
    #expect(replayed > 20, "the generated flows have findings to replay")
  }

  // MARK: diff's verdict against replay

  /// What a user sees of one line on one side, as `diff` compares it: the kind of failure (with
  /// the message where it names no file: rejections, input errors), the host's reports, and the
  /// state after it.
  static func seen(_ outcome: LineOutcome, in session: FlowSession) -> String {
    let what: String
    switch outcome {
    case let .failed(message):
      let kind = session.lastFailureKind
      what = "failed \(String(describing: kind))" + (kind?.isNote == true || kind == .input ? " \(message)" : "")
    case let .changed(_, events), let .unchanged(events):
      what = "applied \(events)"
    default:
      what = "\(outcome)"
    }
    return what + " " + StateJSON.render(session.state)
  }

  /// The inputs `diff` sends in `state`: tab taps, back, the context value not set, the top
  /// screen's actions.
  static func inputs(for session: FlowSession) -> [String] {
    var lines = ["tab home", "tab more", "back"]
    let flag = session.state.context["flag"]
    let values: [FlowValue] = [.bool(true), .bool(false)]
    lines += values.filter { $0 != flag }.map { "set flag \($0)" }
    let top = session.state.selectedStack.top.screen.name
    return lines + ["\(top).a", "\(top).b"]
  }

  /// Whether some sequence of up to `depth` lines shows a difference between the scripts.
  static func replayFindsADifference(old: String, new: String, depth: Int) throws -> Bool {
    func sessions(_ prefix: [String]) throws -> (FlowSession, FlowSession, Bool) {
      let sides = (try FlowSession(origin: .file(old)), try FlowSession(origin: .file(new)))
      for line in prefix {
        let parsed = try FlowLineParser.parse(line)
        let seenOld = seen(sides.0.execute(parsed), in: sides.0)
        let seenNew = seen(sides.1.execute(parsed), in: sides.1)
        if seenOld != seenNew { return (sides.0, sides.1, true) }
      }
      return (sides.0, sides.1, false)
    }
    var frontier: [[String]] = [[]]
    for _ in 0..<depth {
      var next: [[String]] = []
      for prefix in frontier {
        let (oldSession, _, _) = try sessions(prefix)
        for line in inputs(for: oldSession) {
          let path = prefix + [line]
          if try sessions(path).2 { return true }
          next.append(path)
        }
      }
      frontier = next
    }
    return false
  }

  @Test func diffSaysNoDifferenceExactlyWhenReplayFindsNone() async throws {
    var choices = SeededChoices(seed: 41)
    var (different, same) = (0, 0)
    try await Workspace.with { workspace in
      for index in 0..<10 {
        let (source, bodies) = Self.script(&choices)
        // A mutant: one rule's body replaced (sometimes by itself: no difference), or the same
        // script refactored (a helper function).
        var mutant = source
        switch choices.next(3) {
        case 0:
          let body = choices.pick(bodies)
          mutant = source.replacingOccurrences(of: "function(nav) \(body) end", with: "function(nav) \(Self.ruleBody(&choices)) end")
        case 1:
          mutant = "local function go(nav) nav:pop() end\n" + source.replacingOccurrences(of: "function(nav) nav:pop() end", with: "go")
        default:
          mutant = source.replacingOccurrences(of: "\"flag required\"", with: "\"flag needed\"")
        }
        let old = try workspace.write("old\(index).lua", source)
        let new = try workspace.write("new\(index).lua", mutant)
        var diff = BehaviourDiff(
          old: try FlowSession(origin: .file(old)), new: try FlowSession(origin: .file(new)), depth: 2, maxPairs: 100_000)
        diff.jobs = 1
        let result = diff.run()
        let reported = !result.differences.isEmpty || result.initialDifference != nil
        let replayed = try Self.replayFindsADifference(old: old, new: new, depth: 2)
        #expect(reported == replayed, "diff says \(reported ? "different" : "same"), replay says \(replayed ? "different" : "same")\n\(source)\n---\n\(mutant)")
        if replayed { different += 1 } else { same += 1 }
      }
    }
    #expect(different > 2 && same > 2, "both verdicts occur: \(different) different, \(same) same")
  }
}
