import TabFlowLuaBinding

/// What the rule DSL (`RuleDSL.lua`'s `tabflow_make_dsl`) hands the host, by name: the functions
/// the host calls and the tables it knows by identity.
struct DSLEntryPoints {
  /// Returns what the script declared (tabs, screens, rules, links, guards).
  let declarations: LuaRef
  /// Runs a rule: `call_rule`.
  let callRule: LuaRef
  /// Runs a deep link's handler: `call_deeplink`.
  let callDeepLink: LuaRef
  /// Runs an `on_context` rule: `call_context_rule`.
  let callContextRule: LuaRef
  /// Runs the script's guards on a change: `call_guard`.
  let callGuard: LuaRef
  /// Evaluates one of the script's invariants on a state: `call_invariant`.
  let callInvariant: LuaRef
  /// Seals the loaded script (rules are pure); called once, then released.
  let seal: LuaRef
  /// The names of a command's fields at their positions (``CommandField/luaPosition``), made by
  /// the host for `LuaCommandFields`.
  let commandFieldNames: LuaRef
  /// The one table `nav:pop()` queues, which the host knows by identity.
  let popOne: LuaRef
  /// `popOne`'s identity.
  let popOneIdentity: UInt?

  /// Reads them from the DSL's table of entry points at `index`, and makes the table of command
  /// field names.
  init(from stack: LuaStack, at index: Int32) throws(LuaError) {
    func entry(_ name: String) throws(LuaError) -> LuaRef {
      _ = try stack.pushField(name, of: index)
      return try stack.reference(at: -1)
    }
    declarations = try entry("declarations")
    callRule = try entry("call_rule")
    callDeepLink = try entry("call_deeplink")
    callGuard = try entry("call_guard")
    callContextRule = try entry("call_context_rule")
    callInvariant = try entry("call_invariant")
    seal = try entry("seal")
    try stack.pushTable(arrayCapacity: CommandField.allCases.count)
    for field in CommandField.allCases {
      try stack.push(field.name)
      try stack.setElement(Int(field.luaPosition), of: -2)
    }
    commandFieldNames = try stack.reference(at: -1)
    _ = try stack.pushField("pop_one", of: index)
    popOneIdentity = stack.tableIdentity(at: -1)
    popOne = try stack.reference(at: -1)
  }
}
