/// A `nav` view a script can read (`nav.top`, `change.after.depth`, `nav:contains(…)`), known by
/// its name once: a remembered read (``CallMemo``) is answered again without comparing names.
@usableFromInline
package enum ViewField: Sendable {
  /// `change.commands`: the batch's commands as text (guards only).
  case commands
  /// `nav.context`: the host's context values.
  case context
  /// `nav.currentTab`: the selected tab's identifier.
  case tab
  /// `nav.top`: the name of the top screen.
  case top
  /// `nav.depth`: how many routes the stack holds.
  case depth
  /// `nav.stack`: every route with its screen, style and state.
  case stack
  /// `nav:contains(name)`: whether a screen of that name is in the stack.
  case contains

  /// The view named `name`; `nil` for a name the engine does not answer.
  @inlinable
  init?(_ name: String) {
    switch name {
    case "commands": self = .commands
    case "context": self = .context
    case "tab": self = .tab
    case "top": self = .top
    case "depth": self = .depth
    case "stack": self = .stack
    case "contains": self = .contains
    default: return nil
    }
  }

  /// The view's name, as the rule DSL asks for it (`nav.\(name)` in messages).
  @usableFromInline
  package var name: String {
    switch self {
    case .commands: "commands"
    case .context: "context"
    case .tab: "tab"
    case .top: "top"
    case .depth: "depth"
    case .stack: "stack"
    case .contains: "contains"
    }
  }
}
