import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import TestSupport
import Testing

extension TabCoordinatorTests {
  /// Confirmation over long seeded runs of every kind of input — rules for routes in any tab,
  /// taps, back, deep links whose handlers leave commands un-addressed, host batches, the UI's
  /// `updateRoutes`, context changes, screens updated in place — with guards rejecting often:
  ///
  /// - every rejected batch comes with its stack commands addressed to a tab;
  /// - a confirmation sent right after its rejection is never refused as stale;
  /// - one sent after the state changed, or of a batch that is not the last rejected one, is
  ///   refused and changes nothing;
  /// - a confirmed batch changes only the tabs its commands address, and the selection only when
  ///   a command selects;
  /// - a batch whose guard blocks (`auth` here) is never confirmed: its confirmation is refused,
  ///   as blocked or stale, and changes nothing.
  @Suite("Confirmation over seeded runs")
  struct ConfirmationPropertyTests {
    /// Rejects every batch while the context says `ask`.
    static var ask: NavigationGuard<Screen> {
      NavigationGuard("ask") { change in change.after.context["ask"] == true ? .ask("sure?") : .allow }
    }

    /// The app's links and three whose handlers address nothing.
    static func deepLinks() throws -> DeepLinks<Screen> {
      var links = try App.deepLinks()
      try links.register("shop://back") { _, _ in [.goBack()] }
      try links.register("shop://here/:id") { match, _ in [.push(.item(id: Int(match["id"] ?? "") ?? 0))] }
      try links.register("shop://orders/item") { _, _ in [.selectTab("orders"), .push(.item(id: 5)), .pop()] }
      return links
    }

    static func coordinator() throws -> TabCoordinator<AppRules> {
      TabCoordinator(
        rules: AppRules(), guards: [ask, App.auth, App.checkoutLock], deepLinks: try deepLinks(),
        logger: App.silentLogger)
    }

    static let screenActions: [ScreenAction] = [
      .itemTapped(1), .itemTapped(2), .buyTapped, .signInTapped, .cancelTapped, .closeTapped, .ordersTapped,
      .ordersThenDismissTapped, .shareTapped,
    ]

    static let urls = [
      "shop://item/3", "shop://checkout", "shop://profile/orders", "shop://back", "shop://here/4",
      "shop://orders/item", "shop://nowhere",
    ]

    /// One step of a run.
    enum Step {
      /// An input for the coordinator.
      case action(Action)
      /// A screen updated in place (what `forEachRoute` does for every screen action).
      case edit(RouteID)
      /// The host confirming the batch it asked about.
      case confirm
    }

    static func step(for state: State, choices: inout SeededChoices) -> Step {
      switch choices.next(13) {
      case 0, 1, 2:
        // A route of any tab, mostly a top one: a rule's commands go to the route's tab.
        let stack = choices.pick(state.tabs).stack
        let id = choices.next(4) == 0 ? choices.pick(stack.ids) : stack.ids[stack.ids.count - 1]
        return .action(.router(.routeAction(id: id, action: choices.pick(screenActions))))
      case 3: return .action(.tabTapped(choices.pick(App.tabIDs)))
      case 4: return .action(.back)
      case 5: return .action(.openURL(choices.pick(urls)))
      case 6:
        let key = choices.pick(["ask", "ask", "loggedIn", "paid"])
        return .action(.setContext(key, .bool(choices.next(3) != 0)))
      case 7:
        let commands: [NavigationCommand<Screen>] = [
          .pop(), .goBack(), .dismissAll, .push(.checkout), .push(.item(id: 7)), .tab("orders", .push(.item(id: 9))),
          .tab("profile", .goBackToRoot), .presentSheet(.login, withNavigation: true), .resetTabs(select: "home"),
          .selectTab(choices.pick(App.tabIDs)),
        ]
        return .action(.perform((0...choices.next(3)).map { _ in choices.pick(commands) }))
      case 8:
        let routes = state.selectedStack.routes
        return .action(.router(.updateRoutes(Array(routes.prefix(max(1, routes.count - 1 - choices.next(routes.count)))))))
      case 9:
        return .edit(choices.pick(choices.pick(state.tabs).stack.ids))
      default:
        return .confirm
      }
    }

    /// Everything a step can change: the state (route IDs aside) and every tab's route IDs.
    struct Snapshot: Equatable {
      let state: State
      let ids: [[RouteID]]
      init(_ state: State) {
        self.state = state
        ids = state.tabs.map(\.stack.ids)
      }
    }

