import TabFlow

typealias DynamicRules = ScriptedRules<DynamicScreen, DynamicAction>
typealias DynamicState = TabCoordinatorState<DynamicScreen>
typealias DynamicCoordinatorAction = TabCoordinatorAction<DynamicScreen, DynamicAction>

/// A script-only flow wired the way an app wires it — the script's rules, guards and deep links
/// in a `TabCoordinator` over a `Store` — recording every delegate action the coordinator sends.
@MainActor
final class ScriptedFlow {
  let rules: DynamicRules
  let store: Store<DynamicState, DynamicCoordinatorAction>
  private let log: DelegateLog

  init(_ source: String, name: String = "shop.lua", limits: LuaVM.Limits = LuaVM.Limits()) throws {
    let rules = try DynamicRules(source: source, name: name, limits: limits)
    let log = DelegateLog()
    self.rules = rules
    self.log = log
    store = Store(initialState: try rules.initialState()) {
      TabCoordinator(script: rules)
        .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
      Reduce<DynamicState, DynamicCoordinatorAction> { _, action in
        if case let .delegate(delegate) = action { log.entries.append(delegate) }
        return .none
      }
    }
  }

  var state: DynamicState { store.state }

  /// The selected tab's stack, root first: `feed > item > sheet:login`.
  var path: String { state.selectedStack.routes.pathDescription() }

  /// A tab's stack, root first.
  func path(_ tab: TabID) -> String {
    state.stack(for: tab)?.routes.pathDescription() ?? "<no tab \(tab)>"
  }

  /// Every delegate action so far, oldest first.
  var delegates: [TabCoordinatorDelegate<DynamicScreen>] { log.entries }

  /// The discarded batches so far.
  var failures: [BatchFailure] {
    delegates.compactMap(\.failure)
  }

  /// The events rules emitted so far.
  var events: [NavigationEvent] {
    delegates.compactMap { if case let .report(.event(event)) = $0 { event } else { nil } }
  }

  /// The ID of the topmost route showing `screen` in `tab` (the selected tab by default); the
  /// top route when `screen` is `nil`.
  func routeID(of screen: String? = nil, in tab: TabID? = nil) throws -> RouteID {
    let stack = try require(state.stack(for: tab ?? state.selectedTab), "no tab \(String(describing: tab))")
    guard let screen else { return stack.ids[stack.count - 1] }
    let index = try require(stack.routes.lastIndex { $0.screen.name == screen }, "no '\(screen)' in \(stack)")
    return stack.ids[index]
  }

  /// Sends a screen action as the UI does: addressed by route ID, from the topmost route showing
  /// `screen` in the selected tab (or `tab`), or from the top route.
  func send(
    _ action: String, _ payload: FlowValue = .emptyObject, from screen: String? = nil, in tab: TabID? = nil
  ) throws {
    let id = try routeID(of: screen, in: tab)
    store.send(.router(.routeAction(id: id, action: DynamicAction(action, payload: payload))))
  }

  /// The batch the rules produce for a screen action (what `send` would apply), straight from
  /// ``ScriptedRules/batch(for:on:in:)``, so a test can inspect it or the ``ScriptError`` it throws.
  func batch(
    _ action: String, _ payload: FlowValue = .emptyObject, from screen: String? = nil, in tab: TabID? = nil
  ) throws -> NavigationBatch<DynamicScreen>? {
    let route = try require(state.routeContext(for: try routeID(of: screen, in: tab)), "no route")
    return try rules.batch(for: DynamicAction(action, payload: payload), on: route, in: state)
  }

  /// Host commands, e.g. to set up a stack before the rule under test runs.
  func perform(_ commands: [NavigationCommand<DynamicScreen>]) {
    store.send(.perform(commands))
  }

  /// A screen as the script declares it (defaults merged with `payload`).
  func screen(_ name: String, _ payload: [String: FlowValue] = [:]) throws -> DynamicScreen {
    try rules.screen(named: name, payload: payload)
  }

  private func require<Value>(_ value: Value?, _ message: String) throws -> Value {
    guard let value else { throw FlowSetupError(message: message) }
    return value
  }
}

/// A test set a flow up wrongly (not a behaviour under test).
struct FlowSetupError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The delegate actions a coordinator sent, oldest first.
final class DelegateLog {
  var entries: [TabCoordinatorDelegate<DynamicScreen>] = []
}
