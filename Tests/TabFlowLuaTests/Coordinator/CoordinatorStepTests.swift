import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowNavigation
import TestSupport
import Testing

/// `TabCoordinator.step(_:state:)`, the coordinator without a runtime: the routes it says left
/// are exactly those a diff of the tabs' route IDs around the action finds — checked against that
/// diff (the oracle) over generated action sequences on the demo flow, reloads included.
@Suite("Coordinator step")
struct CoordinatorStepTests {
  static let demo = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/demo.lua").path

  typealias Action = TabCoordinatorAction<DynamicScreen, DynamicAction>

  /// A plausible next action: mostly screen actions of the selected tab's top screen (with the
  /// sample payload the script declares), and taps, backs, links, context changes and reloads.
  static func nextAction(
    _ choices: inout SeededChoices, state: TabCoordinatorState<DynamicScreen>, rules: ScriptedRules<DynamicScreen, DynamicAction>
  ) -> Action {
    switch choices.next(10) {
    case 0: return .tabTapped(TabID(choices.pick(rules.declarations.tabIDs)))
    case 1: return .back
    case 2: return .openURL(choices.pick(["shop://item/7", "shop://orders", "shop://orders/7", "shop://nowhere"]))
    case 3: return .setContext("loggedIn", choices.next(2) == 0 ? .bool(true) : nil)
    case 4: return .adoptReloaded(choices.next(2) == 0 ? state : (try? rules.initialState()) ?? state)
    default:
      guard let stack = state.stack(for: state.selectedTab), let id = stack.ids.last,
        let declaration = rules.declarations.screens.first(where: { $0.name == stack.top.screen.name }),
        !declaration.actions.isEmpty
      else { return .back }
      let action = choices.pick(declaration.actions)
      return .router(.routeAction(id: id, action: DynamicAction(action.name, payload: action.sample)))
    }
  }

  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func theRoutesThatLeftAreThoseTheDiffFinds(seed: UInt64) throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(contentsOfFile: Self.demo)
    let coordinator = TabCoordinator(script: rules)
    var state = try rules.initialState()
    var choices = SeededChoices(seed: seed)
    var removedSome = 0
    for step in 0..<400 {
      let action = Self.nextAction(&choices, state: state, rules: rules)
      let before = state.routeSnapshot
      var applied = state
      let delegates = coordinator.apply(action, to: &applied)
      let result = coordinator.step(action, state: &state)
      #expect(state == applied, "seed \(seed), step \(step): step and apply reach different states on \(action)")
      #expect(result.delegates.count == delegates.count, "seed \(seed), step \(step)")
      #expect(
        result.removedRouteIDs == state.routeIDsRemoved(since: before),
        "seed \(seed), step \(step): \(action) removed \(state.routeIDsRemoved(since: before)), step said \(result.removedRouteIDs)")
      removedSome += result.removedRouteIDs.isEmpty ? 0 : 1
    }
    #expect(removedSome > 10, "the generated actions removed routes only \(removedSome) times")
  }

  @Test func aPushAndPopWithinOneActionIsNotAmongTheRoutesThatLeft() throws {
    let rules = try ScriptedRules<DynamicScreen, DynamicAction>(
      source: """
        tab "home" { root = "feed" }
        screen "feed" { actions = { "bounce" } }
        screen "item" {}
        on("feed.bounce", function(nav) nav:push("item") nav:pop() end)
        """)
    let coordinator = TabCoordinator(script: rules)
    var state = try rules.initialState()
    let feed = try #require(state.stack(for: "home")?.ids.last)
    let result = coordinator.step(.router(.routeAction(id: feed, action: DynamicAction("bounce"))), state: &state)
    #expect(result.removedRouteIDs.isEmpty)
    #expect(state.stack(for: "home")?.ids == [feed])
  }

  /// Rules that count the actions the coordinator handles (``NavigationRules/withinAction(_:)``).
  final class CountingRules: NavigationRules {
    var actionsHandled = 0
    func batch(
      for action: DynamicAction, on route: RouteContext<DynamicScreen>, in state: TabCoordinatorState<DynamicScreen>
    ) -> NavigationBatch<DynamicScreen>? {
      action.name == "open" ? NavigationBatch(rule: "feed.open", [.push(DynamicScreen("item"))]) : nil
    }
    func withinAction<Result>(_ body: () -> Result) -> Result {
      actionsHandled += 1
      return body()
    }
  }

  @Test func anActionIsAppliedOnceEvenWhenItsRouteIsGone() throws {
    let rules = CountingRules()
    let coordinator = TabCoordinator(rules: rules)
    var state = try TabCoordinatorState(tabs: [TabDefinition("home", root: DynamicScreen("feed"))])
    let feed = try #require(state.stack(for: "home")?.ids.last)
    _ = coordinator.step(.router(.routeAction(id: feed, action: DynamicAction("open"))), state: &state)
    #expect(rules.actionsHandled == 1)
    let item = try #require(state.stack(for: "home")?.ids.last)
    let popped = coordinator.step(.back, state: &state)
    #expect(popped.removedRouteIDs == [item])
    #expect(rules.actionsHandled == 2)
    // The item's route is gone: its action applies nothing, once, and removes nothing.
    let unchanged = state
    let result = coordinator.step(.router(.routeAction(id: item, action: DynamicAction("open"))), state: &state)
    #expect(rules.actionsHandled == 3)
    #expect(result.removedRouteIDs.isEmpty && result.delegates.isEmpty)
    #expect(state == unchanged)
  }
}
