/// Why a navigation command was refused. The state it was applied to is unchanged.
///
/// Every description names the screen, the style and the reason, e.g.
/// `cannot push 'checkout': the top layer 'login' (sheet) has no navigation — present it with navigation: true`.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The routes have no root to operate on.
  case emptyStack(operation: String)
  /// A push into a layer whose first route has no navigation.
  case cannotPush(screen: String, layer: String, layerStyle: RouteStyle)
  /// A count below 1, or one that would remove the root.
  case countOutOfRange(operation: String, count: Int, routeCount: Int, root: String)
  /// `goBackTo` / `popTo` found no matching route.
  case noMatch(operation: String, match: String, stack: String)
  /// A push-only operation would remove a presented route.
  case wouldRemovePresented(operation: String, screen: String, style: RouteStyle)
  /// `dismiss(count:)` asked for more layers than are presented.
  case notEnoughPresented(requested: Int, presented: Int)
  /// `reset` / `open` was given routes that do not form a valid stack.
  case invalidRoutes(operation: String, reason: String)
  /// A coordinator command (`selectTab`, `tab`, `emit`) was applied to a single stack.
  case notAStackCommand(command: String)
  /// A tab that the coordinator does not have.
  case unknownTab(TabID, known: [TabID])
  /// The user's back gesture at the root of a tab, with no history to go back to.
  case alreadyAtRoot(tab: TabID, root: String)
  /// A batch sent with `guards` confirmed that is not the last batch a guard rejected, re-sent as
  /// it came while nothing has changed since (see `RejectedBatch`): the host's question was
  /// about a state that is gone. `reason` says which condition failed.
  case staleConfirmation(guards: [String], reason: String)
  /// A confirmation of a batch whose rejecting guard blocks rather than asks: only a guard's
  /// question can be overridden by the user (see `GuardVerdict.ask`). `reason` is the guard's.
  case blockedConfirmation(guard: String, reason: String)
  /// The user's customization of the tab bar, or a tap on a hidden tab, was refused.
  case tabBar(TabBarRefusal)
  /// A command for the app layer (the routes presented over the whole tab bar) that it cannot
  /// apply: it is empty, a count is out of range, or its first route would not be presented.
  case appLayer(operation: String, reason: String)

  /// The message, naming the screen, style and reason.
  public var description: String {
    switch self {
    case let .emptyStack(operation):
      return "cannot \(operation): the stack is empty (it has no root)"
    case let .cannotPush(screen, layer, layerStyle):
      return "cannot push '\(screen)': the top layer '\(layer)' (\(layerStyle)) has no navigation"
        + (layerStyle == .root ? " — declare the root with navigation: true" : " — present it with navigation: true")
    case let .countOutOfRange(operation, count, routeCount, root):
      if count < 1 { return "cannot \(operation) \(count): the count must be at least 1" }
      return "cannot \(operation) \(count): the stack has \(routeCount) route\(routeCount == 1 ? "" : "s") "
        + "and its root '\(root)' is never removed (at most \(routeCount - 1))"
    case let .noMatch(operation, match, stack):
      return "cannot \(operation) '\(match)': no route matches in \(stack)"
    case let .wouldRemovePresented(operation, screen, style):
      return "cannot \(operation): '\(screen)' (\(style)) is presented, and \(operation) removes pushes only "
        + "— use goBack or dismiss"
    case let .notEnoughPresented(requested, presented):
      if requested < 1 { return "cannot dismiss \(requested): the count must be at least 1" }
      return "cannot dismiss \(requested): "
        + (presented == 0 ? "nothing is presented" : "only \(presented) layer\(presented == 1 ? " is" : "s are") presented")
    case let .invalidRoutes(operation, reason):
      return "cannot \(operation): \(reason)"
    case let .notAStackCommand(command):
      return "'\(command)' is a tab coordinator command; a single stack cannot apply it"
    case let .unknownTab(tab, known):
      return "unknown tab '\(tab)' (tabs: \(known.map(\.rawValue).joined(separator: ", ")))"
    case let .alreadyAtRoot(tab, root):
      return "cannot go back: tab '\(tab)' is already at root '\(root)'"
    case let .staleConfirmation(guards, reason):
      return "cannot confirm \(guards.map(Self.guardLabel).joined(separator: ", ")): \(reason)"
    case let .blockedConfirmation(name, reason):
      return "cannot confirm: \(Self.guardLabel(name)) blocks this change (\(reason)); "
        + "only a guard that asks can be confirmed"
    case let .tabBar(refusal):
      return refusal.description
    case let .appLayer(operation, reason):
      return "cannot \(operation) above the tabs: \(reason)"
    }
  }
}

extension NavigationError {
  /// How a guard is named in messages: `guard 'auth'`, or `guard #2` for a script's unnamed guard.
  package static func guardLabel(_ name: String) -> String {
    let isNumbered = name.hasPrefix("guard #") && name.dropFirst(7).allSatisfy(\.isNumber) && name.count > 7
    return isNumbered ? name : "guard '\(name)'"
  }
}
