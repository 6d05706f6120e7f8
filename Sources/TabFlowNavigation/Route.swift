/// One entry of a navigation stack: a screen and the way it is shown.
///
/// A stack's first route is always a ``root(_:withNavigation:)``; pushes stack inside the
/// current layer, and sheets and covers open a new presentation layer.
///
/// ```swift
/// var routes: [Route<Screen>] = [.root(.home)]
/// routes.push(.detail(id: 3))
/// routes.presentSheet(.login, withNavigation: true, configuration: .half)
/// ```
///
/// `Route` is `Equatable`, `Hashable`, `Codable` and `Sendable` whenever `Screen` is; it never
/// requires `Hashable` of your screens.
public enum Route<Screen> {
  /// The root of a stack. With navigation (the default), screens can be pushed onto it.
  case root(Screen, withNavigation: Bool = true)
  /// A screen pushed onto the navigation of the current layer.
  case push(Screen)
  /// A screen presented as a sheet, optionally embedded in its own navigation.
  case sheet(Screen, withNavigation: Bool = false, configuration: SheetConfiguration = .default)
  /// A screen presented full-screen, optionally embedded in its own navigation.
  case cover(Screen, withNavigation: Bool = false)
}

extension Route {
  /// The screen this route shows. Setting it keeps the style, navigation flag and configuration.
  @inlinable
  public var screen: Screen {
    get {
      switch self {
      case let .root(screen, _), let .push(screen), let .sheet(screen, _, _), let .cover(screen, _):
        return screen
      }
    }
    set {
      switch self {
      case let .root(_, withNavigation):
        self = .root(newValue, withNavigation: withNavigation)
      case .push:
        self = .push(newValue)
      case let .sheet(_, withNavigation, configuration):
        self = .sheet(newValue, withNavigation: withNavigation, configuration: configuration)
      case let .cover(_, withNavigation):
        self = .cover(newValue, withNavigation: withNavigation)
      }
    }
  }

  /// How this route is shown.
  @inlinable
  public var style: RouteStyle {
    switch self {
    case .root: return .root
    case .push: return .push
    case .sheet: return .sheet
    case .cover: return .cover
    }
  }

  /// Whether this route opens a presentation layer (a sheet or a cover).
  @inlinable
  public var isPresented: Bool { style.isPresented }

  /// Whether screens can be pushed in the layer this route starts. Always `false` for a push,
  /// which belongs to the layer below it.
  @inlinable
  public var withNavigation: Bool {
    switch self {
    case let .root(_, withNavigation), let .sheet(_, withNavigation, _), let .cover(_, withNavigation):
      return withNavigation
    case .push:
      return false
    }
  }

  /// The sheet's detents and drag indicator, or `nil` when this route is not a sheet.
  @inlinable
  public var sheetConfiguration: SheetConfiguration? {
    if case let .sheet(_, _, configuration) = self { return configuration }
    return nil
  }

  /// The same route showing a transformed screen.
  ///
  /// ```swift
  /// let names = route.map(\.title)
  /// ```
  public func map<NewScreen>(_ transform: (Screen) throws -> NewScreen) rethrows -> Route<NewScreen> {
    switch self {
    case let .root(screen, withNavigation):
      return .root(try transform(screen), withNavigation: withNavigation)
    case let .push(screen):
      return .push(try transform(screen))
    case let .sheet(screen, withNavigation, configuration):
      return .sheet(try transform(screen), withNavigation: withNavigation, configuration: configuration)
    case let .cover(screen, withNavigation):
      return .cover(try transform(screen), withNavigation: withNavigation)
    }
  }
}

extension Route: Equatable where Screen: Equatable {
  /// Routes are equal when their style, screen, navigation flag and sheet configuration are
  /// (inlinable, unlike a synthesized conformance, so it is specialized for the screen type).
  /// Every case is named, twice, and no `default:`: a new case fails to compile until it is
  /// compared here (`EquatableCoverageTests` checks that every payload value is compared).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.root(left, leftNavigation), .root(right, rightNavigation)):
      return leftNavigation == rightNavigation && left == right
    case let (.push(left), .push(right)):
      return left == right
    case let (.sheet(left, leftNavigation, leftConfiguration), .sheet(right, rightNavigation, rightConfiguration)):
      return leftNavigation == rightNavigation && leftConfiguration == rightConfiguration && left == right
    case let (.cover(left, leftNavigation), .cover(right, rightNavigation)):
      return leftNavigation == rightNavigation && left == right
    case (.root, _), (.push, _), (.sheet, _), (.cover, _):
      return false
    }
  }
}
extension Route: Hashable where Screen: Hashable {}
extension Route: Sendable where Screen: Sendable {}