    /// Whether a stack command escaped addressing.
    static func isAddressed(_ command: NavigationCommand<Screen>) -> Bool {
      switch command {
      case .tab, .selectTab, .resetTabs, .emit: return true
      default: return false
      }
    }

    /// The tabs whose stacks `commands` may change, and whether they may change the selection.
    static func reach(of commands: [NavigationCommand<Screen>]) -> (tabs: Set<TabID>, selects: Bool) {
      var tabs = Set<TabID>()
      var selects = false
      func visit(_ command: NavigationCommand<Screen>) {
        switch command {
        case let .tab(tab, inner):
          // Coordinator commands inside `tab(…)` act on the coordinator.
          switch inner {
          case .tab, .selectTab, .resetTabs, .emit: visit(inner)
          default: tabs.insert(tab)
          }
        case .selectTab: selects = true
        case .resetTabs:
          selects = true
          tabs.formUnion(App.tabIDs)
        default: break
        }
      }
      commands.forEach(visit)
      return (tabs, selects)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func aConfirmationIsRefusedWhenStaleAndOtherwiseChangesOnlyTheTabsItAddresses(seed: UInt64) throws {
      let coordinator = try Self.coordinator()
      var choices = SeededChoices(seed: seed)
      var state = try App.state(
        home: [.root(.feed), .push(.item(id: 1)), .push(.checkout)], orders: [.root(.orders), .push(.item(id: 2))])
      /// The batch the host asked about, the state it was rejected on, and the steps since.
      var pending: (batch: RejectedBatch<Screen>, at: Snapshot, stepsSince: Int)?
      var latest: RejectedBatch<Screen>?
      var (accepted, refused, rejected, blocked) = (0, 0, 0, 0)

      for step in 0..<600 {
        let before = Snapshot(state)
        let outputs: [TabCoordinatorDelegate<Screen>]
        switch Self.step(for: state, choices: &choices) {
        case let .action(action):
          outputs = coordinator.apply(action, to: &state)
        case let .edit(id):
          _ = state.updateScreen(id: id) { screen in
            if case let .item(item, count) = screen { screen = .item(id: item, count: count + 1) }
          }
          outputs = []
        case .confirm:
          guard let asked = pending else { continue }
          outputs = coordinator.apply(.confirm(asked.batch), to: &state)
          let stale = outputs.contains { $0.failure?.isStaleConfirmation == true }
          let label = "step \(step): confirm \(asked.batch.commands)"
          if !asked.batch.asks {
            blocked += 1
            #expect(stale || outputs.contains { $0.failure?.isBlockedConfirmation == true }, "\(label): a block was confirmed")
            #expect(Snapshot(state) == before, "\(label): a refused block changed the state")
            pending = nil
            continue
          }
          if asked.stepsSince == 0 { #expect(!stale, "\(label): refused right after its rejection") }
          if asked.at != before { #expect(stale, "\(label): the state changed since the rejection") }
          if let latest, latest.commands != asked.batch.commands { #expect(stale, "\(label): not the last rejected batch") }
          if stale {
            refused += 1
            #expect(Snapshot(state) == before, "\(label): a refused confirmation changed the state")
          } else if outputs.allSatisfy({ $0.failure == nil }) {
            accepted += 1
            let reach = Self.reach(of: asked.batch.commands)
            for (position, tab) in state.tabs.enumerated() where !reach.tabs.contains(tab.id) {
              #expect(tab.stack.routes == before.state.tabs[position].stack.routes, "\(label): changed \(tab.id)")
              #expect(tab.stack.ids == before.ids[position], "\(label): changed the routes of \(tab.id)")
            }
            if !reach.selects {
              #expect(state.selectedTab == before.state.selectedTab, "\(label): changed the selection")
              #expect(state.history == before.state.history, "\(label): changed the history")
            }
          }
          pending = nil
        }
        pending?.stepsSince += 1
        for case let .rejected(batch) in outputs {
          rejected += 1
          #expect(batch.commands.allSatisfy(Self.isAddressed), "step \(step): un-addressed \(batch.commands)")
          #expect(Snapshot(state) == before, "step \(step): a rejection changed the state")
          latest = batch
          // Sometimes the host keeps asking about an older batch.
          if pending == nil || choices.next(3) != 0 { pending = (batch, Snapshot(state), 0) }
        }
      }
      // The run exercised each outcome.
      #expect(rejected > 60)
      #expect(accepted > 10)
      #expect(refused > 10)
      #expect(blocked > 0)
    }
  }
}
