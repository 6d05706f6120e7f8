import Clocks
import CoreTestSupport
import Logging
import Synchronization
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension CoordinatorFixtures {
  package typealias State = TabCoordinatorState<Screen>
  package typealias Action = TabCoordinatorAction<Screen, ScreenAction>
  package typealias AppStore = TestStore<State, Action>

  /// The test app: its tabs, deep links, guards, and test stores running the whole composition.
  package enum App {
    /// `home` (root `feed`), `orders` (root `orders`) and `profile` (root `account`, reselect
    /// `none`), each stack at its root unless given, `home` selected, route IDs from `ids` (with a
    /// fresh generator and no routes given, the roots are `#1`, `#2`, `#3`).
    package static func state(
      home: [Route<Screen>]? = nil,
      orders: [Route<Screen>]? = nil,
      profile: [Route<Screen>]? = nil,
      backBehavior: BackBehavior = .none,
      ids: RouteIDGenerator = .current
    ) throws -> State {
      var state = try State(
        tabs: [
          TabDefinition("home", root: .feed),
          TabDefinition("orders", root: .orders),
          TabDefinition("profile", root: .account, reselect: .none),
        ],
        backBehavior: backBehavior, ids: ids)
      if let home { try state.setRoutes(home, of: "home") }
      if let orders { try state.setRoutes(orders, of: "orders") }
      if let profile { try state.setRoutes(profile, of: "profile") }
      state.adoptIDs(from: ids)
      return state
    }

    /// The app's tabs, in tab-bar order.
    package static let tabIDs: [TabID] = ["home", "orders", "profile"]

    /// The patterns of ``deepLinks()``, in the order they are tried.
    package static let patterns = ["shop://item/:id", "shop://checkout", "shop://profile/orders"]

    /// - `shop://item/:id?mode=…` selects `home` and opens `item(id)` there with the mode
    ///   (`keepRoot` by default; `replace` opens `feed > item(id)`);
    /// - `shop://checkout` appends `checkout` to `home`;
    /// - `shop://profile/orders` selects `profile` and opens `orders` above its root.
    package static func deepLinks() throws -> DeepLinks<Screen> {
      var links = DeepLinks<Screen>()
      try links.register("shop://item/:id") { match, _ in
        guard let id = Int(match["id"] ?? "") else {
          throw DeepLinkHandlerError("the item id must be a number, got '\(match["id"] ?? "")'")
        }
        let modeName = match["mode"] ?? OpenMode.keepRoot.rawValue
        guard let mode = OpenMode(rawValue: modeName) else {
          throw DeepLinkHandlerError("unknown open mode '\(modeName)'")
        }
        let item = Route<Screen>.push(.item(id: id))
        return DeepLinks.open(tab: "home", mode == .replace ? [.root(.feed), item] : [item], mode: mode)
      }
      try links.register("shop://checkout") { _, _ in
        DeepLinks.open(tab: "home", [.push(.checkout)], mode: .append)
      }
      try links.register("shop://profile/orders") { _, _ in
        DeepLinks.open(tab: "profile", [.push(.orders)], mode: .keepRoot)
      }
      return links
    }

    /// Rejects any change that shows `checkout` unless the context says `loggedIn`.
    package static var auth: NavigationGuard<Screen> {
      NavigationGuard("auth") { change in
        if change.after.top.screen == .checkout, change.after.context["loggedIn"] != true {
          return .reject("login required")
        }
        return .allow
      }
    }

    /// Rejects any change that leaves a shown `checkout` unless the context says `paid`.
    package static var checkoutLock: NavigationGuard<Screen> {
      NavigationGuard("checkoutLock") { change in
        let leaves = change.before.top.screen == .checkout && change.after.top.screen != .checkout
        return leaves && change.after.context["paid"] != true ? .ask("finish the checkout first") : .allow
      }
    }

    /// A logger that drops everything (failures log at `notice`, which would clutter test output).
    package static var silentLogger: Logger {
      Logger(label: "tabflow.tests.silent") { _ in SwiftLogNoOpLogHandler() }
    }

    /// A test store running the whole composition: the coordinator, and the screen reducer on
    /// every route of every tab through `forEachRoute`.
    @MainActor
    package static func store<Rules: NavigationRules>(
      _ initialState: State,
      rules: Rules,
      guards: [NavigationGuard<Screen>] = [],
      deepLinks: DeepLinks<Screen> = DeepLinks(),
      clock: any Clock<Duration> = TestClock(),
      logger: Logger = silentLogger,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> AppStore where Rules.Screen == Screen, Rules.ScreenAction == ScreenAction {
      TestStore(
        initialState: initialState,
        reducer: {
          TabCoordinator(rules: rules, guards: guards, deepLinks: deepLinks, logger: logger)
            .forEachRoute(\.self, action: .router()) { ScreenFeature(clock: clock) }
        },
        fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// ``store(_:rules:guards:deepLinks:clock:logger:fileID:filePath:line:column:)`` with ``AppRules``.
    @MainActor
    package static func store(
      _ initialState: State,
      guards: [NavigationGuard<Screen>] = [],
      deepLinks: DeepLinks<Screen> = DeepLinks(),
      clock: any Clock<Duration> = TestClock(),
      logger: Logger = silentLogger,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> AppStore {
      store(
        initialState, rules: AppRules(), guards: guards, deepLinks: deepLinks, clock: clock, logger: logger,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

extension TabCoordinatorAction {
  /// The action `action` of the screen of route `id`: `.router(.routeAction(id:action:))`.
  package static func screen(_ id: RouteID, _ action: ScreenAction) -> Self {
    .router(.routeAction(id: id, action: action))
  }
}

extension TabCoordinatorState {
  /// Gives a tab these routes (with fresh IDs) — for expected states, whose equality ignores
  /// route IDs, and for starting states. Built from the public initialisers only, so
  /// expectations do not go through the batch engine under test.
  package mutating func setRoutes(_ routes: [Route<Screen>], of tab: TabID) throws {
    var tabs = self.tabs
    let position = try index(of: tab)
    tabs[position].stack = try RouteStack(validating: routes)
    self = try TabCoordinatorState(
      restoring: tabs, selectedTab: selectedTab, history: history, backBehavior: backBehavior, context: context)
  }

  /// Sets the selected tab and the history, for expected states.
  package mutating func setSelection(_ tab: TabID, history: [TabID]) throws {
    self = try TabCoordinatorState(
      restoring: tabs, selectedTab: tab, history: history, backBehavior: backBehavior, context: context)
  }

  /// The ID of the route at `index` in `tab`; fails the test when there is none.
  package func routeID(_ tab: TabID, _ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> RouteID {
    let ids = routeIDs(ofTab: tab)
    return try #require(
      ids.indices.contains(index) ? ids[index] : nil, "tab '\(tab)' has no route at \(index)",
      sourceLocation: sourceLocation)
  }
}

extension CoordinatorFixtures {
  /// Records what guards see, so tests can check that they ran, on what, and in which order.
  package final class GuardRecorder: Sendable {
    /// One guard call.
    package struct Sighting: Equatable, Sendable {
      package let before: State
      package let after: State
      package let commands: [NavigationCommand<Screen>]
      package let source: BatchSource

      package init(before: State, after: State, commands: [NavigationCommand<Screen>], source: BatchSource) {
        self.before = before
        self.after = after
        self.commands = commands
        self.source = source
      }
    }

    private let sightings = Mutex<[Sighting]>([])

    package init() {}

    /// Every call so far, in order.
    package var all: [Sighting] { sightings.withLock { $0 } }

    /// A guard that records each change and answers `verdict`.
    package func recordingGuard(
      _ name: String = "recorder",
      verdict: @escaping @Sendable (NavigationChange<Screen>) -> GuardVerdict<Screen> = { _ in .allow }
    ) -> NavigationGuard<Screen> {
      NavigationGuard(name) { change in
        let sighting = Sighting(
          before: change.before, after: change.after, commands: change.commands, source: change.source)
        self.sightings.withLock { $0.append(sighting) }
        return verdict(change)
      }
    }
  }
}
