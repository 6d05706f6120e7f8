@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// `ScriptAlphabet` keeps each situation's inputs (its top screen, tab bar and context as the
/// lines see them) and finds only screen actions' routes per state: over the states every bundled
/// script reaches, met in shuffled orders, its inputs are those written and parsed afresh for the
/// state — the same labels (the old line texts), the same actions, the same explorable flags —
/// for `check`'s inputs and for every line (`diff`, `map`), with and without the user's reordering.
@Suite struct ScriptAlphabetSituationTests {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Input = ScriptAlphabet.Input

  /// The inputs of `state` as the alphabet made them before it kept situations: every line
  /// written for the state and parsed, its action found in the state.
  static func written(_ lines: inout ScriptInputLines, _ state: State, every: Bool) -> [Input] {
    lines.lines(for: state).compactMap { text, line in
      guard let line else { return Input(text, .back, isExplorable: false) }
      guard let action = ScriptAlphabet.action(for: line, in: state) else {
        return every ? Input(text, .back, isExplorable: false) : nil
      }
      return Input(text, action)
    }
  }

  static func described(_ inputs: [Input]) -> [String] {
    inputs.map { "\($0.label) | \($0.isExplorable) | \($0.isExplorable ? "\($0.action)" : "-")" }
  }

  @Test(arguments: [UInt64(7), 0xA1FA])
  func keptInputsAreTheInputsWrittenForEachState(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    for path in try StateNumberingTests.bundledScripts() {
      let (_, reached) = try StateNumberingTests.reached(path, depth: 4, maxStates: 500, choices: &choices)
      let states = StateNumberingTests.shuffled(reached.map(\.state), &choices)
      let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: path)
      for customization in [false, true] {
        let context = ContextSamples(declarations: rules.declarations, read: ["loggedIn", "seen"])
        let alphabet = ScriptAlphabet(declarations: rules.declarations, context: context, customization: customization)
        var lines = ScriptInputLines(declarations: rules.declarations, context: context, customization: customization)
        var routed = 0
        for state in states {
          let inputs = alphabet.inputs(for: state)
          #expect(Self.described(inputs) == Self.described(Self.written(&lines, state, every: false)), "\(path)")
          #expect(
            Self.described(alphabet.everyInput(for: state)) == Self.described(Self.written(&lines, state, every: true)),
            "\(path)")
          routed += inputs.filter { if case .router = $0.action { true } else { false } }.count
        }
        #expect(states.count > 1, "\(path)")
        // Screen actions whose routes are found per state were among them.
        #expect(routed > 0, "\(path)")
      }
    }
  }
}
