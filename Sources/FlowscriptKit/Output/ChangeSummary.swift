import TabFlowCore
import TabFlowLua
import TabFlowNavigation


/// What changed between two states, in one or two lines:
/// `home: feed > item(id=3) — pushed item`.
struct ChangeSummary {
  let lines: [String]

  init(before: TabCoordinatorState<DynamicScreen>, after: TabCoordinatorState<DynamicScreen>, rules: ScriptedRules<DynamicScreen, DynamicAction>) {
    var lines: [String] = []
    let (oldApp, newApp) = (before.appLayerIDs, after.appLayerIDs)
    if oldApp != newApp || before.appLayer != after.appLayer {
      let kept = zip(oldApp, newApp).prefix { $0 == $1 }.count
      let removed = before.appLayer[kept...]
      let added = after.appLayer[kept...]
      var verbs: [String] = []
      if let summary = Self.describe(removed, verb: { $0.isPresented ? "dismissed" : "popped" }) { verbs.append(summary) }
      if let summary = Self.describe(added, verb: { route in
        route.style == .push ? "pushed" : "presented \(route.style) over the tabs"
      }) { verbs.append(summary) }
      if verbs.isEmpty { verbs.append("updated") }
      lines.append((StateText.appLine(after) ?? "app: none") + " — " + verbs.joined(separator: ", "))
    }
    for tab in after.tabs {
      guard let old = before.stack(for: tab.id), old.ids != tab.stack.ids || old.routes != tab.stack.routes else { continue }
      let kept = zip(old.ids, tab.stack.ids).prefix { $0 == $1 }.count
      var verbs: [String] = []
      let removed = old.routes[kept...]
      let added = tab.stack.routes[kept...]
      if let removedSummary = Self.describe(removed, verb: { $0.isPresented ? "dismissed" : "popped" }) { verbs.append(removedSummary) }
      if let addedSummary = Self.describe(added, verb: { route in
        switch route.style {
        case .push: return "pushed"
        case .sheet: return "presented sheet"
        case .cover: return "presented cover"
        case .root: return "replaced root with"
        }
      }) { verbs.append(addedSummary) }
      if verbs.isEmpty { verbs.append("updated") }
      lines.append(StateText.tabLine(tab) + " — " + verbs.joined(separator: ", "))
    }
    if after.selectedTab != before.selectedTab {
      lines.append("selected \(after.selectedTab)")
    }
    if after.context != before.context {
      lines.append("context " + FlowValue.object(after.context).description)
    }
    lines += StateText.tabBarLines(after, changedSince: before)
    self.lines = lines
  }

  /// `pushed item, pushed orders` grouped by verb: `pushed item, orders`.
  private static func describe(_ routes: ArraySlice<Route<DynamicScreen>>, verb: (Route<DynamicScreen>) -> String) -> String? {
    guard !routes.isEmpty else { return nil }
    var groups: [(verb: String, names: [String])] = []
    for route in routes {
      let word = verb(route)
      if let last = groups.last, last.verb == word {
        groups[groups.count - 1].names.append(route.screen.name)
      } else {
        groups.append((word, [route.screen.name]))
      }
    }
    return groups.map { "\($0.verb) \($0.names.joined(separator: ", "))" }.joined(separator: ", ")
  }
}
