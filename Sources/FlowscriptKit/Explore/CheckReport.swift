import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// What `check --explore` found (``StateExplorer``), and how it prints it: how far it went, the
/// context keys rules read that no declaration names, each finding (``ScriptChecks/findings``,
/// in `check`'s order) with the `flowscript send` command that reproduces it, and the verdict.
struct CheckReport {
  /// A finding of the checks.
  typealias Finding = ScriptChecks.Finding

  var states = 0
  var transitions = 0
  /// The levels explored in full (``ExplorationReport/levelsExplored``).
  var depthReached = 0
  var truncated = false
  var milliseconds = 0
  /// The findings, in the order they print.
  var findings: [Finding] = []
  var chunk = ""
  /// How a reproduction starts: `flowscript send SCRIPT` with the limits the check ran with.
  var sendCommand = ""
  /// The context keys and values the inputs set.
  var context = ContextSamples(keys: [])
  /// Whether every reachable state was explored (``ExplorationReport/exhaustive``: the frontier
  /// emptied before the depth limit, nothing cut, no state left unexplored for an invariant).
  var complete = false
  /// Whether nothing was explored (`--explore 0`): only the checks that need no rule to run
  /// were made, so the report can say nothing of what the rules do.
  var staticOnly = false

  /// Distinct states explored per second of the whole run.
  var statesPerSecond: Int { states * 1000 / max(milliseconds, 1) }

  /// Whether states that break an invariant were reached, and not explored on (`send` and `run`
  /// stop at them): each such state breaks an invariant reported.
  var stoppedAtViolations: Bool { findings.contains { $0.failureKind == .invariant } }

  /// The findings that are problems (not notes).
  var problems: [Finding] { findings.filter { !$0.isNote } }
  /// Whether no problem was found. A cut exploration (``truncated``) is not clean either: the
  /// states beyond the cut were never checked.
  var isClean: Bool { problems.isEmpty && !truncated }

  /// The line a cut exploration ends with: `check` stopped at `--max-states`, so it passes nothing.
  static func incompleteLine(states: Int) -> String {
    "incomplete: stopped at \(states) states (--max-states); the states beyond were not checked — raise it or lower --explore"
  }

  /// What `--explore 0` says instead of a verdict on the rules.
  static let staticOnlyLine = "static checks only: rules not run"

  func print() {
    if staticOnly {
      Output.line("\(chunk): loaded and validated; nothing explored (--explore 0)")
    } else {
      Output.line("\(chunk): explored \(states) states and \(transitions) transitions to depth \(depthReached)"
        + (truncated ? " (stopped at the state limit)" : "") + " in \(milliseconds) ms"
        + " (\(statesPerSecond) states/s)")
      Output.line(FingerprintCollision.line(states: states))
    }
    if !context.undeclared.isEmpty {
      let keys = context.undeclared.map { "'\($0)'" }.joined(separator: ", ")
      Output.line("note: rules read the context \(context.undeclared.count == 1 ? "key" : "keys") \(keys), "
        + "which no context declaration names; explored as true/false (declare sample values: context \"\(context.undeclared[0])\" { … })")
    }
    for finding in findings {
      for line in ScriptChecks.lines(of: finding, sendCommand: sendCommand) { Output.line(line) }
    }
    let problemCount = problems.count
    if problemCount > 0 {
      if truncated { Output.line(Self.incompleteLine(states: states)) }
      Output.line("check failed: \(problemCount) problem(s)", tone: .failure)
    } else if truncated {
      Output.line(Self.incompleteLine(states: states), tone: .failure)
    } else if staticOnly {
      Output.line(Self.staticOnlyLine)
    } else {
      Output.line("check passed", tone: .pass)
    }
  }
}

extension ExplorationFinding<DynamicScreen, DynamicAction> {
  /// The kind of failure this finding of ``ScriptChecks`` is (by its label); `nil` for the
  /// kinds that are none (`unreached`, `not reached within depth N (note)`, `no way back`).
  var failureKind: FailureKind? { FailureKind.allCases.first { $0.label == kind.name } }

  /// The lines of its reproduction, as `flowscript send` takes them.
  var lines: [String] { reproduction.labels }
}
