@testable import FlowscriptKit
@testable import TabFlowCore
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// `ScriptChecks.noteStep`, which tells a step that failed in no way from its delegates' cases
/// alone, notes what the failure made from the delegates says (`ScriptStepFailure`): for no
/// delegate, reports only, a failed or a rejected batch among reports, with a guard's error and
/// without.
@Suite struct ScriptStepNoteTests {
  @Test func notesTheFailureTheDelegatesMake() throws {
    let rules = try FlowSession(origin: .file(FlowscriptCLI.demoScript)).rules
    let failure = BatchFailure(source: .host, reason: .rejected(guard: "auth", reason: "log in first"))
    let report = TabCoordinatorDelegate<DynamicScreen>.report(.reselected("home"))
    let lists: [[TabCoordinatorDelegate<DynamicScreen>]] = [
      [], [report], [report, report], [.failed(failure)], [report, .failed(failure)],
      [report, .rejected(RejectedBatch(commands: [], failure: failure)), report],
    ]
    for delegates in lists {
      for guardFailed in [false, true] {
        // The count the step started from: another than the rules' when a guard failed meanwhile.
        let mark = rules.guardErrorCount - (guardFailed ? 1 : 0)
        let noted = ScriptChecks.noteStep(rules, guardErrors: mark, delegates)
        let expected = ScriptStepFailure(delegates, guardFailed: guardFailed, guardError: guardFailed ? rules.lastGuardError : nil)
        #expect(noted.note as? ScriptStepFailure == expected, "\(delegates), guard failed: \(guardFailed)")
        #expect((noted.note == nil) == (expected == nil))
        #expect(noted.moves == (expected == nil))
      }
    }
  }
}
