import TabFlowNavigation

/// One committed change after which the user sees another screen: the route now visible, the one
/// before, and how it changed — for analytics' screen tracking and for VoiceOver's
/// screen-changed notification.
///
/// Made from two committed states (``TabCoordinatorState/visibleRouteSignal(since:cause:)``),
/// never from the intermediate stacks a stepwise updater shows, so one change gives at most one
/// signal; a change in a tab that is not selected gives none.
public struct VisibleRouteSignal: Hashable, Sendable, CustomStringConvertible {
  /// What the user sees now.
  public let route: VisibleRoute
  /// What the user saw before, or `nil` on a restore with no earlier state.
  public let previous: VisibleRoute?
  /// How it changed.
  public let change: VisibleRouteChange

  /// A signal.
  public init(route: VisibleRoute, previous: VisibleRoute?, change: VisibleRouteChange) {
    self.route = route
    self.previous = previous
    self.change = change
  }

  /// `push → home: item (route 12)`.
  public var description: String { "\(change.rawValue) → \(route)" }
}

extension TabCoordinatorState {
  /// The signal for going from `before` to this state, or `nil` when the user sees the same
  /// route (same tab, same route ID, same screen). `cause` is what the state cannot tell — a
  /// deep link, a reselect, a reload, a rollback, a restore, a reset the host sent
  /// (``VisibleRouteChange/cause(of:before:delegates:)`` finds it from the action); the change
  /// is whichever of `cause` and what the stacks show comes first by precedence. Without
  /// `before`, a restore.
  public func visibleRouteSignal(since before: TabCoordinatorState?, cause: VisibleRouteChange? = nil) -> VisibleRouteSignal? {
    let now = visibleRoute
    guard let before else { return VisibleRouteSignal(route: now, previous: nil, change: cause ?? .restore) }
    let then = before.visibleRoute
    // Under the app layer, a tab switch or a change in a tab shows nothing new.
    guard now != then, !(now.routeID == then.routeID && isAppLayerPresented) else { return nil }
    let seen = seenChange(since: before)
    return VisibleRouteSignal(route: now, previous: then, change: cause.map { min($0, seen) } ?? seen)
  }

  /// What the stacks show of the change from `before`: another tab, routes gone from above the
  /// new top (dismiss when one of them was presented, else pop), routes added above the old top
  /// (present when one of them is presented, else push), or else a replaced stack.
  private func seenChange(since before: TabCoordinatorState) -> VisibleRouteChange {
    guard before.selectedTab == selectedTab else { return .tabSwitch }
    if before.isAppLayerPresented || isAppLayerPresented {
      // The app layer over the selected tab, read as one stack.
      return Self.seenChange(
        from: before.selectedStack.routes + before.appLayer, ids: before.selectedStack.ids + before.appLayerIDs,
        to: selectedStack.routes + appLayer, ids: selectedStack.ids + appLayerIDs)
    }
    return Self.seenChange(from: before.selectedStack.routes, ids: before.selectedStack.ids, to: selectedStack.routes, ids: selectedStack.ids)
  }

  /// How the visible stack went from `old` to `new` (routes with their IDs, root first).
  private static func seenChange(
    from old: [Route<Screen>], ids oldIDs: [RouteID], to new: [Route<Screen>], ids newIDs: [RouteID]
  ) -> VisibleRouteChange {
    let oldTop = oldIDs[oldIDs.count - 1]
    let newTop = newIDs[newIDs.count - 1]
    if oldTop != newTop, let kept = oldIDs.firstIndex(of: newTop), kept < oldIDs.count - 1 {
      return old[(kept + 1)...].contains { $0.isPresented } ? .dismiss : .pop
    }
    if oldTop != newTop, let kept = newIDs.firstIndex(of: oldTop), kept < newIDs.count - 1 {
      return new[(kept + 1)...].contains { $0.isPresented } ? .present : .push
    }
    return .reset
  }
}

extension VisibleRouteChange {
  /// What an action tells of a change that its states cannot: `deepLink` for a URL (or a
  /// pending link opened), `reselectToRoot` for a tap on the selected tab, `reload` for an adopted
  /// reload, `rollback` when rules were rolled back, `reset` for host commands that reset;
  /// otherwise `nil` (the stacks tell).
  public static func cause<Screen, ScreenAction>(
    of action: TabCoordinatorAction<Screen, ScreenAction>,
    before: TabCoordinatorState<Screen>,
    delegates: [TabCoordinatorDelegate<Screen>] = []
  ) -> VisibleRouteChange? {
    var causes: [VisibleRouteChange] = []
    for delegate in delegates {
      switch delegate {
      case .report(.rulesRolledBack): causes.append(.rollback)
      case .report(.pendingLinkOpened): causes.append(.deepLink)
      default: break
      }
    }
    switch action {
    case .openURL: causes.append(.deepLink)
    case let .tabTapped(tab) where tab == before.selectedTab: causes.append(.reselectToRoot)
    case .adoptReloaded: causes.append(.reload)
    case let .perform(commands, _):
      if commands.contains(where: { if case .resetTabs = $0 { true } else if case .reset = $0 { true } else { false } }) {
        causes.append(.reset)
      }
    default: break
    }
    return causes.min()
  }
}

extension TabCoordinator {
  /// ``step(_:state:)``, with the signal of the change the user sees, if any: for a host that
  /// tracks screens or posts VoiceOver's screen-changed (a presenter fed by states alone infers
  /// the signal: ``TabCoordinatorState/visibleRouteSignal(since:cause:)``). The signal is made
  /// only here, so a host that does not ask pays nothing.
  public func stepSignalling(
    _ action: Action, state: inout State
  ) -> (step: TabCoordinatorStep<Rules.Screen>, signal: VisibleRouteSignal?) {
    let before = state
    let step = step(action, state: &state)
    let cause = VisibleRouteChange.cause(of: action, before: before, delegates: step.delegates)
    return (step, state.visibleRouteSignal(since: before, cause: cause))
  }
}
