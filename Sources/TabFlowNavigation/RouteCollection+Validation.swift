/// The single validation behind every navigation operation: each function either returns the
/// edit to make or throws why the operation is invalid. Nothing here mutates.
extension RouteCollection {
  @inlinable
  func edit(for command: NavigationCommand<Element.Screen>) throws(NavigationError) -> RouteEdit<Element.Screen> {
    switch command {
    case let .push(screen):
      return try editPushing(screen)
    case let .presentSheet(screen, withNavigation, configuration):
      return try editPresenting(.sheet(screen, withNavigation: withNavigation, configuration: configuration))
    case let .presentCover(screen, withNavigation):
      return try editPresenting(.cover(screen, withNavigation: withNavigation))
    case let .goBack(count):
      return try editGoingBack(count, operation: "goBack", pushesOnly: false)
    case let .goBackTo(match):
      return try edit(goingBackTo: match.label, operation: "goBackTo", pushesOnly: false, match.matches)
    case .goBackToRoot:
      return try editKeepingRoot(operation: "goBackToRoot")
    case let .pop(count):
      return try editGoingBack(count, operation: "pop", pushesOnly: true)
    case let .popTo(match):
      return try edit(goingBackTo: match.label, operation: "popTo", pushesOnly: true, match.matches)
    case .popToRoot:
      let edit = try editKeepingRoot(operation: "popToRoot")
      try checkOnlyPushes(removedBy: edit, operation: "popToRoot")
      return edit
    case .popToCurrentNavigationRoot:
      guard let start = topLayerStart else { throw .emptyStack(operation: "popToCurrentNavigationRoot") }
      return RouteEdit(removing: count - 1 - start, appending: [])
    case let .dismiss(count):
      return try editDismissing(count)
    case .dismissAll:
      guard !isEmpty else { throw .emptyStack(operation: "dismissAll") }
      let firstPresented = presentedIndices.first ?? endIndex
      return RouteEdit(removing: count - firstPresented, appending: [])
    case let .reset(routes):
      try Self.validateStack(routes, operation: "reset")
      return RouteEdit(removing: count, appending: routes)
    case let .open(routes, mode):
      return try editOpening(routes, mode: mode)
    case let .setTopScreen(screen):
      guard var top = last?.route else { throw .emptyStack(operation: "setTopScreen") }
      top.screen = screen
      return RouteEdit(removing: 1, appending: [top], inPlace: true)
    case .selectTab, .resetTabs, .tab, .app, .emit, .setBadge:
      throw .notAStackCommand(command: command.name)
    }
  }

  @inlinable
  func editPushing(_ screen: Element.Screen) throws(NavigationError) -> RouteEdit<Element.Screen> {
    guard let start = topLayerStart else { throw .emptyStack(operation: "push") }
    let layer = self[start].route
    guard layer.withNavigation else {
      throw .cannotPush(screen: screenName(of: screen), layer: screenName(of: layer.screen), layerStyle: layer.style)
    }
    return RouteEdit(removing: 0, appending: [.push(screen)])
  }

  @inlinable
  func editPresenting(_ route: Route<Element.Screen>) throws(NavigationError) -> RouteEdit<Element.Screen> {
    guard !isEmpty else {
      throw .emptyStack(operation: route.style == .sheet ? "presentSheet" : "presentCover")
    }
    return RouteEdit(removing: 0, appending: [route])
  }

  @inlinable
  func editGoingBack(
    _ removing: Int, operation: String, pushesOnly: Bool
  ) throws(NavigationError) -> RouteEdit<Element.Screen> {
    guard let root = first?.route else { throw .emptyStack(operation: operation) }
    guard removing >= 1, removing <= count - 1 else {
      throw .countOutOfRange(
        operation: operation, count: removing, routeCount: count, root: screenName(of: root.screen))
    }
    let edit = RouteEdit<Element.Screen>(removing: removing, appending: [])
    if pushesOnly { try checkOnlyPushes(removedBy: edit, operation: operation) }
    return edit
  }

  @inlinable
  func edit(
    goingBackTo label: String, operation: String, pushesOnly: Bool, _ matches: (Element.Screen) -> Bool
  ) throws(NavigationError) -> RouteEdit<Element.Screen> {
    guard !isEmpty else { throw .emptyStack(operation: operation) }
    guard let index = lastIndex(where: { matches($0.route.screen) }) else {
      throw .noMatch(operation: operation, match: label, stack: pathText)
    }
    let edit = RouteEdit<Element.Screen>(removing: count - 1 - index, appending: [])
    if pushesOnly { try checkOnlyPushes(removedBy: edit, operation: operation) }
    return edit
  }

