import TabFlowLuaBinding
import CLuaSandbox
import TabFlowNavigation

/// The fields of one queued command, as ``ScriptCommandDecoder`` reads them: `nil` for an
/// absent field. A command read whole is a dictionary; one read from the VM is
/// ``LuaCommandFields``.
protocol ScriptCommandFields {
  /// The field `key`, or `nil` when the command has none.
  func field(_ key: CommandField) throws(ScriptError) -> FlowValue?
}

extension Dictionary: ScriptCommandFields where Key == String, Value == FlowValue {
  func field(_ key: CommandField) -> FlowValue? { self[key.name] }
}

/// The fields a queued command table can have (`{op = "push", screen = "item", state = {…}}`), as
/// the queue format names them (CLuaSandbox's `CLuaQueue.h`: their codes and names). A rule
/// script keeps the names as Lua strings in a table at their codes (``luaPosition``), so reading
/// a field from the VM never converts or interns its name.
enum CommandField: CaseIterable {
  case op, tab, screen, state, count, navigation, detents, dragIndicator, target, routes, mode, name, payload, style

  /// The field's code in the queue format.
  var code: CLuaQueueField {
    switch self {
    case .op: CLUA_QUEUE_FIELD_OP
    case .tab: CLUA_QUEUE_FIELD_TAB
    case .screen: CLUA_QUEUE_FIELD_SCREEN
    case .state: CLUA_QUEUE_FIELD_STATE
    case .count: CLUA_QUEUE_FIELD_COUNT
    case .navigation: CLUA_QUEUE_FIELD_NAVIGATION
    case .detents: CLUA_QUEUE_FIELD_DETENTS
    case .dragIndicator: CLUA_QUEUE_FIELD_DRAG_INDICATOR
    case .target: CLUA_QUEUE_FIELD_TARGET
    case .routes: CLUA_QUEUE_FIELD_ROUTES
    case .mode: CLUA_QUEUE_FIELD_MODE
    case .name: CLUA_QUEUE_FIELD_NAME
    case .payload: CLUA_QUEUE_FIELD_PAYLOAD
    case .style: CLUA_QUEUE_FIELD_STYLE
    }
  }

  /// The field's position in the VM's table of names (1-based): its code.
  var luaPosition: Int32 { Int32(bitPattern: code.rawValue) }

  /// The field's name in a command table (`clua_queue_field_name`).
  var name: String { Self.names[Int(luaPosition)] }

  /// Every field's name at its code (index 0, no field, is empty).
  private static let names: [String] = (0...Int32(bitPattern: CLUA_QUEUE_FIELD_LAST.rawValue)).map { code in
    clua_queue_field_name(code).map { String(cString: $0) } ?? ""
  }
}
