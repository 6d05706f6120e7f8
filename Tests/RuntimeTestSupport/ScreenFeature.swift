import Clocks
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime

extension CoordinatorFixtures {
  /// What the screens of the test app send.
  package enum ScreenAction: Equatable, Sendable {
    /// An `item` counts one up.
    case increment
    /// Any screen: sleep one second on the clock, then send `increment` (an effect to cancel).
    case incrementLater
    /// `feed`: rules push `item(id)`.
    case itemTapped(Int)
    /// `item`: rules push `checkout` (the `auth` guard decides whether that may happen).
    case buyTapped
    /// Rules present `login` as a sheet with navigation.
    case signInTapped
    /// Rules dismiss the top presented layer.
    case cancelTapped
    /// Rules pop the top push.
    case closeTapped
    /// Rules push `orders` in the `profile` tab and select it: one batch across tabs.
    case ordersTapped
    /// Rules push `orders`, then dismiss: the second command fails when nothing is presented.
    case ordersThenDismissTapped
    /// Rules emit a `share` event for the host.
    case shareTapped
    /// Rules emit a `done` event; an outer coordinator closes a nested flow that emits it.
    case doneTapped
    /// Rules throw.
    case reportTapped
    /// An action of the inner coordinator of a `nested` screen.
    indirect case nested(TabCoordinatorAction<Screen, ScreenAction>)
  }

  /// The screens' reducer: `item` counts, any screen can start a delayed increment, and a
  /// `nested` screen runs its inner coordinator (through `Scope`).
  package struct ScreenFeature: Reducer {
    package let clock: any Clock<Duration>

    package init(clock: any Clock<Duration>) { self.clock = clock }

    package var body: some Reducer<Screen, ScreenAction> {
      Reduce { screen, action in
        switch action {
        case .increment:
          if case let .item(id, count) = screen { screen = .item(id: id, count: count + 1) }
          return .none
        case .incrementLater:
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.increment)
          }
        default:
          return .none
        }
      }
      Scope(state: \.self, action: .nested) {
        NestedFlowFeature(clock: clock)
      }
    }
  }

  /// The inner coordinator of a `nested` screen: the same rules and screens, one level down.
  /// Its effects are the outer route's effects, so they end when the outer route leaves.
  package struct NestedFlowFeature: Reducer {
    package let clock: any Clock<Duration>

    package init(clock: any Clock<Duration>) { self.clock = clock }

    package func reduce(
      into screen: inout Screen, action: TabCoordinatorAction<Screen, ScreenAction>
    ) -> Effect<TabCoordinatorAction<Screen, ScreenAction>> {
      // forEachRoute only routes a nested action to the route it was addressed to; a `nested`
      // action for another screen is a host bug, and changes nothing.
      guard case var .nested(flow) = screen else { return .none }
      let coordinator = TabCoordinator(rules: AppRules(), logger: App.silentLogger)
        .forEachRoute(\.self, action: .router()) { ScreenFeature(clock: clock) }
      let effect = coordinator.reduce(into: &flow.coordinator, action: action)
      screen = .nested(flow)
      return effect
    }
  }
}

extension ActionPath
where Root == CoordinatorFixtures.ScreenAction,
  Value == TabCoordinatorAction<CoordinatorFixtures.Screen, CoordinatorFixtures.ScreenAction>
{
  /// The path to a nested screen's coordinator action.
  package static var nested: Self {
    Self(embed: { .nested($0) }, extract: { if case let .nested(action) = $0 { action } else { nil } })
  }
}
