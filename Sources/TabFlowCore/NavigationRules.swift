import TabFlowNavigation

/// Decides what a screen action does to navigation: the rules of a coordinator, written in Swift
/// (``ClosureRules`` or your own type) or in Lua (`ScriptedRules`).
///
/// ```swift
/// struct ShopRules: NavigationRules {
///   func batch(for action: ScreenAction, on route: RouteContext<Screen>,
///              in state: TabCoordinatorState<Screen>) throws -> NavigationBatch<Screen>? {
///     switch action {
///     case let .itemTapped(id): return NavigationBatch(rule: "feed.itemTapped", [.push(.item(id: id))])
///     default: return nil
///     }
///   }
/// }
/// ```
public protocol NavigationRules<Screen, ScreenAction> {
  /// The coordinator's screen type.
  associatedtype Screen
  /// The screens' action type.
  associatedtype ScreenAction
  /// What ``batch(for:on:in:)`` throws: `ScriptError` for scripted rules, ``RuleFailure`` for
  /// ``ClosureRules``; a rule type of your own may throw any error. The coordinator reports it as
  /// a ``RuleFailure`` (keeping a script error's traceback).
  associatedtype Failure: Error = any Error

  /// The batch for `action`, sent by the screen of `route`; `nil` when navigation is unaffected.
  /// `state` is read-only here: the batch is applied afterwards, all or nothing, through guards.
  /// Throwing discards the action's navigation and reports the error.
  func batch(
    for action: ScreenAction, on route: RouteContext<Screen>, in state: TabCoordinatorState<Screen>
  ) throws(Failure) -> NavigationBatch<Screen>?

  /// Runs everything the coordinator does for one action — the rule, every guard, a deep link's
  /// handler. Scripted rules run it under one shared budget, so an action is bounded however
  /// many guards run; the default just runs `body`.
  func withinAction<Result>(_ body: () -> Result) -> Result

  /// Whether the rules have a batch for changes of the context key `key` (a Lua script's
  /// `on_context(key, …)`); the default says no.
  func reacts(toContext key: String) -> Bool

  /// The batch for the host's change of the context key `key` to `value` (`nil`: removed), in
  /// `state` (which already holds the new value); `nil` when navigation is unaffected. Asked only
  /// when the value differs from the one before and ``reacts(toContext:)`` says yes. Its
  /// un-addressed commands go to the selected tab; it passes through the guards like any batch,
  /// before the pending deep link is tried again. The default has none.
  func contextBatch(
    for key: String, value: FlowValue?, in state: TabCoordinatorState<Screen>
  ) throws(Failure) -> NavigationBatch<Screen>?
}

extension NavigationRules {
  /// Runs `body`: rules written in Swift need no per-action set-up.
  @inlinable
  public func withinAction<Result>(_ body: () -> Result) -> Result { body() }

  /// No context key: rules react to screen actions only.
  @inlinable
  public func reacts(toContext key: String) -> Bool { false }

  /// No batch.
  @inlinable
  public func contextBatch(
    for key: String, value: FlowValue?, in state: TabCoordinatorState<Screen>
  ) throws(Failure) -> NavigationBatch<Screen>? { nil }
}

/// Where a screen action came from: its route, tab and current screen.
public struct RouteContext<Screen> {
  /// The route's ID.
  public let id: RouteID
  /// The tab whose stack holds the route.
  public let tab: TabID
  /// The route, with the screen as the screen reducer left it.
  public let route: Route<Screen>
  /// Whether the route is in the app layer (presented over the whole tab bar) rather than in a
  /// tab's stack; ``tab`` is then the selected tab. A rule's un-addressed commands go to the app
  /// layer.
  public let isInAppLayer: Bool

  /// The route's screen.
  public var screen: Screen { route.screen }

  /// A route's context.
  @inlinable
  public init(id: RouteID, tab: TabID, route: Route<Screen>, isInAppLayer: Bool = false) {
    self.id = id
    self.tab = tab
    self.route = route
    self.isInAppLayer = isInAppLayer
  }
}

