/// The single vocabulary of navigation change.
///
/// Swift rules, Lua rules, deep links, the UI's back gesture and the CLI all produce commands.
/// A stack applies the stack commands (`push` … `open`); a tab coordinator also understands
/// ``selectTab(_:)``, ``resetTabs(select:)``, ``tab(_:_:)``, ``app(_:)``, ``emit(_:)`` and ``setBadge(_:_:)``, and
/// applies a batch of commands all or nothing.
///
/// ```swift
/// try stack.apply(.push(.detail(id: 3)))
/// let batch: [NavigationCommand<Screen>] = [.tab("profile", .push(.orders)), .selectTab("profile")]
/// ```
public enum NavigationCommand<Screen> {
  /// Append a push. Invalid when the top layer has no navigation.
  case push(Screen)
  /// Present a sheet, starting a new layer.
  case presentSheet(Screen, withNavigation: Bool = false, configuration: SheetConfiguration = .default)
  /// Present a full-screen cover, starting a new layer.
  case presentCover(Screen, withNavigation: Bool = false)
  /// Remove the top `count` routes of any style. Invalid when `count < 1` or it would remove the root.
  case goBack(count: Int = 1)
  /// Remove every route above the topmost match. Invalid when nothing matches.
  case goBackTo(ScreenMatch<Screen>)
  /// Keep only the root. Never invalid.
  case goBackToRoot
  /// Like ``goBack(count:)``, for pushes only. Invalid when a removed route is presented.
  case pop(count: Int = 1)
  /// Like ``goBackTo(_:)``, for pushes only. Invalid when nothing matches or a removed route is presented.
  case popTo(ScreenMatch<Screen>)
  /// Remove every push above the root. Invalid when a presented route is above the root.
  case popToRoot
  /// Remove the pushes of the top layer. Never invalid.
  case popToCurrentNavigationRoot
  /// Remove the top `count` presented layers, each with its pushes. Invalid when fewer are presented.
  case dismiss(count: Int = 1)
  /// Remove every presented layer. Never invalid.
  case dismissAll
  /// Replace the stack. Invalid when the first route is not a root, another route is a root, or a
  /// push sits in a layer without navigation.
  case reset([Route<Screen>])
  /// Put routes into the stack the way a deep link does (see ``OpenMode``).
  case open([Route<Screen>], mode: OpenMode)
  /// Show `screen` in the top route, in place: the route keeps its ID (effects and actions
  /// addressed to it still reach it), style, navigation flag and sheet configuration — where a
  /// pop and a push would make a new route. A link to a tab's root screen is
  /// `[.goBackToRoot, .setTopScreen(screen)]`. Invalid only on an empty stack.
  case setTopScreen(Screen)
  /// Select a tab (or reselect the selected one). Coordinator only.
  case selectTab(TabID)
  /// Every tab back to its root (presented layers too), the tab history cleared, and `select`
  /// selected — e.g. on logout. The removed routes' effects are cancelled. Coordinator only.
  case resetTabs(select: TabID)
  /// Apply a command to a tab's stack without selecting it. Coordinator only.
  indirect case tab(TabID, NavigationCommand<Screen>)
  /// Apply a stack command to the app layer: the sheets and covers presented over the whole tab
  /// bar, each with its pushes (onboarding, a login cover). The app layer has no root of its own
  /// — the tab bar is under it — so its first route is always presented. Coordinator only.
  indirect case app(NavigationCommand<Screen>)
  /// Tell the host app something happened; changes no state. Coordinator only.
  case emit(NavigationEvent)
  /// Set a tab's badge, or clear it with `nil`. Coordinator only.
  case setBadge(TabID, TabBadge?)
}

extension NavigationCommand {
  /// The command's name as scripts and logs write it, e.g. `presentSheet`.
  @inlinable
  public var name: String {
    switch self {
    case .push: return "push"
    case .presentSheet: return "presentSheet"
    case .presentCover: return "presentCover"
    case .goBack: return "goBack"
    case .goBackTo: return "goBackTo"
    case .goBackToRoot: return "goBackToRoot"
    case .pop: return "pop"
    case .popTo: return "popTo"
    case .popToRoot: return "popToRoot"
    case .popToCurrentNavigationRoot: return "popToCurrentNavigationRoot"
    case .dismiss: return "dismiss"
    case .dismissAll: return "dismissAll"
    case .reset: return "reset"
    case .open: return "open"
    case .setTopScreen: return "setTopScreen"
    case .selectTab: return "selectTab"
    case .resetTabs: return "resetTabs"
    case .tab: return "tab"
    case .app: return "app"
    case .emit: return "emit"
    case .setBadge: return "badge"
    }
  }

