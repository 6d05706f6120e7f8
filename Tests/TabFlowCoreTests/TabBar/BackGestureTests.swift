import CoreTestSupport
@testable import TabFlowCore
@testable import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// The system back gesture agrees with the guards: the coordinator answers whether it may go
  /// back by trying, without committing, the `updateRoutes` the swipe would send.
  @Suite("Back gesture")
  struct BackGestureTests {
    let coordinator = TabBarFixtures.coordinator

    @Test("At a tab's root there is nothing to swipe back to")
    func unavailableAtRoot() throws {
      let state = try TabBarFixtures.state()
      #expect(coordinator.backGesture(in: state) == .unavailable)
      #expect(coordinator.backGesture(in: state).description == "none (at the root)")
    }

    @Test("A push pops, a presented route without pushes dismisses")
    func allowed() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.push(.item(id: 1))])
      #expect(coordinator.backGesture(in: state) == .allowed(.pop))
      try state.apply([.presentSheet(.orders)])
      #expect(coordinator.backGesture(in: state) == .allowed(.dismiss))
      #expect(coordinator.backGesture(in: state).isAllowed)
      #expect(coordinator.backGesture(in: state, tab: "search") == .unavailable, "a tab not on screen")
    }

    @Test("A guard refusing the swipe's updateRoutes refuses the gesture, whole failure carried")
    func refused() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.push(.item(id: 1)), .presentSheet(.login(reason: "buy"), withNavigation: true)])
      let answer = coordinator.backGesture(in: state)
      let expected = BatchFailure(source: .userBack, reason: .rejected(guard: "unsaved draft", reason: "discard the draft?"), asks: true)
      #expect(answer == .refused(expected))
      #expect(answer.refusingGuard == "unsaved draft")
      #expect(answer.asks)
      #expect(answer.description == "refused by guard 'unsaved draft': discard the draft? (it asks: the back button asks the user)")
      #expect(!answer.isAllowed)
    }

    @Test("Over the tab bar, the gesture is the app layer's: a push there pops, its cover dismisses, a guard refuses")
    func appLayer() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.push(.item(id: 1)), .app(.presentCover(.orders, withNavigation: true))])
      #expect(coordinator.backGesture(in: state) == .allowed(.dismiss), "the cover, not the tab's push")
      try state.apply([.app(.push(.item(id: 2)))])
      #expect(coordinator.backGesture(in: state) == .allowed(.pop))
      let keepsCover = TabCoordinator(
        rules: TabBarFixtures.rules,
        guards: [
          NavigationGuard("keep the cover") { change in
            change.before.appLayer.count > change.after.appLayer.count ? .reject("finish first") : .allow
          }
        ])
      let before = state
      let answer = keepsCover.backGesture(in: state)
      #expect(answer == .refused(BatchFailure(source: .userBack, reason: .rejected(guard: "keep the cover", reason: "finish first"))))
      #expect(state == before)
    }

    @Test("Asking changes nothing: not the state, not what a confirmation may re-send")
    func asksWithoutCommitting() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.push(.item(id: 1)), .push(.login(reason: "x"))])
      _ = coordinator.apply(.back, to: &state)
      let confirmable = state.confirmable
      #expect(confirmable != nil)
      let before = state
      _ = coordinator.backGesture(in: state)
      #expect(state == before)
      #expect(state.confirmable?.commands == confirmable?.commands)
    }

    @Test("Over generated states, the answer is the outcome of the swipe's updateRoutes", arguments: 0..<40)
    func agreesWithUpdateRoutes(seed: Int) throws {
      var choices = SeededChoices(seed: UInt64(seed) &* 7_919)
      var state = try TabBarFixtures.state(backBehavior: seed % 2 == 0 ? .none : .history)
      for _ in 0..<40 {
        _ = coordinator.apply(TabBarGeneratedStates.action(for: state, choices: &choices), to: &state)
        let answer = coordinator.backGesture(in: state)
        let routes = state.selectedStack.routes
        guard routes.count > 1, let top = routes.last else {
          #expect(answer == .unavailable)
          continue
        }
        var trial = state
        let outputs = coordinator.apply(.router(.updateRoutes(Array(routes.dropLast()))), to: &trial)
        if let failure = outputs.compactMap(\.failure).first {
          #expect(answer == .refused(failure), "seed \(seed): \(state.selectedStack.routes.pathDescription())")
          #expect(trial == state)
        } else {
          #expect(answer == .allowed(top.isPresented ? .dismiss : .pop), "seed \(seed)")
          #expect(trial.selectedStack.count < routes.count || trial.selectedTab != state.selectedTab)
        }
      }
    }
  }
}
