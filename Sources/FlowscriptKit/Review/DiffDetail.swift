import TabFlowCore
import TabFlowLua
import TabFlowNavigation


/// The difference itself between what one input did on each side, named as a reviewer looks
/// for it: the guard that rejected, asked, redirected or deferred on one side only (or for
/// another reason), the event emitted on one side only or with another payload, the selected
/// tab, the field whose value differs (`login reason: "buy" → "orders"`), a sheet's options,
/// another tab whose stack differs, the app layer over the tabs, the context and the pending link.
///
/// Built only for the differences a report shows, never during exploration.
enum DiffDetail {
  /// Each thing that differs between `old` and `new`, sent in the states `before`.
  static func lines(
    old: BehaviourDiff.Outcome, new: BehaviourDiff.Outcome, before: (old: BehaviourDiff.State, new: BehaviourDiff.State)
  ) -> [String] {
    var lines = guardLines(old, new) + eventLines(old.events, new.events) + reportLines(old, new)
    lines += stateLines(old.after(before.old), new.after(before.new))
    return lines
  }

  /// What guards did on each side: a rejection, a question, a redirect or a deferral.
  private static func guardLines(_ old: BehaviourDiff.Outcome, _ new: BehaviourDiff.Outcome) -> [String] {
    func rulings(_ outcome: BehaviourDiff.Outcome) -> [String: String] {
      var rulings: [String: String] = [:]
      if let name = outcome.rejectingGuard, case let .failed(kind, message) = outcome.kind {
        rulings[name] = (kind == .guardQuestion ? "asks: " : "rejects: ") + reason(of: message)
      }
      for report in outcome.reports {
        switch report {
        case let .redirected(name, reason): rulings[name] = "redirects: \(reason)"
        case let .linkDeferred(url, name, reason): rulings[name] = "defers \(url): \(reason)"
        default: break
        }
      }
      return rulings
    }
    let (was, now) = (rulings(old), rulings(new))
    return Set(was.keys).union(now.keys).sorted().compactMap { name in
      let label = BatchFailure.guardLabel(name)
      switch (was[name], now[name]) {
      case let (before?, after?) where before != after: return "\(label) \(before) → \(after)"
      case let (before?, nil): return "\(label) \(before) (old only)"
      case let (nil, after?): return "\(label) \(after) (new only)"
      default: return nil
      }
    }
  }

  /// A rejection's reason: its message after the guard's label, without the note that the
  /// guard asks (the ruling says `asks:` already).
  private static func reason(of message: String) -> String {
    let text = message.hasSuffix(FlowSession.askSuffix) ? String(message.dropLast(FlowSession.askSuffix.count)) : message
    guard let range = text.range(of: "': ") else { return text }
    return String(text[range.upperBound...])
  }

  /// The events emitted on one side only, or with another payload.
  private static func eventLines(_ old: [NavigationEvent], _ new: [NavigationEvent]) -> [String] {
    guard !BehaviourDiff.identical(old.map(NavigationReport.event), new.map(NavigationReport.event)) else { return [] }
    var lines: [String] = []
    let (oldNames, newNames) = (old.map(\.name), new.map(\.name))
    for event in old where !newNames.contains(event.name) { lines.append("event \(event.name) emitted by old only") }
    for event in new where !oldNames.contains(event.name) { lines.append("event \(event.name) emitted by new only") }
    for event in old {
      guard let other = new.first(where: { $0.name == event.name }), !event.payload.isLuaIdentical(to: other.payload) else { continue }
      lines.append("event \(event.name) payload \(event.payload) → \(other.payload)")
    }
    if lines.isEmpty { lines.append("events: \(list(old)) → \(list(new))") }
    return lines
  }

  private static func list(_ events: [NavigationEvent]) -> String {
    events.isEmpty ? "none" : events.map(\.description).joined(separator: ", ")
  }

  /// The host's other reports (reselects, opened links, shown tabs) on one side only; guards' are
  /// ``guardLines(_:_:)``'.
  private static func reportLines(_ old: BehaviourDiff.Outcome, _ new: BehaviourDiff.Outcome) -> [String] {
    func others(_ outcome: BehaviourDiff.Outcome) -> [String] {
      outcome.otherReports.compactMap { report in
        switch report {
        case .redirected, .linkDeferred: nil
        default: report.description
        }
      }
    }
    let (was, now) = (others(old), others(new))
    return was.filter { !now.contains($0) }.map { "reports \($0) (old only)" }
      + now.filter { !was.contains($0) }.map { "reports \($0) (new only)" }
  }