  /// The same command showing transformed screens.
  ///
  /// A ``goBackTo(_:)`` or ``popTo(_:)`` match cannot be transformed forwards; pass `match` to
  /// rebuild it for the new screen type.
  public func map<NewScreen>(
    _ transform: (Screen) throws -> NewScreen,
    match: (ScreenMatch<Screen>) throws -> ScreenMatch<NewScreen>
  ) rethrows -> NavigationCommand<NewScreen> {
    switch self {
    case let .push(screen): return .push(try transform(screen))
    case let .presentSheet(screen, withNavigation, configuration):
      return .presentSheet(try transform(screen), withNavigation: withNavigation, configuration: configuration)
    case let .presentCover(screen, withNavigation):
      return .presentCover(try transform(screen), withNavigation: withNavigation)
    case let .goBack(count): return .goBack(count: count)
    case let .goBackTo(screenMatch): return .goBackTo(try match(screenMatch))
    case .goBackToRoot: return .goBackToRoot
    case let .pop(count): return .pop(count: count)
    case let .popTo(screenMatch): return .popTo(try match(screenMatch))
    case .popToRoot: return .popToRoot
    case .popToCurrentNavigationRoot: return .popToCurrentNavigationRoot
    case let .dismiss(count): return .dismiss(count: count)
    case .dismissAll: return .dismissAll
    case let .reset(routes): return .reset(try routes.map { try $0.map(transform) })
    case let .open(routes, mode): return .open(try routes.map { try $0.map(transform) }, mode: mode)
    case let .setTopScreen(screen): return .setTopScreen(try transform(screen))
    case let .selectTab(tab): return .selectTab(tab)
    case let .resetTabs(tab): return .resetTabs(select: tab)
    case let .tab(tab, command): return .tab(tab, try command.map(transform, match: match))
    case let .app(command): return .app(try command.map(transform, match: match))
    case let .emit(event): return .emit(event)
    case let .setBadge(tab, badge): return .setBadge(tab, badge)
    }
  }
}

extension NavigationCommand: Equatable where Screen: Equatable {}
extension NavigationCommand: Sendable where Screen: Sendable {}

extension NavigationCommand: CustomStringConvertible {
  /// A short form for logs: `push item`, `tab profile: push orders`, `dismiss 2`.
  public var description: String {
    switch self {
    case let .push(screen): return "push \(screenName(of: screen))"
    case let .presentSheet(screen, withNavigation, configuration):
      return "presentSheet \(screenName(of: screen))" + (withNavigation ? " (navigation)" : "")
        + (configuration == .default ? "" : " (\(configuration))")
    case let .presentCover(screen, withNavigation):
      return "presentCover \(screenName(of: screen))" + (withNavigation ? " (navigation)" : "")
    case let .goBack(count), let .pop(count), let .dismiss(count):
      return count == 1 ? name : "\(name) \(count)"
    case let .goBackTo(match), let .popTo(match): return "\(name) \(match.label)"
    case .goBackToRoot, .popToRoot, .popToCurrentNavigationRoot, .dismissAll: return name
    case let .reset(routes): return "reset " + routes.pathDescription()
    case let .open(routes, mode): return "open \(mode) " + routes.pathDescription()
    case let .setTopScreen(screen): return "setTopScreen \(screenName(of: screen))"
    case let .selectTab(tab): return "selectTab \(tab)"
    case let .resetTabs(tab): return "resetTabs \(tab)"
    case let .tab(tab, command): return "tab \(tab): \(command)"
    case let .app(command): return "app: \(command)"
    case let .emit(event): return "emit \(event)"
    case let .setBadge(tab, badge): return "badge \(tab) \(badge.map(\.description) ?? "none")"
    }
  }
}

extension Sequence {
  /// Routes written root first and `>`-separated, presented routes prefixed with their style:
  /// `feed > item > sheet:login`.
  public func pathDescription<Screen>() -> String where Element == Route<Screen> {
    map { route in
      let name = screenName(of: route.screen)
      return route.isPresented ? "\(route.style):\(name)" : name
    }.joined(separator: " > ")
  }
}
