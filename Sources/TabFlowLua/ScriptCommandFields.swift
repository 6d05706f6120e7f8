import TabFlowNavigation

/// The fields of one queued command, as ``ScriptCommandDecoder`` reads them: `nil` for an
/// absent field. A command read whole is a dictionary; one read from the VM is
/// ``LuaCommandFields``.
protocol ScriptCommandFields {
  /// The field `key`, or `nil` when the command has none.
  func field(_ key: CommandField) throws(ScriptError) -> FlowValue?
}

extension Dictionary: ScriptCommandFields where Key == String, Value == FlowValue {
  func field(_ key: CommandField) -> FlowValue? { self[key.rawValue] }
}

/// The fields a queued command table can have (`{op = "push", screen = "item", state = {…}}`).
/// A rule script keeps the names as Lua strings in a table at these positions (``luaPosition``),
/// so reading a field from the VM never converts or interns its name.
enum CommandField: String, CaseIterable {
  case op, tab, screen, state, count, navigation, detents, dragIndicator, target, routes, mode, name, payload, style

  /// The field's position in the VM's table of names (1-based).
  var luaPosition: Int32 {
    switch self {
    case .op: 1
    case .tab: 2
    case .screen: 3
    case .state: 4
    case .count: 5
    case .navigation: 6
    case .detents: 7
    case .dragIndicator: 8
    case .target: 9
    case .routes: 10
    case .mode: 11
    case .name: 12
    case .payload: 13
    case .style: 14
    }
  }
}
