@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
import TabFlowScriptExploration
import TestSupport
import Testing

/// An input stepped through the coordinator's pure step (`InputStep`, what `check --simulate`
/// walks with) does what its line does in a session, as `send` runs it: over every input of every
/// state two lines deep in the demo and in a script whose lines fail every way (a rule's error, an
/// invalid command, a guard's error, a blocking guard, a context rule), the same failure kind and
/// message, the same state reached (equal, the same printed state and pending link), or unchanged.
@Suite struct InputStepTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// Lines that fail every way `send` tells.
  static let failing = """
    tab "home" { root = "feed" }
    tab "more" { root = "settings" }
    screen "feed" { actions = { "open", "sheet", "broken" } }
    screen "item" { actions = { "open", "weird" } }
    screen "settings" { actions = { "go" } }
    context "crash"
    on("feed.open", function(nav) nav:push("item") end)
    on("feed.broken", function(nav) error("broken\\nline") end)
    on("item.open", function(nav) nav:push("item") end)
    on("item.weird", function(nav) nav:pop(5) end)
    on("feed.sheet", function(nav) nav:presentSheet("item") end)
    on("settings.go", function(nav) nav:selectTab("home") end)
    on_context("crash", function(nav) nav:popToRoot() end)
    guard("boom", function(change)
      if change.context.crash and change.after.top == "item" then error("guard boom") end
    end)
    guard("blocker", function(change)
      if change.after.top == "settings" and change.before.top == "item" then return false, "leave now?" end
    end)
    link("app://item", "item", { tab = "home" })
    """

  /// What a step did, as text that compares (a reached state printed whole).
  static func outcome(_ step: InputStep) -> String {
    switch step {
    case .unexplorable: "unexplorable"
    case let .failed(kind, message): "failed \(kind) \(message)"
    case let .changed(state): changed(state)
    case .unchanged: "unchanged"
    }
  }

  /// A changed step's outcome: the state reached, printed, and its pending link.
  static func changed(_ state: State) -> String {
    let link: String = state.pendingLink ?? "-"
    return "changed " + StateJSON.render(state) + " link " + link
  }

  @Test(arguments: [false, true])
  func inputsDoWhatTheirLinesDoInASession(failingScript: Bool) async throws {
    try await Workspace.with { workspace in
      let path = failingScript ? try workspace.write("failing.lua", Self.failing) : FlowscriptCLI.demoScript
      let stepping = try FlowSession(origin: .file(path))
      let coordinator = TabCoordinator.quiet(script: stepping.rules)
      let session = try FlowSession(origin: .file(path))
      session.isExploring = true
      let alphabet = ScriptAlphabet(declarations: stepping.rules.declarations, contextKeysRead: ["crash"])
      var frontier: [State] = [stepping.state]
      var compared = 0
      var failures = Set<FailureKind>()
      for _ in 0..<2 {
        var next: [State] = []
        for state in frontier {
          for input in alphabet.inputs(for: state) {
            let step = InputStep(input, from: state, on: coordinator)
            // The session, put in a copy of the state, runs the line as `send` does.
            session.load(state)
            let expected: String
            if input.isExplorable, let line = try? FlowLineParser.parse(input.label) {
              switch session.execute(line) {
              case let .failed(message):
                let kind: FailureKind = session.lastFailureKind ?? .input
                failures.insert(kind)
                expected = "failed \(kind) \(message)"
              case .changed:
                expected = session.state == state ? "unchanged" : Self.changed(session.state)
              default: expected = "unchanged"
              }
            } else {
              expected = "unexplorable"
            }
            #expect(Self.outcome(step) == expected, "\(input.label)")
            if case let .changed(after) = step {
              #expect(after == session.state, "\(input.label)")
              next.append(after)
            }
            compared += 1
          }
        }
        frontier = next
      }
      #expect(compared > 40)
      if failingScript {
        #expect(failures.isSuperset(of: [.ruleError, .invalidCommand, .guardError, .guardRejection]), "\(failures)")
      }
    }
  }
}
