import TabFlow

/// How flowscript writes screens, stacks and states as text.
enum StateText {
  /// `item(id=3, qty=1)` or `feed`.
  static func screen(_ screen: DynamicScreen) -> String {
    guard !screen.state.isEmpty else { return screen.name }
    let fields = screen.state.keys.sorted().map { key in "\(key)=\(screen.state[key] ?? .null)" }
    return "\(screen.name)(\(fields.joined(separator: ", ")))"
  }

  /// A route as a stack line shows it: `item(id=3)`, `sheet:login`, `cover:promo`.
  static func route(_ route: Route<DynamicScreen>) -> String {
    route.isPresented ? "\(route.style):\(screen(route.screen))" : screen(route.screen)
  }

  /// `feed > item(id=3) > sheet:login`.
  static func path(_ stack: RouteStack<DynamicScreen>) -> String {
    stack.routes.map(route).joined(separator: " > ")
  }

  /// `home: feed > item(id=3)`.
  static func tabLine(_ tab: TabState<DynamicScreen>) -> String {
    "\(tab.id): \(path(tab.stack))"
  }

  /// Every tab and its stack, styles marked, the selected tab starred.
  static func tree(_ state: TabCoordinatorState<DynamicScreen>) -> String {
    var lines: [String] = []
    for tab in state.tabs {
      let mark = tab.id == state.selectedTab ? " *" : ""
      var policies: [String] = []
      if tab.reselect == .none { policies.append("reselect: none") }
      if tab.onLeave == .popToRoot { policies.append("leave: popToRoot") }
      lines.append("\(tab.id)\(mark)" + (policies.isEmpty ? "" : " (\(policies.joined(separator: ", ")))"))
      // Drawn from the stack's presentation layers: each layer's first route with its style,
      // navigation and detents, then the routes pushed in it; indented by position.
      for layer in tab.stack.layers {
        var details = [layer.style.rawValue]
        if layer.withNavigation { details.append("navigation") }
        if let configuration = layer.sheetConfiguration { details.append(configuration.detents.map(\.description).joined(separator: "/")) }
        for index in layer.routeIndices {
          let indent = String(repeating: "  ", count: index + 1)
          let label = index == layer.startIndex ? details.joined(separator: ", ") : RouteStyle.push.rawValue
          lines.append("\(indent)\(screen(tab.stack[index].screen))  [\(label)]")
        }
      }
    }
    if !state.context.isEmpty {
      lines.append("context " + FlowValue.object(state.context).description)
    }
    if let pendingLink = state.pendingLink {
      lines.append("pending link " + pendingLink)
    }
    return lines.joined(separator: "\n")
  }
}
