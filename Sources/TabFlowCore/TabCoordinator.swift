import CustomDump
import Logging

/// The tab coordinator: one stack per tab, rules that turn screen actions into navigation, and
/// every change — rules, taps, back, deep links, host commands — applied as one all-or-nothing
/// batch through the guards.
///
/// It is a pure step, ``step(_:state:)``: (state, action) → the new state, what it tells the
/// host (reselects, emitted events, failed batches: ``TabCoordinatorDelegate``) and the IDs of
/// the routes that left, whose effects the host's runtime cancels. Any runtime wraps it — a TCA
/// `Reduce`, or TabFlow's own (`TabFlowRuntime`, where the coordinator is a `Reducer` composed
/// with the screens' reducer through `forEachRoute`):
///
/// ```swift
/// let coordinator = TabCoordinator(rules: ShopRules(), guards: [auth], deepLinks: links)
/// let step = coordinator.step(.tabTapped("profile"), state: &state)
/// step.delegates          // [.report(.selected("profile"))]
/// step.removedRouteIDs    // cancel these routes' effects
/// ```
///
/// A failed batch leaves the state exactly as it was.
public struct TabCoordinator<Rules: NavigationRules> {
  /// The coordinator's state.
  public typealias State = TabCoordinatorState<Rules.Screen>
  /// The coordinator's actions.
  public typealias Action = TabCoordinatorAction<Rules.Screen, Rules.ScreenAction>

  /// Decides what screen actions do to navigation.
  public var rules: Rules
  /// Checks run on every batch.
  public var guards: [NavigationGuard<Rules.Screen>]
  /// The deep links `openURL` understands.
  public var deepLinks: DeepLinks<Rules.Screen>
  /// Where batches are logged: their source and commands at `debug`, a diff of the state at `trace`.
  public var logger: Logger {
    didSet { logsNothing = Self.logsNothing(logger) }
  }
  /// Whether ``logger`` logs nothing at any level: its handler is swift-log's no-op one (an
  /// explorer's quiet coordinator), whose level is `critical` for good. Told once per logger,
  /// not on every batch: reading a logger's level copies its handler out of the logger's
  /// storage, checked for exclusive access at run time.
  @usableFromInline var logsNothing: Bool
  /// Retries of the pending deep link the guards refused, remembered by an explorer
  /// (``RefusedLinkRetries``); `nil` (the default): every retry runs.
  public var refusedRetries: (any RefusedLinkRetries<Rules.Screen>)?

  /// A coordinator with rules, guards and deep links.
  public init(
    rules: Rules,
    guards: [NavigationGuard<Rules.Screen>] = [],
    deepLinks: DeepLinks<Rules.Screen> = DeepLinks(),
    logger: Logger = Logger(label: "tabflow.navigation")
  ) {
    self.rules = rules
    self.guards = guards
    self.deepLinks = deepLinks
    self.logger = logger
    logsNothing = Self.logsNothing(logger)
  }

  /// Whether `logger` logs nothing at any level (see ``logsNothing``).
  @usableFromInline
  static func logsNothing(_ logger: Logger) -> Bool {
    logger.handler is SwiftLogNoOpLogHandler
  }

  /// Whether ``logger`` logs messages of `level`.
  @inlinable
  func logs(at level: Logger.Level) -> Bool {
    !logsNothing && logger.logLevel <= level
  }

  /// The coordinator's pure step: applies `action` to `state` and returns what it tells the host
  /// and the IDs of the routes that left any tab (their effects are to be cancelled) — by tab,
  /// then oldest first. Screen reducers do not run here: the runtime runs them (TabFlow's
  /// `forEachRoute`, or a TCA reducer).
  @inlinable
  public func step(_ action: Action, state: inout State) -> TabCoordinatorStep<Rules.Screen> {
    let mark = state.markRemovals()
    let outputs = apply(action, to: &state)
    return TabCoordinatorStep(delegates: outputs, removedRouteIDs: state.routeIDsRemoved(since: mark))
  }

  /// Applies an action and returns what the coordinator tells the host: ``step(_:state:)``
  /// without saying which routes left (the state still notes them, for whoever marked it: see
  /// ``TabCoordinatorState/markRemovals()``).
  @inlinable
  public func apply(_ action: Action, to state: inout State) -> [TabCoordinatorDelegate<Rules.Screen>] {
    switch action {
    case .delegate, .adoptReloaded, .cancelPendingLink, .customizeTabs:
      return applyAction(action, to: &state)
    case let .setContext(key, _)
    where state.pendingLink == nil && state.pendingResume == nil && !rules.reacts(toContext: key):
      return applyAction(action, to: &state)
    default:
      // The rule, the guards and a deep link's handler of one action share one budget.
      return rules.withinAction { applyAction(action, to: &state) }
    }
  }

