import TabFlowLuaBinding
import TabFlowNavigation

extension ScreenDeclaration {
  /// The first field (by name) of `state` whose value this declaration no longer takes — a
  /// migration (``migrated(_:)``) would replace it by the new default — with that value and the
  /// new default; `nil` when migrating loses no value. A value equal to `previous`'s default for
  /// the field (the declaration the state was made under) was never set, so replacing it loses
  /// nothing and it does not count.
  func lostField(
    in state: [String: FlowValue], previous: ScreenDeclaration?
  ) -> (name: String, value: FlowValue, declared: FlowValue)? {
    for name in stateDefaults.keys.sorted() {
      guard let declared = stateDefaults[name], let value = state[name], !Self.compatible(value, with: declared),
        previous?.stateDefaults[name] != value
      else { continue }
      return (name, value, declared)
    }
    return nil
  }
}
