import TabFlowLuaBinding
import CLuaSandbox
import TabFlowNavigation

/// One command a rule queued, read field by field from the VM: only the fields the decoder asks
/// for are converted, with no dictionary per command. Valid only while the queue is on the stack
/// (inside the call's results closure).
struct LuaCommandFields: ScriptCommandFields {
  let stack: LuaStack
  /// The command table's absolute index; for a push on the rule's own nav, the queue's.
  let table: Int32
  /// The command's number in the queue (1-based), for error messages (`value[2].state`).
  let position: Int
  /// The absolute index of the table of field names (``CommandField/luaPosition``).
  let names: Int32
  /// For a push on the rule's own nav, queued as two entries (the screen's name, then its state
  /// or `false` for none), the queue element of its name; `nil` for a command table.
  let pushElement: Int?

  func field(_ key: CommandField) throws(ScriptError) -> FlowValue? {
    do throws(LuaError) {
      let type: LuaType
      if let pushElement {
        switch key {
        case .screen: type = try stack.pushElement(pushElement, of: table)
        case .state: type = try stack.pushElement(pushElement + 1, of: table)
        default: return nil
        }
      } else {
        type = try stack.pushField(named: key.luaPosition, in: names, of: table)
      }
      defer { stack.pop() }
      switch type {
      case .nil: return nil
      case .boolean where pushElement != nil: return nil  // a push without state
      case .string: return stack.string(at: -1).map(FlowValue.string)
      default: return try stack.value(at: -1, elementField: key.name, position: position)
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
  /// its fields), and a push on a rule's own nav (two entries: a screen name and its state) is
  /// read as a push without an `op` or `tab`.
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
    var element = 1
    while element <= count {
      let type: LuaType
      do throws(LuaError) { type = try stack.pushElement(element, of: index) } catch { throw ScriptError(error, rule: nil) }
      defer { stack.pop() }
      if type == .string {
        // A push on the rule's own nav: this name, then the state.
        if let screen = try screen(ofPushNamedAt: -1, state: element + 1, of: index, in: stack) {
          commands.append(.push(screen))
        } else {
          let fields = LuaCommandFields(
            stack: stack, table: index, position: commands.count + 1, names: names, pushElement: element)
          commands.append(.push(try screen(fields)))
        }
        element += 2
        continue
      }
      element += 1
      guard type == .table else {
        let item = (try? stack.value(at: -1)) ?? .null
        throw ScriptError(.invalidCommand, "not a command: \(item)")
      }
      let table = stack.absoluteIndex(-1)
      if let popOne, stack.tableIdentity(at: table) == popOne {
        commands.append(.pop(count: 1))
        continue
      }
      let fields = LuaCommandFields(stack: stack, table: table, position: commands.count + 1, names: names, pushElement: nil)
      commands.append(try command(from: fields))
    }
    return commands
  }
}

extension ScriptCommandDecoder {
  /// The screen of a push on a rule's own nav whose screen name is at `name` and whose state is
  /// element `state` of the queue at `queue`, read directly when the name is a declared name as
  /// the VM holds it and the state is `false` (none) or a plain object of scalars; `nil`
  /// otherwise, when its fields are read one by one (which also says what is wrong with them).
  /// Leaves the stack as it found it.
  func screen(
    ofPushNamedAt name: Int32, state: Int, of queue: Int32, in stack: LuaStack
  ) throws(ScriptError) -> DynamicScreen? {
    guard let template = stack.stringIdentity(at: name).flatMap({ screensByNameIdentity[$0] }) else { return nil }
    do throws(LuaError) { try stack.pushElement(state, of: queue) } catch { throw ScriptError(error, rule: nil) }
    defer { stack.pop() }
    let payload: [String: FlowValue]
    switch stack.type(at: -1) {
    case .boolean: return DynamicScreen(template.name, state: template.defaults)
    case .table:
      // Usually every field is declared with a name the VM holds once, and of its kind.
      if let screen = template.screen(readingStateAt: -1, in: stack) { return screen }
      guard let members = stack.scalarMembers(at: -1) else { return nil }
      payload = members
    default: return nil
    }
    do {
      return try template.declaration.instantiate(with: payload)
    } catch {
      throw ScriptError(.payload, error.description)
    }
  }
}
