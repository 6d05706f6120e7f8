/// The app layer: the sheets and covers presented over the whole tab bar, each with its pushes.
///
/// It is kept as a ``RouteStack`` whose root stands for the tab bar under it: a root without
/// navigation that is never shown, never matched and never removed, so the app layer's routes
/// get route IDs from the same counter as every tab's (they never collide) and every operation
/// keeps the one validation all stacks share. The commands that would read that root — a push
/// onto an empty app layer, a count or match reaching it, routes that would start with a push —
/// are refused here first, with messages about the app layer.
extension RouteStack {
  /// An empty app layer over tabs whose first root is `tabBar` (the stand-in root's screen).
  @inlinable
  package static func appLayer(over tabBar: Screen, ids: RouteIDGenerator) -> RouteStack {
    RouteStack(root: tabBar, withNavigation: false, ids: ids)
  }

  /// An app layer holding `routes` over `tabBar`, or why they cannot be one (see
  /// ``validateAppLayer(_:operation:)``).
  package static func appLayer(
    over tabBar: Screen, routes: [Route<Screen>], ids: RouteIDGenerator
  ) throws(NavigationError) -> RouteStack {
    if !routes.isEmpty { try validateAppLayer(routes, operation: "restore the app layer") }
    return try RouteStack(validating: [.root(tabBar, withNavigation: false)] + routes, ids: ids)
  }

  /// The number of routes presented over the tab bar (the app layer's routes, without its stand-in root).
  @inlinable package var appLayerCount: Int { storedRoutes.count - 1 }

  /// Applies a command to this stack as the app layer and returns how to undo it; throws
  /// (changing nothing) when the app layer cannot apply it; no route is copied into an undo
  /// record when not `recordingUndo` (see ``applyRecordingUndo(_:recordingUndo:noteRemoved:)``).
  @inlinable
  package mutating func applyToAppLayer(
    _ command: NavigationCommand<Screen>, recordingUndo: Bool = true, noteRemoved: (RouteID) -> Void = { _ in }
  ) throws(NavigationError) -> StackUndo<Screen>? {
    let presented = storedRoutes.count - 1
    var command = command
    switch command {
    case .presentSheet, .presentCover:
      break
    case let .push(screen):
      guard presented > 0 else {
        throw .appLayer(operation: "push '\(screenName(of: screen))'", reason: Self.emptyAppLayerReason)
      }
    case let .goBack(count), let .pop(count):
      guard count >= 1, count <= presented else {
        throw .appLayer(
          operation: "\(command.name) \(count)",
          reason: count < 1 ? "the count must be at least 1"
            : presented == 0 ? Self.emptyAppLayerReason
            : "it holds \(presented) route\(presented == 1 ? "" : "s") (at most \(presented))")
      }
    case let .goBackTo(match), let .popTo(match):
      guard storedRoutes.dropFirst().contains(where: { match.matches($0.screen) }) else {
        throw .noMatch(operation: command.name, match: match.label, stack: appLayerText)
      }
    case .goBackToRoot, .dismissAll, .popToRoot, .popToCurrentNavigationRoot:
      if presented == 0 { return nil }
    case .dismiss:
      break
    case let .reset(routes):
      if !routes.isEmpty { try Self.validateAppLayer(routes, operation: "reset the app layer") }
      command = .open(routes, mode: .keepRoot)
    case let .open(routes, mode):
      let operation = "open (\(mode)) in the app layer"
      if mode != .append || presented == 0 { try Self.validateAppLayer(routes, operation: operation) }
      // The stand-in root is kept: the given routes replace the app layer, or follow its top layer.
      command = .open(routes, mode: mode == .append ? .append : .keepRoot)
    case .setTopScreen:
      guard presented > 0 else { throw .appLayer(operation: "setTopScreen", reason: Self.emptyAppLayerReason) }
    case .selectTab, .resetTabs, .tab, .app, .emit, .setBadge:
      throw .notAStackCommand(command: command.name)
    }
    return try applyRecordingUndo(command, recordingUndo: recordingUndo, noteRemoved: noteRemoved)
  }

  /// Checks that `routes` can form an app layer: the first is presented (a sheet or cover over the
  /// tab bar — the app layer has no root of its own), no other is a root, and no push sits in a
  /// layer without navigation.
  @inlinable
  package static func validateAppLayer(_ routes: [Route<Screen>], operation: @autoclosure () -> String) throws(NavigationError) {
    guard let first = routes.first else {
      throw .invalidRoutes(operation: operation(), reason: "no routes given; the first one is presented over the tab bar")
    }
    guard first.isPresented else {
      throw .invalidRoutes(
        operation: operation(),
        reason: "the first route '\(screenName(of: first.screen))' (\(first.style)) is not presented; "
          + "the app layer starts with a sheet or a cover over the tab bar")
    }
    try validateRoutes(routes.dropFirst(), continuing: first, operation: operation())
  }

  @inlinable
  static var emptyAppLayerReason: String { "nothing is presented over the tab bar — present a sheet or a cover first" }

  /// The app layer written for an error: `the app layer 'sheet:login > code'`.
  @usableFromInline
  var appLayerText: String {
    storedRoutes.count <= 1 ? "the empty app layer" : "the app layer '" + storedRoutes.dropFirst().pathDescription() + "'"
  }
}
