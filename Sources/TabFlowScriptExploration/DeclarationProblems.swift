import TabFlowExploration
import TabFlowLua
import TabFlowNavigation

/// The problems `check` finds in a script's declarations: actions no rule handles and link
/// parameters no URL can carry (before any rule runs), and payload fields rules read that the
/// declared samples lack (once rules ran).
package enum DeclarationProblems {
  /// A message for each declared action no rule handles (neither `screen.action` nor
  /// `*.action`): sending it can never navigate, so the declaration or a rule is missing.
  package static func unhandledActions(_ declarations: ScriptDeclarations) -> [String] {
    let keys = Set(declarations.rules)
    var problems: [String] = []
    for screen in declarations.screens {
      for (action, _) in screen.actions where !keys.contains("\(screen.name).\(action)") && !keys.contains("*.\(action)") {
        problems.append(
          "screen '\(screen.name)' declares action '\(action)', but no rule handles it "
            + "(on(\"\(screen.name).\(action)\", …) or on(\"*.\(action)\", …)); declare only the actions rules handle")
      }
    }
    return problems
  }

  /// The problems found before any rule runs, as `check` reports them: ``unhandledActions(_:)``,
  /// then ``linkParameters(_:chunk:)``, each a finding with no reproduction (no state shows it).
  package static func findings(
    _ declarations: ScriptDeclarations, chunk: String
  ) -> [ExplorationFinding<DynamicScreen, DynamicAction>] {
    let none = ExplorationReproduction<DynamicScreen, DynamicAction>(inputs: [])
    return unhandledActions(declarations).map {
      ExplorationFinding(kind: FailureKind.unhandledAction.findingKind, message: $0, reproduction: none)
    } + linkParameters(declarations, chunk: chunk).map {
      ExplorationFinding(kind: FailureKind.linkParameter.findingKind, message: $0, reproduction: none)
    }
  }

  /// A message for each link whose path parameter no URL can carry, with its place in `chunk`.
  package static func linkParameters(_ declarations: ScriptDeclarations, chunk: String) -> [String] {
    declarations.links.compactMap { link in
      guard let declaration = declarations.screen(named: link.screen),
        let problem = link.parameterProblem(declaration: declaration)
      else { return nil }
      return problem + (link.line.map { " (\(chunk):\($0))" } ?? "")
    }
  }

  /// For each payload field a rule read (`missing`, by `screen.action`) that its action's declared
  /// sample lacks: the screen, the line that sends the action, and the message, naming the
  /// sample's field it may mean. Sorted by action, then field.
  package static func payloadFields(
    _ missing: [String: Set<String>], declarations: ScriptDeclarations
  ) -> [(screen: String, line: String, message: String)] {
    var problems: [(screen: String, line: String, message: String)] = []
    for (action, fields) in missing.sorted(by: { $0.key < $1.key }) {
      guard let dot = action.firstIndex(of: ".") else { continue }
      let screen = String(action[..<dot])
      let name = String(action[action.index(after: dot)...])
      let sample = declarations.screen(named: screen)?.actions.first { $0.name == name }?.sample ?? .emptyObject
      let line = ScriptInputLines.actionLine(screen: screen, action: name, sample: sample)
      let sampleFields = sample.objectValue.map { Array($0.keys) } ?? []
      for field in fields.sorted() {
        // A misspelled field (`p.idd` for the sample's `id`) is named with the one meant.
        problems.append((
          screen, line,
          "the rule for \(action) reads payload field '\(field)', which the action's declared sample "
            + "\(sample == .emptyObject ? "{}" : "\(sample)") does not have: no line can send it"
            + Suggestions.hint(for: field, in: sampleFields)
        ))
      }
    }
    return problems
  }
}
