import TabFlowLuaBinding
import TabFlowCore

extension ScriptedRules {
  /// The script's invariants that do not hold in `state`, in declaration order; empty when all
  /// hold. Each runs like a guard reading `change.after` (pure, under the call budget); an
  /// invariant that raises an error is a violation too. Navigation never calls them: `check` and
  /// `diff` evaluate them in every explored state, and an app may assert them in debug builds
  /// (``assertInvariants(in:file:line:)``). Inlinable, so the views an invariant reads are read
  /// by code specialized for the app's screen type (the checker reads them in every state).
  @inlinable
  public func invariantViolations(in state: TabCoordinatorState<Screen>) -> [InvariantViolation] {
    var selectedStackOnly = false
    return invariantViolations(in: state, selectedStackOnly: &selectedStackOnly)
  }

  /// ``invariantViolations(in:)``, and in `selectedStackOnly` whether they are the violations of
  /// every state whose selected tab's routes a script cannot tell from `state`'s (the same
  /// screens, styles and states, in order): set when answers are remembered and every invariant
  /// answered — none failed or printed — having read nothing but the selected tab's `nav.stack`.
  /// Invariants are pure: one that read the same views the same answers the same. The checker
  /// keeps such answers by the selected routes' number, and asks no invariant again for them.
  @inlinable
  package func invariantViolations(
    in state: TabCoordinatorState<Screen>, selectedStackOnly: inout Bool
  ) -> [InvariantViolation] {
    let (script, memo, codec) = (self.script, self.memo, self.codec)
    var onlySelected = memo != nil
    var violations: [InvariantViolation] = []
    for (index, name) in script.declarations.invariants.enumerated() {
      // Written only for a violation: the checker asks in every state.
      var location: String? { script.line(ofInvariant: index).map { "\(script.chunk):\($0)" } }
      do {
        let reason = try withViews(of: state) { views throws(ScriptError) in
          guard let memo else { return try script.invariantProblem(index, views: views) }
          // A remembered stack is found without making the view (``StackViewKey``).
          return try memo.invariantProblem(
            index, views: views,
            stackKeys: { read throws(ScriptError) in try state.stackViewKey(of: read, codec: codec, vm: script.vm) },
            selectedStackOnly: &onlySelected)
        }
        if let reason {
          violations.append(InvariantViolation(name: name, reason: reason, isError: false, location: location))
        }
      } catch {
        onlySelected = false
        violations.append(InvariantViolation(name: name, reason: error.message, isError: true, location: location))
      }
    }
    selectedStackOnly = onlySelected
    return violations
  }

  /// In debug builds, stops with an assertion failure naming every invariant that does not hold
  /// in `state` (call it after the coordinator has reduced an action); does nothing in release
  /// builds, where the invariants never run.
  public func assertInvariants(
    in state: TabCoordinatorState<Screen>, file: StaticString = #fileID, line: UInt = #line
  ) {
    #if DEBUG
      let violations = invariantViolations(in: state)
      if !violations.isEmpty {
        assertionFailure(violations.map(\.description).joined(separator: "\n"), file: file, line: line)
      }
    #endif
  }
}
