import NavigationTestSupport
import TabFlowNavigation

/// One operation of the navigation model as a test names it, so a single table of cases can be
/// run through both forms of every operation — the throwing `apply(_:)` and the convenience
/// method — on both `RouteStack` and `[Route]`.
enum NavigationOperation: Sendable, CustomStringConvertible {
  case push(TestScreen)
  case presentSheet(TestScreen, withNavigation: Bool = false, configuration: SheetConfiguration = .default)
  case presentCover(TestScreen, withNavigation: Bool = false)
  case goBack(Int = 1)
  /// `goBackTo` an Equatable screen value: `.goBackTo(.screen(s))` / `goBackTo(s)`.
  case goBackToScreen(TestScreen)
  /// `goBackTo` a predicate: `.goBackTo(.where(…))` / `goBackTo(where:)`.
  case goBackToMatching(@Sendable (TestScreen) -> Bool)
  /// `goBackTo(index:)`: a convenience method only.
  case goBackToIndex(Int)
  case goBackToRoot
  case pop(Int = 1)
  case popToScreen(TestScreen)
  case popToMatching(@Sendable (TestScreen) -> Bool)
  /// `popTo(index:)`: a convenience method only.
  case popToIndex(Int)
  case popToRoot
  case popToCurrentNavigationRoot
  case dismiss(count: Int = 1)
  case dismissAll
  case reset([TestRoute])
  /// `open(_:mode:)`: a command only (deep links, scripts).
  case open([TestRoute], mode: OpenMode)
  /// `selectTab`, `tab` or `emit`: commands a single stack cannot apply.
  case coordinator(TestCommand)

  /// The label of predicate matches in these cases. It is the label the convenience methods give
  /// a closure, so a refused predicate match reads the same in both forms.
  static let predicateLabel = "a screen matching the predicate"

  /// The command form, or `nil` when the operation is a convenience method only.
  var command: TestCommand? {
    switch self {
    case let .push(screen): return .push(screen)
    case let .presentSheet(screen, withNavigation, configuration):
      return .presentSheet(screen, withNavigation: withNavigation, configuration: configuration)
    case let .presentCover(screen, withNavigation): return .presentCover(screen, withNavigation: withNavigation)
    case let .goBack(count): return .goBack(count: count)
    case let .goBackToScreen(screen): return .goBackTo(.screen(screen))
    case let .goBackToMatching(predicate): return .goBackTo(.where(Self.predicateLabel, predicate))
    case .goBackToIndex, .popToIndex: return nil
    case .goBackToRoot: return .goBackToRoot
    case let .pop(count): return .pop(count: count)
    case let .popToScreen(screen): return .popTo(.screen(screen))
    case let .popToMatching(predicate): return .popTo(.where(Self.predicateLabel, predicate))
    case .popToRoot: return .popToRoot
    case .popToCurrentNavigationRoot: return .popToCurrentNavigationRoot
    case let .dismiss(count): return .dismiss(count: count)
    case .dismissAll: return .dismissAll
    case let .reset(routes): return .reset(routes)
    case let .open(routes, mode): return .open(routes, mode: mode)
    case let .coordinator(command): return command
    }
  }

  /// Whether the operation has a convenience method.
  var hasConvenienceMethod: Bool {
    switch self {
    case .open, .coordinator: return false
    default: return true
    }
  }

  var description: String {
    switch self {
    case .goBackToMatching: return "goBackTo(where:)"
    case .popToMatching: return "popTo(where:)"
    case let .goBackToIndex(index): return "goBackTo(index: \(index))"
    case let .popToIndex(index): return "popTo(index: \(index))"
    default: return command.map(String.init(describing:)) ?? "?"
    }
  }
}

extension RouteCollection where Element == TestRoute {
  /// Calls the convenience method of `operation`; `nil` when it has none.
  mutating func callConvenienceMethod(_ operation: NavigationOperation) -> Bool? {
    switch operation {
    case let .push(screen): return push(screen)
    case let .presentSheet(screen, withNavigation, configuration):
      return presentSheet(screen, withNavigation: withNavigation, configuration: configuration)
    case let .presentCover(screen, withNavigation): return presentCover(screen, withNavigation: withNavigation)
    case let .goBack(count): return goBack(count)
    case let .goBackToScreen(screen): return goBackTo(screen)
    case let .goBackToMatching(predicate): return goBackTo(where: predicate)
    case let .goBackToIndex(index): return goBackTo(index: index)
    case .goBackToRoot: return goBackToRoot()
    case let .pop(count): return pop(count)
    case let .popToScreen(screen): return popTo(screen)
    case let .popToMatching(predicate): return popTo(where: predicate)
    case let .popToIndex(index): return popTo(index: index)
    case .popToRoot: return popToRoot()
    case .popToCurrentNavigationRoot: return popToCurrentNavigationRoot()
    case let .dismiss(count): return dismiss(count: count)
    case .dismissAll: return dismissAll()
    case let .reset(routes): return reset(routes)
    case .open, .coordinator: return nil
    }
  }
}
