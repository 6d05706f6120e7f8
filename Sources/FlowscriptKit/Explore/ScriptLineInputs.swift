import TabFlowCore
import TabFlowExploration
import TabFlowLua
import TabFlowScriptExploration

/// `check`'s lines of a state (``StateExplorer/Inputs``) as the inputs of an engine exploration,
/// every line kept, in order: a line sends the action `flowscript send` sends for it from that
/// state (`ScriptAlphabet`'s); a line the line language cannot read back, or one that sends no
/// action from that state, is an input that is not sent (``ExplorationInput/isExplorable``
/// false), and ``unsentLine(_:)`` gives back the second kind's line, for a session to run.
///
/// Not thread-safe: the lines are written once per screen and tab bar, and kept.
final class ScriptLineInputs {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Input = ExplorationInput<DynamicScreen, DynamicAction>

  private var lines: StateExplorer.Inputs
  /// The lines that parse but sent no action from some state, by their text.
  private var unsent: [String: FlowLine] = [:]

  /// The lines of a script with `declarations`, setting the context keys of `context`.
  init(declarations: ScriptDeclarations, context: ContextSamples) {
    lines = StateExplorer.Inputs(declarations: declarations, context: context)
  }

  /// The inputs of `state`: one per line, in `check`'s order.
  func inputs(for state: State) -> [Input] {
    lines.lines(for: state).map { text, line in
      guard let line else { return Input(text, .back, isExplorable: false) }
      guard let action = ScriptAlphabet.action(for: line, in: state) else {
        unsent[text] = line
        return Input(text, .back, isExplorable: false)
      }
      return Input(text, action)
    }
  }

  /// The line of an input that was not sent although it parses (it addresses no route of its
  /// state); `nil` for a line that does not parse.
  func unsentLine(_ text: String) -> FlowLine? { unsent[text] }
}
