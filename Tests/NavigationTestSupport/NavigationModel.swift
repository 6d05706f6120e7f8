import TabFlowNavigation

// MARK: - The operations table, independently

/// The design's operations table written out plainly, as the oracle of the property test.
package enum NavigationModel {
  /// The routes `command` leads to and how many leading routes keep their IDs, or `nil` when the
  /// table says the command is refused.
  package static func outcome(of command: TestCommand, on routes: [TestRoute]) -> (routes: [TestRoute], keptIDs: Int)? {
    let count = routes.count
    func keeping(_ kept: Int) -> ([TestRoute], Int) { (Array(routes.prefix(kept)), kept) }
    func onlyPushes(above index: Int) -> Bool { routes[(index + 1)...].allSatisfy { $0.style == .push } }

    switch command {
    case let .push(screen):
      return routes[topLayerStart(routes)].withNavigation ? (routes + [.push(screen)], count) : nil
    case let .presentSheet(screen, withNavigation, configuration):
      return (routes + [.sheet(screen, withNavigation: withNavigation, configuration: configuration)], count)
    case let .presentCover(screen, withNavigation):
      return (routes + [.cover(screen, withNavigation: withNavigation)], count)
    case let .goBack(removing):
      return removing >= 1 && removing <= count - 1 ? keeping(count - removing) : nil
    case let .goBackTo(match):
      return routes.lastIndex { match.matches($0.screen) }.map { keeping($0 + 1) }
    case .goBackToRoot:
      return keeping(1)
    case let .pop(removing):
      guard removing >= 1, removing <= count - 1, onlyPushes(above: count - 1 - removing) else { return nil }
      return keeping(count - removing)
    case let .popTo(match):
      guard let index = routes.lastIndex(where: { match.matches($0.screen) }), onlyPushes(above: index) else { return nil }
      return keeping(index + 1)
    case .popToRoot:
      return onlyPushes(above: 0) ? keeping(1) : nil
    case .popToCurrentNavigationRoot:
      return keeping(topLayerStart(routes) + 1)
    case let .dismiss(layers):
      let presented = routes.indices.dropFirst().filter { routes[$0].isPresented }
      guard layers >= 1, layers <= presented.count else { return nil }
      return keeping(presented[presented.count - layers])
    case .dismissAll:
      return keeping(routes.indices.dropFirst().first { routes[$0].isPresented } ?? count)
    case let .reset(newRoutes):
      return isValidStack(newRoutes) ? (newRoutes, 0) : nil
    case let .open(newRoutes, .replace):
      guard let first = newRoutes.first else { return nil }
      var stack = newRoutes
      switch first {
      case .root: break
      case let .push(screen): stack[0] = .root(screen, withNavigation: true)
      case .sheet, .cover: return nil
      }
      return isValidStack(stack) ? (stack, 0) : nil
    case let .open(newRoutes, .keepRoot):
      return isValidStack([routes[0]] + newRoutes) ? ([routes[0]] + newRoutes, 1) : nil
    case let .open(newRoutes, .append):
      return isValidStack(routes + newRoutes) ? (routes + newRoutes, count) : nil
    case let .setTopScreen(screen):
      // In place: every route keeps its ID.
      var changed = routes
      changed[count - 1].screen = screen
      return (changed, count)
    case .selectTab, .resetTabs, .tab, .app, .emit, .setBadge:
      return nil
    }
  }

  /// The index of the first route of the top layer: the topmost presented route, or the root.
  package static func topLayerStart(_ routes: [TestRoute]) -> Int {
    routes.indices.dropFirst().last { routes[$0].isPresented } ?? 0
  }

  /// One root, first; every push in a layer whose first route has navigation.
  package static func isValidStack(_ routes: [TestRoute]) -> Bool {
    guard let root = routes.first, root.style == .root else { return false }
    var layerHasNavigation = root.withNavigation
    for route in routes.dropFirst() {
      switch route.style {
      case .root: return false
      case .push where !layerHasNavigation: return false
      case .push: break
      case .sheet, .cover: layerHasNavigation = route.withNavigation
      }
    }
    return true
  }

  /// The number of leading routes with the same style and navigation flag in both.
  package static func sameStructurePrefix(_ lhs: [TestRoute], _ rhs: [TestRoute]) -> Int {
    zip(lhs, rhs).prefix { $0.style == $1.style && $0.withNavigation == $1.withNavigation }.count
  }
}

