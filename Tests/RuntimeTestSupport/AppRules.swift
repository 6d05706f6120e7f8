import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime

extension CoordinatorFixtures {
  /// The test app's navigation rules as a type: each screen action maps to a named batch.
  package struct AppRules: NavigationRules {
    /// What `reportTapped` throws.
    package struct ServiceDown: Error, CustomStringConvertible {
      package init() {}
      package var description: String { "the report service is down" }
    }

    package init() {}

    package func batch(
      for action: ScreenAction, on route: RouteContext<Screen>, in state: TabCoordinatorState<Screen>
    ) throws -> NavigationBatch<Screen>? {
      switch action {
      case let .itemTapped(id):
        return NavigationBatch(rule: "feed.itemTapped", [.push(.item(id: id))])
      case .buyTapped:
        return NavigationBatch(rule: "item.buyTapped", [.push(.checkout)])
      case .signInTapped:
        return NavigationBatch(
          rule: "signInTapped", [.presentSheet(.login, withNavigation: true, configuration: .halfAndFull)])
      case .cancelTapped:
        return NavigationBatch(rule: "cancelTapped", [.dismiss()])
      case .closeTapped:
        return NavigationBatch(rule: "closeTapped", [.pop()])
      case .ordersTapped:
        return NavigationBatch(rule: "ordersTapped", [.tab("profile", .push(.orders)), .selectTab("profile")])
      case .ordersThenDismissTapped:
        return NavigationBatch(rule: "ordersThenDismissTapped", [.push(.orders), .dismiss()])
      case .shareTapped:
        // Rules read the screen as the screen reducer left it.
        guard case let .item(id, count) = route.screen else { return nil }
        return NavigationBatch(
          rule: "item.shareTapped", [.emit(NavigationEvent("share", payload: ["id": .int(id), "count": .int(count)]))])
      case .doneTapped:
        return NavigationBatch(rule: "doneTapped", [.emit(NavigationEvent("done"))])
      case .reportTapped:
        throw ServiceDown()
      case let .nested(.delegate(.report(.event(event)))) where event.name == "done":
        // A nested flow that is done closes: the route's own tab goes back, whichever is selected.
        return NavigationBatch(rule: "nested.done", [.tab(route.tab, .goBack())])
      case .increment, .incrementLater, .nested:
        return nil
      }
    }
  }
}

extension CoordinatorFixtures.App {
  /// Part of the same rules written as one closure. Its batches name no rule: failures say which
  /// route's action they came from.
  package static var closureRules: ClosureRules<CoordinatorFixtures.Screen, CoordinatorFixtures.ScreenAction> {
    ClosureRules { action, _, _ in
      switch action {
      case let .itemTapped(id): return [.push(.item(id: id))]
      case .closeTapped: return [.pop()]
      case .ordersTapped: return [.tab("profile", .push(.orders)), .selectTab("profile")]
      case .ordersThenDismissTapped: return [.push(.orders), .dismiss()]
      case .reportTapped: throw CoordinatorFixtures.AppRules.ServiceDown()
      default: return []
      }
    }
  }
}
