import TabFlowNavigation

/// How a pending resume is saved: `{"source":{…},"commands":[{"op":"tab","tab":"home","command":{"op":"push","screen":…}}]}`.
/// A `goBackTo`/`popTo` match is saved by its label and read back as a match of the screens so
/// named: a script's matches are by name; a Swift predicate match comes back matching by name.
struct PersistedResume<Screen: Codable>: Codable {
  var source: PersistedSource
  var commands: [PersistedCommand<Screen>]

  init(_ resume: PendingResume<Screen>) {
    source = PersistedSource(resume.source)
    commands = resume.commands.map { PersistedCommand($0) }
  }

  /// The resume it saved (its route is not saved: route IDs are fresh after loading).
  func resume() throws(PersistenceError) -> PendingResume<Screen> {
    var decoded: [NavigationCommand<Screen>] = []
    for command in commands { decoded.append(try command.command()) }
    return PendingResume(commands: decoded, source: source.source)
  }
}

/// A batch source as saved: a screen action's route is not (it reads back with a fresh ID, as
/// routes do).
struct PersistedSource: Codable {
  var kind: String
  var name: String?

  init(_ source: BatchSource) {
    switch source {
    case let .rule(name): (kind, self.name) = ("rule", name)
    case let .tabTap(tab): (kind, name) = ("tabTap", tab.rawValue)
    case .userBack: (kind, name) = ("back", nil)
    case let .deepLink(url): (kind, name) = ("deepLink", url)
    case let .screenAction(tab, _): (kind, name) = ("screenAction", tab.rawValue)
    case .host: (kind, name) = ("host", nil)
    case .customization: (kind, name) = ("customization", nil)
    }
  }

  var source: BatchSource {
    switch kind {
    case "rule": return .rule(name ?? "")
    case "tabTap": return .tabTap(TabID(name ?? ""))
    case "back": return .userBack
    case "deepLink": return .deepLink(name ?? "")
    case "screenAction": return .screenAction(tab: TabID(name ?? ""), route: RouteIDGenerator.current.next())
    case "customization": return .customization
    default: return .host
    }
  }
}

/// A navigation command as saved.
struct PersistedCommand<Screen: Codable>: Codable {
  var op: String
  var screen: Screen?
  var navigation: Bool?
  var configuration: SheetConfiguration?
  var count: Int?
  var match: String?
  var routes: [Route<Screen>]?
  var mode: OpenMode?
  var tab: TabID?
  var event: NavigationEvent?
  var badge: TabBadge?
  /// The command inside `tab(…)` or `app(…)`: one element (a struct cannot hold itself).
  var inner: [PersistedCommand<Screen>]?

  init(_ command: NavigationCommand<Screen>) {
    op = command.name
    switch command {
    case let .push(screen), let .setTopScreen(screen): self.screen = screen
    case let .presentSheet(screen, withNavigation, configuration):
      (self.screen, navigation, self.configuration) = (screen, withNavigation, configuration)
    case let .presentCover(screen, withNavigation): (self.screen, navigation) = (screen, withNavigation)
    case let .goBack(count), let .pop(count), let .dismiss(count): self.count = count
    case let .goBackTo(match), let .popTo(match): self.match = match.label
    case .goBackToRoot, .popToRoot, .popToCurrentNavigationRoot, .dismissAll: break
    case let .reset(routes): self.routes = routes
    case let .open(routes, mode): (self.routes, self.mode) = (routes, mode)
    case let .selectTab(tab), let .resetTabs(select: tab): self.tab = tab
    case let .tab(tab, command): (self.tab, inner) = (tab, [PersistedCommand(command)])
    case let .app(command): inner = [PersistedCommand(command)]
    case let .emit(event): self.event = event
    case let .setBadge(tab, badge): (self.tab, self.badge) = (tab, badge)
    }
  }

  /// The command it saved, or why it cannot be read (a field its op needs is missing, or the
  /// op is unknown).
  func command() throws(PersistenceError) -> NavigationCommand<Screen> {
    func missing(_ field: String) -> PersistenceError {
      .corrupt(reason: "pendingResume: the command '\(op)' has no '\(field)'")
    }
    func needed<Value>(_ value: Value?, _ field: String) throws(PersistenceError) -> Value {
      guard let value else { throw missing(field) }
      return value
    }
    switch op {
    case "push": return .push(try needed(screen, "screen"))
    case "setTopScreen": return .setTopScreen(try needed(screen, "screen"))
    case "presentSheet":
      return .presentSheet(
        try needed(screen, "screen"), withNavigation: navigation ?? false, configuration: configuration ?? .default)
    case "presentCover": return .presentCover(try needed(screen, "screen"), withNavigation: navigation ?? false)
    case "goBack": return .goBack(count: count ?? 1)
    case "pop": return .pop(count: count ?? 1)
    case "dismiss": return .dismiss(count: count ?? 1)
    case "goBackTo", "popTo":
      let label = try needed(match, "match")
      let byName = ScreenMatch<Screen>.persisted(named: label)
      return op == "popTo" ? .popTo(byName) : .goBackTo(byName)
    case "goBackToRoot": return .goBackToRoot
    case "popToRoot": return .popToRoot
    case "popToCurrentNavigationRoot": return .popToCurrentNavigationRoot
    case "dismissAll": return .dismissAll
    case "reset": return .reset(try needed(routes, "routes"))
    case "open": return .open(try needed(routes, "routes"), mode: try needed(mode, "mode"))
    case "selectTab": return .selectTab(try needed(tab, "tab"))
    case "resetTabs": return .resetTabs(select: try needed(tab, "tab"))
    case "tab":
      guard let command = inner?.first, inner?.count == 1 else { throw missing("inner") }
      return .tab(try needed(tab, "tab"), try command.command())
    case "app":
      guard let command = inner?.first, inner?.count == 1 else { throw missing("inner") }
      return .app(try command.command())
    case "emit": return .emit(try needed(event, "event"))
    case "badge": return .setBadge(try needed(tab, "tab"), badge)
    default: throw .corrupt(reason: "pendingResume: unknown command '\(op)'")
    }
  }
}

extension ScreenMatch {
  /// The match a saved label reads back as: screens named `label` (see ``PersistedResume``).
  static func persisted(named label: String) -> ScreenMatch {
    ScreenMatch(label) { screenName(of: $0) == label }
  }
}
