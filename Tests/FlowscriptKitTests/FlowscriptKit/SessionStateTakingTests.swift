@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// The explorer's step moves the state a line reached out of its session and leaves the session
/// in the state the line ran from, which the next step's `load` then does not copy again
/// (`FlowSession.takeState(loading:)`). Stepping every input of every state two lines deep this
/// way must reach what a fresh session running each line from a loaded state reaches: the same
/// state (equal, and the same printed state and pending link), and the same unchanged or failed steps.
@Suite struct SessionStateTakingTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// What a step did, as text that compares (a reached state printed whole).
  static func outcome(_ step: ExplorationWorkers.Step) -> String {
    switch step {
    case .unexplorable: "unexplorable"
    case let .failed(kind, message): "failed \(kind) \(message)"
    case let .changed(reached): changed(reached.state)
    case .unchanged: "unchanged"
    }
  }

  /// A changed step's outcome: the state reached, printed, and its pending link.
  static func changed(_ state: State) -> String {
    let link: String = state.pendingLink ?? "-"
    return "changed " + StateJSON.render(state) + " link " + link
  }

  @Test func takenStatesAreTheStatesAFreshSessionReaches() throws {
    let stepping = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    stepping.isExploring = true
    let fresh = try FlowSession(origin: .file(FlowscriptCLI.demoScript))
    fresh.isExploring = true
    var inputs = StateExplorer.Inputs(
      declarations: stepping.rules.declarations,
      context: ContextSamples(declarations: stepping.rules.declarations, read: stepping.rules.contextKeysRead))
    var frontier: [State] = [stepping.state]
    var compared = 0
    for _ in 0..<2 {
      var next: [State] = []
      for state in frontier {
        for input in inputs.lines(for: state) {
          let step = ExplorationWorkers.step(input, from: state, in: stepping)
          // The session is left in the state the line ran from, whatever the line did.
          #expect(stepping.isInState(state))
          // A fresh session, put in a copy of the state, runs the line the usual way.
          fresh.load(state)
          let expected: String
          if let line = input.line {
            switch fresh.execute(line) {
            case let .failed(message):
              let kind: FailureKind = fresh.lastFailureKind ?? .input
              expected = "failed \(kind) \(message)"
            case .changed:
              expected = fresh.isInState(state) ? "unchanged" : Self.changed(fresh.state)
            default: expected = "unchanged"
            }
          } else {
            expected = "unexplorable"
          }
          #expect(Self.outcome(step) == expected, "\(input.text)")
          if case let .changed(reached) = step {
            #expect(reached.state == fresh.state, "\(input.text)")
            next.append(reached.state)
          }
          compared += 1
        }
      }
      frontier = next
    }
    #expect(compared > 100)
  }
}
