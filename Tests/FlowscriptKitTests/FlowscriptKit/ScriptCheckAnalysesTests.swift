@testable import FlowscriptKit
import Foundation
import Logging
import TabFlowCore
import TabFlowExploration
import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// ``ScriptCheckAnalyses`` (`check`'s analyses as one, for the engine) against the analyses
/// given to the engine one by one, in `check`'s order, sharing a run: the same findings (kind,
/// message, note or not, reproduction lines, in order), outcome, states and transitions, on the
/// demo and scripts made to trip each kind of finding. An analysis the composite forgets to tell
/// of a state reached, explored or an input tried, or tells out of order, changes them.
@Suite struct ScriptCheckAnalysesTests {
  typealias Analysis = any ExplorationAnalysis<DynamicScreen, DynamicAction>

  /// What an exploration found, and how far it went.
  struct Outcome: Equatable {
    var rows: [String]
    var kinds: Set<String>
    var outcome: String
    var states: Int
    var transitions: Int
  }

  /// `check`'s analyses as the engine was given them before they were one: the recorder first,
  /// making the run the others share.
  static func oneByOne(_ checks: ScriptChecks, notesSteps: Bool) -> [() -> Analysis] {
    let kinds: [(ScriptCheckRun) -> Analysis] = [
      ScriptInvariantAnalysis.init, DeclarationAnalysis.init, UnexplorableInputAnalysis.init, FailedStepAnalysis.init,
      DeferredLinkAnalysis.init, LinkRoundTripAnalysis.init, ScriptTrapAnalysis.init, PayloadFieldAnalysis.init,
      ScriptUnreachedScreenAnalysis.init, CoverWayBackAnalysis.init,
    ]
    let first: () -> Analysis = {
      let run = ScriptCheckRun(rules: checks.rules, workers: checks.workers, alphabet: checks.alphabet)
      run.stepsNoted = notesSteps
      checks.run = run
      return ScriptStepRecorder(run)
    }
    return [first]
      + kinds.map { kind in
        { kind(checks.run ?? ScriptCheckRun(rules: checks.rules, workers: checks.workers, alphabet: checks.alphabet)) }
      }
  }

  /// The script at `path` explored to `depth` by ``ScriptChecks``, with `check`'s context rounds:
  /// its analyses as one, or one by one.
  static func explore(_ path: String, depth: Int, oneByOne: Bool) throws -> Outcome {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: path)
    let coordinator = TabCoordinator(script: rules, logger: Logger(label: "quiet") { _ in SwiftLogNoOpLogHandler() })
    let initial = try rules.initialState()
    return ScriptChecks.explore(rules: rules) { _, checks in
      var exploration = checks.exploration(
        coordinator: coordinator, initialState: initial, depth: depth, maxStates: 100_000)
      #expect(exploration.analyses.count == 1)
      if oneByOne { exploration.analyses = Self.oneByOne(checks, notesSteps: true) }
      let report = exploration.run()
      let rows = checks.findings.map { finding in
        "\(finding.kind.name)\(finding.isNote ? " (note)" : ""): \(finding.message) "
          + finding.reproduction.labels.joined(separator: " | ")
      }
      let kinds = checks.findings.map { $0.kind.name.hasPrefix("not reached") ? "not reached" : $0.kind.name }
      return Outcome(
        rows: rows, kinds: Set(kinds), outcome: "\(report.outcome)", states: report.states,
        transitions: report.transitions)
    }
  }

  /// Both explorations of `script` (a path, or Lua source written to a file named `name`) at
  /// each of `depths`.
  static func compare(_ name: String, _ script: String, depths: [Int]) async throws -> [Outcome] {
    try await Workspace.with { workspace in
      let path = script.hasSuffix(".lua") && !script.contains("\n") ? script : try workspace.write(name, script)
      return try depths.map { depth in
        let together = try explore(path, depth: depth, oneByOne: false)
        let apart = try explore(path, depth: depth, oneByOne: true)
        #expect(together == apart, "\(name) at depth \(depth)")
        return together
      }
    }
  }

  @Test func theDemo() async throws {
    let outcomes = try await Self.compare("demo.lua", FlowscriptCLI.demoScript, depths: [3, 4])
    #expect(outcomes.allSatisfy { !$0.rows.isEmpty && $0.transitions > 0 })
  }

  @Test(arguments: ScriptExplorationDifferentialTests.problems.indices)
  func aScriptWithProblems(_ number: Int) async throws {
    let (name, script, kinds) = ScriptExplorationDifferentialTests.problems[number]
    let outcomes = try await Self.compare(name, script, depths: [2, 3, 4])
    // The script trips what it was made to trip (so the comparison covers it).
    let found = outcomes.reduce(into: Set<String>()) { $0.formUnion($1.kinds) }
    #expect(kinds.isSubset(of: found), "\(name): \(found.sorted())")
  }
}