  @inlinable
  func editKeepingRoot(operation: String) throws(NavigationError) -> RouteEdit<Element.Screen> {
    guard !isEmpty else { throw .emptyStack(operation: operation) }
    return RouteEdit(removing: count - 1, appending: [])
  }

  @inlinable
  func checkOnlyPushes(removedBy edit: RouteEdit<Element.Screen>, operation: String) throws(NavigationError) {
    for index in (endIndex - edit.removing)..<endIndex {
      let route = self[index].route
      if route.style != .push {
        throw .wouldRemovePresented(operation: operation, screen: screenName(of: route.screen), style: route.style)
      }
    }
  }

  @inlinable
  func editDismissing(_ layers: Int) throws(NavigationError) -> RouteEdit<Element.Screen> {
    guard !isEmpty else { throw .emptyStack(operation: "dismiss") }
    let presented = presentedIndices
    guard layers >= 1, layers <= presented.count else {
      throw .notEnoughPresented(requested: layers, presented: presented.count)
    }
    let index = presented[presented.count - layers]
    return RouteEdit(removing: count - index, appending: [])
  }

  @inlinable
  func editOpening(_ routes: [Route<Element.Screen>], mode: OpenMode) throws(NavigationError) -> RouteEdit<Element.Screen> {
    // Written only for an error: most opens are valid. A local function, not a closure value:
    // nothing is allocated for it.
    func operation() -> String { "open (\(mode))" }
    switch mode {
    case .replace:
      guard let first = routes.first else {
        throw .invalidRoutes(operation: operation(), reason: "no routes given; the first one becomes the new root")
      }
      var stack = routes
      switch first {
      case .root: break
      case let .push(screen): stack[0] = .root(screen, withNavigation: true)
      case .sheet, .cover:
        throw .invalidRoutes(
          operation: operation(),
          reason: "the first route '\(screenName(of: first.screen))' (\(first.style)) cannot become the root")
      }
      try Self.validateStack(stack, operation: operation())
      return RouteEdit(removing: count, appending: stack)
    case .keepRoot, .append:
      guard let root = first?.route else { throw .emptyStack(operation: operation()) }
      // The kept routes form a valid stack: the given ones continue its top layer (the root's,
      // when only the root is kept).
      let layer = mode == .keepRoot ? root : self[topLayerStart ?? startIndex].route
      try Self.validateRoutes(routes, continuing: layer, operation: operation())
      return RouteEdit(removing: mode == .keepRoot ? count - 1 : 0, appending: routes)
    }
  }

  /// Checks that `routes` form a valid stack: one root, first; no push in a layer without navigation.
  @inlinable
  static func validateStack(_ routes: [Route<Element.Screen>], operation: @autoclosure () -> String) throws(NavigationError) {
    guard let first = routes.first else {
      throw .invalidRoutes(operation: operation(), reason: "a stack needs at least its root")
    }
    guard first.style == .root else {
      throw .invalidRoutes(
        operation: operation(),
        reason: "the first route '\(screenName(of: first.screen))' (\(first.style)) is not a root")
    }
    try validateRoutes(routes.dropFirst(), continuing: first, operation: operation())
  }

  /// Checks that `routes` can follow a valid stack whose top layer starts with `layer`: no root,
  /// no push in a layer without navigation.
  @inlinable
  static func validateRoutes(
    _ routes: some Sequence<Route<Element.Screen>>, continuing layer: Route<Element.Screen>,
    operation: @autoclosure () -> String
  ) throws(NavigationError) {
    var layer = layer
    for route in routes {
      switch route.style {
      case .root:
        throw .invalidRoutes(
          operation: operation(),
          reason: "'\(screenName(of: route.screen))' is a root, but only the first route can be one")
      case .push where !layer.withNavigation:
        throw .invalidRoutes(
          operation: operation(),
          reason: "cannot push '\(screenName(of: route.screen))': the layer '\(screenName(of: layer.screen))' "
            + "(\(layer.style)) has no navigation")
      case .push:
        break
      case .sheet, .cover:
        layer = route
      }
    }
  }
}