  /// What differs between the states after: the selected tab, each tab's stack (field by field
  /// when the screens are the same), the context, the pending link.
  static func stateLines(_ old: BehaviourDiff.State, _ new: BehaviourDiff.State) -> [String] {
    var lines: [String] = []
    if old.selectedTab != new.selectedTab { lines.append("selected tab \(old.selectedTab) → \(new.selectedTab)") }
    let ids = new.tabs.map(\.id) + old.tabs.map(\.id).filter { id in !new.tabs.contains { $0.id == id } }
    for id in ids {
      let oldStack = old.tabs.first { $0.id == id }?.stack
      let newStack = new.tabs.first { $0.id == id }?.stack
      let other = id == new.selectedTab ? "" : " (not the selected tab)"
      guard let oldStack, let newStack else {
        lines.append("tab \(id) only in \(oldStack == nil ? "new" : "old")")
        continue
      }
      let shape = { (stack: RouteStack<DynamicScreen>) in stack.routes.map { "\($0.style) \($0.screen.name)" } }
      if shape(oldStack) == shape(newStack) {
        for (was, now) in zip(oldStack.routes, newStack.routes) {
          lines += routeLines(was, now, other: other)
        }
      } else {
        lines.append("tab \(id)\(other): \(StateText.path(oldStack)) → \(StateText.path(newStack))")
      }
    }
    lines += appLayerLines(old.appLayer, new.appLayer)
    for key in Set(old.context.keys).union(new.context.keys).sorted()
    where !(old.context[key] ?? .null).isLuaIdentical(to: new.context[key] ?? .null) {
      lines.append("context \(key): \(old.context[key].map { "\($0)" } ?? "unset") → \(new.context[key].map { "\($0)" } ?? "unset")")
    }
    if old.pendingLink != new.pendingLink {
      lines.append("pending link \(old.pendingLink ?? "none") → \(new.pendingLink ?? "none")")
    }
    return lines
  }

  /// What differs in the app layer over the tabs: its routes, else their fields and options.
  private static func appLayerLines(_ old: [Route<DynamicScreen>], _ new: [Route<DynamicScreen>]) -> [String] {
    let shape = { (routes: [Route<DynamicScreen>]) in routes.map { "\($0.style) \($0.screen.name)" } }
    guard shape(old) == shape(new) else {
      let path = { (routes: [Route<DynamicScreen>]) in routes.isEmpty ? "none" : routes.pathDescription() }
      return ["app layer: \(path(old)) → \(path(new))"]
    }
    return zip(old, new).flatMap { routeLines($0, $1, other: " (over the tabs)") }
  }

  /// The fields of one route (the same screen, in the same place) whose values differ, and its
  /// sheet options.
  private static func routeLines(_ old: Route<DynamicScreen>, _ new: Route<DynamicScreen>, other: String) -> [String] {
    var lines: [String] = []
    let name = new.screen.name
    for key in Set(old.screen.state.keys).union(new.screen.state.keys).sorted() {
      let (was, now) = (old.screen.state[key], new.screen.state[key])
      guard !(was ?? .null).isLuaIdentical(to: now ?? .null) else { continue }
      lines.append("\(name) \(key): \(was.map { "\($0)" } ?? "absent") → \(now.map { "\($0)" } ?? "absent")\(other)")
    }
    if old.sheetConfiguration != new.sheetConfiguration || old.withNavigation != new.withNavigation {
      lines.append("\(name) presentation: \(options(old)) → \(options(new))\(other)")
    }
    return lines
  }

  /// A presented route's options as a reviewer compares them.
  private static func options(_ route: Route<DynamicScreen>) -> String {
    var parts = [route.withNavigation ? "with navigation" : "no navigation"]
    if let sheet = route.sheetConfiguration {
      parts.append("detents " + sheet.detents.map(\.description).joined(separator: ", "))
    }
    return parts.joined(separator: ", ")
  }
}
