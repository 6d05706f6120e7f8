import CLua

/// One command table a rule queued, read field by field from the VM: only the fields the decoder
/// asks for are converted, with no dictionary per command. Valid only while the queue is on the
/// stack (inside the call's results closure).
struct LuaCommandFields: ScriptCommandFields {
  let stack: LuaStack
  /// The command table's absolute index.
  let table: Int32
  /// The command's position in the queue (1-based), for error messages (`value[2].state`).
  let position: Int
  /// The absolute index of the table of field names (``CommandField/luaPosition``).
  let names: Int32
  /// Whether the table is a positional push (``PositionalPushFields``) rather than named fields.
  let isPositionalPush: Bool

  func field(_ key: CommandField) throws(ScriptError) -> FlowValue? {
    do throws(LuaError) {
      let type: LuaType
      if isPositionalPush {
        guard let position = key.positionInPush else { return nil }
        type = try stack.pushElement(position, of: table)
      } else {
        type = try stack.pushField(named: key.luaPosition, in: names, of: table)
      }
      defer { stack.pop() }
      switch type {
      case .nil: return nil
      case .string: return stack.string(at: -1).map(FlowValue.string)
      default: return try stack.value(at: -1, commandField: key.rawValue, position: position)
      }
    } catch {
      throw ScriptError(error, rule: nil)
    }
  }
}

extension ScriptCommandDecoder {
  /// The commands of the queue table at `index` of `stack`, each read field by field
  /// (``LuaCommandFields``): the same commands ``commands(from:)`` makes of the queue read whole.
  /// `fieldNames` holds the table of field names (``CommandField``); `popOne` is the identity of
  /// the table `nav:pop()` queues on a rule's own nav (read as `.pop(count: 1)` without reading
  /// its fields), and a positional push is read as a push without reading its `op` or `tab`.
  func commands(
    fromQueueAt index: Int32, in stack: LuaStack, fieldNames: LuaRef, popOne: UInt?
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    let count = stack.type(at: index) == .table ? stack.rawLength(at: index) : 0
    guard count > 0 else {
      // Nothing queued, or not a list: read whole, as the generic path does.
      let queue: FlowValue
      do throws(LuaError) { queue = try stack.value(at: index) } catch { throw ScriptError(error, rule: nil) }
      return try commands(from: queue)
    }
    let names: Int32
    do throws(LuaError) {
      try stack.push(fieldNames)
      names = stack.absoluteIndex(-1)
    } catch {
      throw ScriptError(error, rule: nil)
    }
    defer { stack.pop() }
    var commands: [NavigationCommand<DynamicScreen>] = []
    commands.reserveCapacity(count)
    for position in 1...count {
      let type: LuaType
      do throws(LuaError) { type = try stack.pushElement(position, of: index) } catch { throw ScriptError(error, rule: nil) }
      defer { stack.pop() }
      guard type == .table else {
        let item = (try? stack.value(at: -1)) ?? .null
        throw ScriptError(.invalidCommand, "not a command: \(item)")
      }
      let table = stack.absoluteIndex(-1)
      if let popOne, stack.tableIdentity(at: table) == popOne {
        commands.append(.pop(count: 1))
        continue
      }
      let isPositionalPush = stack.rawLength(at: table) == 3 && stack.element(1, of: table, is: "push")
      if isPositionalPush, let screen = try screen(ofPositionalPushAt: table, in: stack) {
        commands.append(.push(screen))
        continue
      }
      let fields = LuaCommandFields(
        stack: stack, table: table, position: position, names: names, isPositionalPush: isPositionalPush)
      // A positional push has exactly its screen and state: nothing else to read.
      commands.append(isPositionalPush ? .push(try screen(fields)) : try command(from: fields))
    }
    return commands
  }
}

extension ScriptCommandDecoder {
  /// The screen of the positional push `{ "push", name, state }` at `table` (an absolute index),
  /// read directly when its name is a declared name as the VM holds it and its state is absent or
  /// a plain object of scalars; `nil` otherwise, when its fields are read one by one (which also
  /// says what is wrong with them). Leaves the stack as it found it.
  func screen(ofPositionalPushAt table: Int32, in stack: LuaStack) throws(ScriptError) -> DynamicScreen? {
    let template: DeclaredScreenTemplate
    do throws(LuaError) {
      try stack.pushElement(2, of: table)
      let known = stack.stringIdentity(at: -1).flatMap { screensByNameIdentity[$0] }
      stack.pop()
      guard let known else { return nil }
      template = known
      try stack.pushElement(3, of: table)
    } catch {
      throw ScriptError(error, rule: nil)
    }
    defer { stack.pop() }
    let declaration = template.declaration
    let payload: [String: FlowValue]
    switch stack.type(at: -1) {
    case .nil: return DynamicScreen(declaration.name, state: declaration.stateDefaults)
    case .table:
      // Usually every field is declared with a name the VM holds once, and of its kind.
      if let screen = stack.screen(at: -1, filling: template) { return screen }
      guard let members = stack.scalarMembers(at: -1) else { return nil }
      payload = members
    default: return nil
    }
    do {
      return try declaration.instantiate(with: payload)
    } catch {
      throw ScriptError(.payload, error.description)
    }
  }
}