/// Commands to apply as one batch, with where they came from (for logs and errors).
///
/// The commands of a rule's batch that are not addressed to a tab apply to the tab of the route
/// that sent the action (``RouteContext/tab``), never simply to the selected one: an effect that
/// finishes after the user switched tabs still navigates its own tab. A rule changes the selected
/// tab only by saying `.selectTab`.
public struct NavigationBatch<Screen> {
  /// Where the batch came from.
  public var source: BatchSource
  /// The commands, applied in order.
  public var commands: [NavigationCommand<Screen>]
  /// Where the batch was made in a script (`shop.lua:12`), reported with its failures.
  public var location: String?

  /// A batch from a source.
  public init(source: BatchSource, _ commands: [NavigationCommand<Screen>], location: String? = nil) {
    self.source = source
    self.commands = commands
    self.location = location
  }

  /// A batch from a named rule, e.g. `feed.itemTapped`.
  public init(rule: String, _ commands: [NavigationCommand<Screen>], location: String? = nil) {
    self.init(source: .rule(rule), commands, location: location)
  }
}

/// Rules written as one closure returning commands (empty for "no navigation"). Commands not
/// addressed to a tab apply to the tab of the route that sent the action.
///
/// ```swift
/// let rules = ClosureRules<Screen, ScreenAction> { action, route, state in
///   if case let .itemTapped(id) = action { return [.push(.item(id: id))] }
///   return []
/// }
/// ```
public struct ClosureRules<Screen, ScreenAction>: NavigationRules {
  /// A rule for changes of one context key: the new value (`nil`: removed) and the state.
  public typealias ContextRule = (FlowValue?, TabCoordinatorState<Screen>) throws -> [NavigationCommand<Screen>]

  private let decide: (ScreenAction, RouteContext<Screen>, TabCoordinatorState<Screen>) throws -> [NavigationCommand<Screen>]
  private let contextRules: [String: ContextRule]

  /// Rules from a closure, and rules for context changes by key (Lua's `on_context`), e.g.
  /// `["loggedIn": { value, _ in value == false ? [.dismissAll] : [] }]`.
  public init(
    onContext contextRules: [String: ContextRule] = [:],
    _ decide: @escaping (ScreenAction, RouteContext<Screen>, TabCoordinatorState<Screen>) throws
      -> [NavigationCommand<Screen>]
  ) {
    self.decide = decide
    self.contextRules = contextRules
  }

  /// Whether a context rule is given for `key`.
  public func reacts(toContext key: String) -> Bool { contextRules[key] != nil }

  /// The commands of the context rule for `key`, as the batch of rule `on_context key`; what it
  /// throws becomes a ``RuleFailure``.
  public func contextBatch(
    for key: String, value: FlowValue?, in state: TabCoordinatorState<Screen>
  ) throws(RuleFailure) -> NavigationBatch<Screen>? {
    guard let rule = contextRules[key] else { return nil }
    let commands: [NavigationCommand<Screen>]
    do {
      commands = try rule(value, state)
    } catch {
      throw RuleFailure(error)
    }
    return commands.isEmpty ? nil : NavigationBatch(rule: "on_context \(key)", commands)
  }

  /// The closure's commands as a batch whose source is the action's route; what the closure
  /// throws becomes a ``RuleFailure``.
  public func batch(
    for action: ScreenAction, on route: RouteContext<Screen>, in state: TabCoordinatorState<Screen>
  ) throws(RuleFailure) -> NavigationBatch<Screen>? {
    let commands: [NavigationCommand<Screen>]
    do {
      commands = try decide(action, route, state)
    } catch {
      throw RuleFailure(error)
    }
    return commands.isEmpty ? nil : NavigationBatch(source: .screenAction(tab: route.tab, route: route.id), commands)
  }
}