  @inlinable @inline(__always)
  func applyAction(_ action: Action, to state: inout State) -> [TabCoordinatorDelegate<Rules.Screen>] {
    switch action {
    case let .router(.routeAction(id, screenAction)):
      // forEachRoute drops and reports actions for routes that left; here they do nothing.
      guard let route = state.routeContext(for: id) else { return [] }
      let batch: NavigationBatch<Rules.Screen>?
      do {
        batch = try rules.batch(for: screenAction, on: route, in: state)
      } catch {
        let source = BatchSource.screenAction(tab: route.tab, route: id)
        return failed(BatchError(BatchFailure(source: source, reason: .ruleFailed(RuleFailure(error)))))
      }
      guard let batch else { return [] }
      // Un-addressed commands navigate the tab of the route that sent the action, or the app
      // layer when the route is presented over the tab bar.
      return commit(batch.source, &state) { state throws(BatchError<Rules.Screen>) in
        do throws(BatchError<Rules.Screen>) {
          let performed = try state.performApply(
            route.isInAppLayer ? batch.commands.map { $0.addressedToAppLayer } : batch.commands,
            source: batch.source, guards: guards, defaultTab: route.isInAppLayer ? nil : route.tab)
          // A guard that asked to resume the action resumes it only while its route stays.
          if state.pendingResume != nil, performed.keptAResume { state.attachPendingResume(to: route.id) }
          return performed
        } catch {
          throw error.located(batch.location)
        }
      }

    case let .router(.updateRoutes(routes)):
      return commit(.userBack, &state) { state throws(BatchError<Rules.Screen>) in
        try state.performUpdateRoutes(routes, guards: guards)
      }

    case let .tabTapped(tab):
      return commit(.tabTap(tab), &state) { state throws(BatchError<Rules.Screen>) in
        try state.performTap(tab, guards: guards)
      }

    case .back:
      return commit(.userBack, &state) { state throws(BatchError<Rules.Screen>) in
        try state.performBack(guards: guards)
      }

    case let .openURL(url):
      return commit(.deepLink(url), &state) { state throws(BatchError<Rules.Screen>) in
        try state.performOpen(url: url, deepLinks: deepLinks, guards: guards)
      }

    case let .perform(commands, confirmedGuards):
      return commit(.host, &state) { state throws(BatchError<Rules.Screen>) in
        try state.performApply(
          commands, source: .host, guards: guards, defaultTab: nil, confirmedGuards: confirmedGuards)
      }

    case let .setContext(key, value):
      return setContext(key, to: value, state: &state)

    case .cancelPendingLink:
      state.cancelPendingLink()
      state.cancelPendingResume()
      return []

    case let .customizeTabs(change):
      do {
        try state.customize(change)
      } catch {
        return failed(BatchError(BatchFailure(
          source: .customization, reason: .invalidCommand(index: 0, command: change.description, error: error))))
      }
      return []

    case let .adoptReloaded(migrated):
      // A state built with another generator (a restored document) gets fresh IDs from this
      // one, so no ID handed out before repeats; a reload's migrated state already uses it.
      var migrated = migrated
      migrated.adoptIDs(from: state.idGenerator)
      state.replace(with: migrated)
      logger.debug("adopted the state migrated by a reload")
      return []

    case .delegate:
      return []
    }
  }

  /// Runs a batch; logs it with the commands it amounted to (a reselect's pop to root, a deep
  /// link's handler's commands); returns its reports, or its failure, for the host. After an
  /// applied batch, a pending deep link is tried again.
  @inlinable @inline(__always)
  func commit(
    _ source: @autoclosure () -> BatchSource,
    _ state: inout State,
    _ batch: (inout State) throws(BatchError<Rules.Screen>) -> State.PerformedBatch
  ) -> [TabCoordinatorDelegate<Rules.Screen>] {
    let level = logsNothing ? Logger.Level.critical : logger.logLevel
    let performed: State.PerformedBatch
    // The state is copied for the diff only when it is logged (no optional copy otherwise).
    if level <= .trace {
      let before = state
      do {
        performed = try batch(&state)
      } catch {
        return failed(error)
      }
      logger.debug("\(source()): \(performed.commands.map(\.description).joined(separator: "; "))")
      logger.trace("\(diff(before, state) ?? "no change")")
    } else {
      do {
        performed = try batch(&state)
      } catch {
        return failed(error)
      }
      if level <= .debug {
        logger.debug("\(source()): \(performed.commands.map(\.description).joined(separator: "; "))")
      }
    }
    var outputs = performed.reports.map { TabCoordinatorDelegate<Rules.Screen>.report($0) }
    if state.pendingLink != nil, !performed.deferredALink {
      // Most retries are refused and tell nothing: nothing to append then.
      let retried = retryPendingLink(&state)
      if !retried.isEmpty { outputs += retried }
    }
    if state.pendingResume != nil {
      outputs += followUpPendingResume(&state, retrying: !performed.keptAResume)
    }
    return outputs
  }

  /// Tries the pending deep link again (after a context change or an applied batch).
  /// Inlinable, like the batch it runs, so an app's screen type specializes the whole retry.
  @inlinable
  func retryPendingLink(_ state: inout State) -> [TabCoordinatorDelegate<Rules.Screen>] {
    guard let url = state.pendingLink else { return [] }
    var retried: Result<State.PerformedBatch, BatchFailure>?
    if let refusedRetries {
      // A retry the memo knows to be refused does not run: `retried` stays `nil`, as it answers.
      refusedRetries.retry(in: &state) { state in
        retried = state.retryPendingLink(deepLinks: deepLinks, guards: guards)
        return retried == nil
      }
    } else {
      retried = state.retryPendingLink(deepLinks: deepLinks, guards: guards)
    }
    switch retried {
    case nil:
      return []
    case let .success(performed)?:
      if logs(at: .debug) {
        logger.debug("pending \(url): \(performed.commands.map(\.description).joined(separator: "; "))")
      }
      return performed.reports.map { .report($0) }
    case let .failure(failure)?:
      if logs(at: .notice) { logger.notice("dropped pending \(url): \(failure)") }
      return [.report(.pendingLinkDropped(url: url, reason: failure.message))]
    }
  }

  @inlinable
  func failed(_ error: BatchError<Rules.Screen>) -> [TabCoordinatorDelegate<Rules.Screen>] {
    if logs(at: .notice) { logger.notice("discarded \(error.failure)") }
    if let commands = error.rejected {
      return [.rejected(RejectedBatch(commands: commands, failure: error.failure))]
    }
    return [.failed(error.failure)]
  }
}
