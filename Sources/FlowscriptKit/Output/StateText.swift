import TabFlowCore
import TabFlowLua
import TabFlowNavigation
import TabFlowPresentation
import TabFlowScriptExploration


/// How flowscript writes screens, stacks and states as text.
enum StateText {
  /// `item(id=3, qty=1)` or `feed`.
  static func screen(_ screen: DynamicScreen) -> String { screen.shownText }

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

  /// How many levels a route of `tree` is indented at most: deeper routes stay at this indent and
  /// show their depth instead (`17. item(id=3)  [push]`), so every line is short and the tree's
  /// size grows with the number of routes, not with its square.
  static let maximumIndentLevels = 16

  /// The indent of the route at `index` of a stack (the root is 0), and its depth label past
  /// ``maximumIndentLevels``.
  static func treeIndent(ofRouteAt index: Int) -> String {
    let levels = index + 1
    guard levels > maximumIndentLevels else { return String(repeating: "  ", count: levels) }
    return String(repeating: "  ", count: maximumIndentLevels) + "\(levels). "
  }

  /// The app layer on one line, `app: sheet:login > code`, or `nil` when nothing is presented
  /// over the tab bar.
  static func appLine(_ state: TabCoordinatorState<DynamicScreen>) -> String? {
    state.isAppLayerPresented ? "app: " + state.appLayer.map(route).joined(separator: " > ") : nil
  }

  /// Every tab and its stack, styles marked, the selected tab starred: one line each; the app
  /// layer first (`app (over the tab bar)`) when something is presented over the tab bar.
  static func tree(_ state: TabCoordinatorState<DynamicScreen>) -> [String] {
    var lines: [String] = []
    if state.isAppLayerPresented {
      lines.append("app (over the tab bar)")
      for (index, route) in state.appLayer.enumerated() {
        var details = [route.style.rawValue]
        if route.isPresented, route.withNavigation { details.append("navigation") }
        if let configuration = route.sheetConfiguration { details.append(configuration.detents.map(\.description).joined(separator: "/")) }
        lines.append("\(treeIndent(ofRouteAt: index))\(screen(route.screen))  [\(details.joined(separator: ", "))]")
      }
    }
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
          let label = index == layer.startIndex ? details.joined(separator: ", ") : RouteStyle.push.rawValue
          lines.append("\(treeIndent(ofRouteAt: index))\(screen(tab.stack[index].screen))  [\(label)]")
        }
      }
    }
    if !state.context.isEmpty {
      lines.append("context " + FlowValue.object(state.context).description)
    }
    if let pendingLink = state.pendingLink {
      lines.append("pending link " + pendingLink)
    }
    if let resume = state.pendingResume {
      lines.append("pending resume \(resume.source): " + resumeCommands(resume))
    }
    return lines + tabBarLines(state)
  }

  /// A pending resume's commands as `show` and `expect resume` write them: `tab home: push checkout`,
  /// `;`-separated.
  static func resumeCommands<Screen>(_ resume: PendingResume<Screen>) -> String {
    resume.commands.map(\.description).joined(separator: "; ")
  }

  /// The user's order of the tabs, the hidden tabs and the badges, each on its line
  /// (`order home search profile`, `hidden search`, `badges orders=3`) when it is not the
  /// default (the declared order, none hidden, no badges) — or, with `before`, when it changed.
  static func tabBarLines(
    _ state: TabCoordinatorState<DynamicScreen>, changedSince before: TabCoordinatorState<DynamicScreen>? = nil
  ) -> [String] {
    var lines: [String] = []
    if before.map({ $0.tabOrder != state.tabOrder }) ?? (state.tabOrder != state.tabIDs) {
      lines.append("order " + state.tabOrder.map(\.rawValue).joined(separator: " "))
    }
    if before.map({ $0.hiddenTabs != state.hiddenTabs }) ?? !state.hiddenTabs.isEmpty {
      lines.append("hidden " + (state.hiddenTabs.isEmpty ? "none" : state.hiddenTabs.sorted().map(\.rawValue).joined(separator: " ")))
    }
    if before.map({ $0.badges != state.badges }) ?? !state.badges.isEmpty {
      lines.append("badges " + (state.badges.isEmpty ? "none" : state.badges.keys.sorted().map { "\($0)=\(state.badges[$0].map(\.description) ?? "")" }.joined(separator: " ")))
    }
    return lines
  }
}
