import TabFlowLuaBinding
import CLuaSandbox
import TabFlowNavigation

/// Turns the command queue a rule filled (its format: CLuaSandbox's `CLuaQueue.h`) into
/// navigation commands on dynamic screens, merging declared state defaults into payloads.
///
/// The DSL already checked names and payload fields where the rule called `nav` (so those errors
/// carry `file:line`); this is the host's own check of everything it applies.
struct ScriptCommandDecoder {
  let screens: [String: ScreenDeclaration]
  let tabs: Set<String>
  /// The declared screens by the identity of their names as the VM holds them (see
  /// ``LuaStack/stringIdentity(at:)``), for reading a queued push without making its name or
  /// its fields' names strings. Only names the VM holds for as long as it lives are here.
  var screensByNameIdentity: [UInt: DeclaredScreenTemplate] = [:]

  func commands(from queue: FlowValue) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    guard case let .array(items) = queue else {
      if queue == .null || queue == .emptyObject { return [] }
      throw ScriptError(.invalidCommand, "a rule must queue commands through nav, got \(queue.kindName)")
    }
    var commands: [NavigationCommand<DynamicScreen>] = []
    commands.reserveCapacity(items.count)
    var index = 0
    while index < items.count {
      if case .string = items[index] {
        // CLUA_QUEUE_ENTRY_PUSH: the screen's name, then its state (false for none).
        let state = index + 1 < items.count && items[index + 1] != .bool(false) ? items[index + 1] : .null
        commands.append(.push(try screen(["screen": items[index], "state": state])))
        index += 2
      } else {
        commands.append(try command(from: items[index]))
        index += 1
      }
    }
    return commands
  }

  func command(from item: FlowValue) throws(ScriptError) -> NavigationCommand<DynamicScreen> {
    guard case let .object(fields) = item, case .string? = fields["op"] else {
      throw ScriptError(.invalidCommand, "not a command: \(item)")
    }
    return try command(from: fields)
  }

  /// The command whose fields `fields` reads: a dictionary, or a queued table read field by
  /// field from the VM (``LuaCommandFields``), so the fast path and the generic one share this.
  func command(from fields: some ScriptCommandFields) throws(ScriptError) -> NavigationCommand<DynamicScreen> {
    guard case let .string(op)? = try fields.field(.op) else {
      throw ScriptError(.invalidCommand, "not a command: it has no op")
    }
    let command = try stackOrCoordinatorCommand(op, fields)
    if case let .string(tab)? = try fields.field(.tab) {
      if tab == RuleDSL.appLayerTab { return .app(command) }
      guard tabs.contains(tab) else { throw unknownTab(tab) }
      return .tab(TabID(tab), command)
    }
    return command
  }

  /// The command of op `op` (its name, as the queue format's `clua_queue_op_name` gives it).
  private func stackOrCoordinatorCommand(
    _ op: String, _ fields: some ScriptCommandFields
  ) throws(ScriptError) -> NavigationCommand<DynamicScreen> {
    let code = op.withCString { clua_queue_op_code($0, op.utf8.count) }
    switch CLuaQueueOp(UInt32(bitPattern: code)) {
    case CLUA_QUEUE_OP_PUSH:
      return .push(try screen(fields))
    case CLUA_QUEUE_OP_PRESENT_SHEET:
      return .presentSheet(
        try screen(fields), withNavigation: try flag(fields, .navigation, default: false),
        configuration: try sheetConfiguration(fields))
    case CLUA_QUEUE_OP_PRESENT_COVER:
      return .presentCover(try screen(fields), withNavigation: try flag(fields, .navigation, default: false))
    case CLUA_QUEUE_OP_POP: return .pop(count: try count(fields))
    case CLUA_QUEUE_OP_GO_BACK: return .goBack(count: try count(fields))
    case CLUA_QUEUE_OP_DISMISS: return .dismiss(count: try count(fields))
    case CLUA_QUEUE_OP_POP_TO: return .popTo(.named(try declaration(fields).name))
    case CLUA_QUEUE_OP_GO_BACK_TO: return .goBackTo(.named(try declaration(fields).name))
    case CLUA_QUEUE_OP_POP_TO_ROOT: return .popToRoot
    case CLUA_QUEUE_OP_GO_BACK_TO_ROOT: return .goBackToRoot
    case CLUA_QUEUE_OP_POP_TO_CURRENT_NAVIGATION_ROOT: return .popToCurrentNavigationRoot
    case CLUA_QUEUE_OP_DISMISS_ALL: return .dismissAll
    case CLUA_QUEUE_OP_SELECT_TAB:
      let tab = try name(try fields.field(.target), "tab")
      guard tabs.contains(tab) else { throw unknownTab(tab) }
      return .selectTab(TabID(tab))
    case CLUA_QUEUE_OP_RESET_TABS:
      let tab = try name(try fields.field(.target), "tab")
      guard tabs.contains(tab) else { throw unknownTab(tab) }
      return .resetTabs(select: TabID(tab))
    case CLUA_QUEUE_OP_RESET:
      return .reset(try routes(try fields.field(.routes), firstIsRoot: true))
    case CLUA_QUEUE_OP_OPEN:
      let modeName = try name(try fields.field(.mode), "mode")
      guard let mode = OpenMode(rawValue: modeName) else {
        throw ScriptError(.invalidCommand, "unknown open mode '\(modeName)' (replace, keepRoot, append)")
      }
      return .open(try routes(try fields.field(.routes), firstIsRoot: mode == .replace), mode: mode)
    case CLUA_QUEUE_OP_BADGE:
      let tab = try name(try fields.field(.target), "tab")
      guard tabs.contains(tab) else { throw unknownTab(tab) }
      switch try fields.field(.payload) {
      case nil, .null?: return .setBadge(TabID(tab), nil)
      case let .int(count)?: return .setBadge(TabID(tab), .count(count))
      case let .string(text)?: return .setBadge(TabID(tab), .text(text))
      case let other?: throw ScriptError(.invalidCommand, "a badge must be a whole number, a string or nil, got \(other)")
      }
    case CLUA_QUEUE_OP_SET_STATE:
      // The DSL merged the changed fields into the top screen's state as the rule saw it.
      return .setTopScreen(try screen(fields))
    case CLUA_QUEUE_OP_EMIT:
      return .emit(NavigationEvent(try name(try fields.field(.name), "event"), payload: try fields.field(.payload) ?? .null))
    default:
      throw ScriptError(.invalidCommand, "unknown command '\(op)'")
    }
  }

  /// The declaration of the screen named in `screen`, which must be declared.
  private func declaration(_ fields: some ScriptCommandFields) throws(ScriptError) -> ScreenDeclaration {
    let screenName = try name(try fields.field(.screen), "screen")
    guard let declaration = screens[screenName] else {
      throw ScriptError(
        .unknownName, "unknown screen '\(screenName)'" + Suggestions.hint(for: screenName, in: screens.keys))
    }
    return declaration
  }

  /// The screen named by `screen`, opened with `state`.
  func screen(_ fields: some ScriptCommandFields) throws(ScriptError) -> DynamicScreen {
    let declaration = try declaration(fields)
    let screenName = declaration.name
    let payload: [String: FlowValue]
    switch try fields.field(.state) {
    case nil, .null?: payload = [:]
    case let .object(members)?: payload = members
    case .array([])?: payload = [:]
    case let other?: throw ScriptError(.payload, "the state of '\(screenName)' must be a table, got \(other.kindName)")
    }
    do {
      return try declaration.instantiate(with: payload)
    } catch {
      throw ScriptError(.payload, error.description)
    }
  }

  private func routes(_ value: FlowValue?, firstIsRoot: Bool) throws(ScriptError) -> [Route<DynamicScreen>] {
    let items: [FlowValue]
    switch value {
    case let .array(list)?: items = list
    case .object(let members)? where members.isEmpty: items = []
    default: throw ScriptError(.invalidCommand, "routes must be a list like { {\"item\", {id = 3}} }")
    }
    var routes: [Route<DynamicScreen>] = []
    for (index, item) in items.enumerated() {
      guard case let .object(fields) = item else {
        throw ScriptError(.invalidCommand, "route \(index + 1) must be a table like {\"item\", {id = 3}}")
      }
      let screen = try screen(fields)
      let defaultStyle = index == 0 && firstIsRoot ? "root" : "push"
      let style = try name(fields.field(.style) ?? .string(defaultStyle), "style")
      switch style {
      case "root": routes.append(.root(screen, withNavigation: try flag(fields, .navigation, default: true)))
      case "push": routes.append(.push(screen))
      case "sheet":
        routes.append(.sheet(screen, withNavigation: try flag(fields, .navigation, default: false),
                             configuration: try sheetConfiguration(fields)))
      case "cover": routes.append(.cover(screen, withNavigation: try flag(fields, .navigation, default: false)))
      default: throw ScriptError(.invalidCommand, "route \(index + 1): unknown style '\(style)'")
      }
    }
    return routes
  }

  private func sheetConfiguration(_ fields: some ScriptCommandFields) throws(ScriptError) -> SheetConfiguration {
    var detents: [SheetConfiguration.Detent] = []
    switch try fields.field(.detents) {
    // Lua's empty table arrives as the empty object.
    case nil, .null?, .object([:])?: detents = [.large]
    case let .array(items)?:
      for item in items {
        guard case let .string(text) = item, let detent = SheetConfiguration.Detent(text) else {
          throw ScriptError(
            .invalidCommand, "unknown sheet detent \(item) (medium, large, fraction:<0…1>, height:<points>)")
        }
        detents.append(detent)
      }
    case let other?: throw ScriptError(.invalidCommand, "detents must be a list like {\"medium\", \"large\"}, got \(other)")
    }
    return SheetConfiguration(detents: detents, showDragIndicator: try flag(fields, .dragIndicator, default: true))
  }

  private func count(_ fields: some ScriptCommandFields) throws(ScriptError) -> Int {
    switch try fields.field(.count) {
    case nil, .null?: return 1
    case let .int(value)?: return value
    case let .double(value)? where value == value.rounded() && abs(value) < 1e15: return Int(value)
    case let other?: throw ScriptError(.invalidCommand, "a count must be a whole number, got \(other)")
    }
  }

  private func flag(
    _ fields: some ScriptCommandFields, _ key: CommandField, default defaultValue: Bool
  ) throws(ScriptError) -> Bool {
    switch try fields.field(key) {
    case nil, .null?: return defaultValue
    case let .bool(flag)?: return flag
    case let other?: throw ScriptError(.invalidCommand, "\(key.name) must be true or false, got \(other)")
    }
  }

  private func name(_ value: FlowValue?, _ what: String) throws(ScriptError) -> String {
    guard case let .string(text)? = value, !text.isEmpty else {
      let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      let found = value == .string("") ? "an empty string" : value?.kindName ?? "nothing"
      throw ScriptError(.invalidCommand, "expected \(article) \(what) name, got \(found)")
    }
    return text
  }

  private func unknownTab(_ tab: String) -> ScriptError {
    ScriptError(.unknownName, "unknown tab '\(tab)'" + Suggestions.hint(for: tab, in: tabs.sorted()))
  }
}

extension ScreenMatch where Screen == DynamicScreen {
  /// Matches dynamic screens with this name.
  public static func named(_ name: String) -> Self {
    Self(name) { $0.name == name }
  }
}
