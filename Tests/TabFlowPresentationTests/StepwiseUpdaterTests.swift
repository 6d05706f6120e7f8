import Clocks
import NavigationTestSupport
import PresentationTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowPresentation
import Testing

extension PresentationTests {
  /// `StepwiseUpdater`: the presentation a UI binds to walks to the coordinator's stack one step
  /// per tick of an injected clock, as TCACoordinators' `routeWithDelaysIfUnsupported` did.
  @MainActor
  @Suite("Stepwise updates")
  struct StepwiseUpdaterTests {
    let clock = TestClock()
    static let tick = Duration.milliseconds(650)

    /// Advances the clock to just before tick `tick` of a schedule that started at `start`
    /// (nothing new may be shown), then just past it, and waits for the step it wakes.
    ///
    /// Ticks are counted from the start of the schedule, so advancing past a tick wakes its step
    /// even when the step task asks to sleep only after the clock moved (on a loaded machine).
    func step(
      at tick: Int, from start: TestClock<Duration>.Instant, _ recorder: Recorder<Int>,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async {
      let shown = recorder.shown.count
      await clock.advance(to: start.advanced(by: Self.tick * tick - .milliseconds(1)))
      #expect(recorder.shown.count == shown, "a step came before its tick", sourceLocation: sourceLocation)
      await clock.advance(to: start.advanced(by: Self.tick * tick + .milliseconds(1)))
      await eventually("the step of tick \(tick) is shown", sourceLocation: sourceLocation) {
        recorder.shown.count > shown
      }
    }

    /// TCACoordinators 0.13's `testWithDelaysIfUnsupported`, reconstructed: from
    /// `[.root(1), .sheet(2), .sheet(3)]`, `goBackToRoot` is shown as the unchanged stack and the
    /// first dismissal at once, then the second dismissal 650 ms later, and then nothing more.
    @Test func theReconstructionOfTCACoordinatorsTestWithDelaysIfUnsupported() async throws {
      var stack = try stack([Route<Int>.root(1), .sheet(2), .sheet(3)])
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)

      stack.goBackToRoot()
      let start = clock.now
      updater.update(to: stack)
      #expect(updater.target == StackPresentation(stack))
      #expect(recorder.routes == [[.root(1), .sheet(2), .sheet(3)], [.root(1), .sheet(2)]])
      #expect(updater.isStepping)

      await step(at: 1, from: start, recorder)
      #expect(recorder.routes == [[.root(1), .sheet(2), .sheet(3)], [.root(1), .sheet(2)], [.root(1)]])
      #expect(updater.presentation == StackPresentation(stack))
      #expect(!updater.isStepping)

      await clock.advance(by: .seconds(10))
      #expect(recorder.shown.count == 3)
      try await clock.checkSuspension()
    }

    @Test("each case of FlowStacks' step calculation, one step per tick", arguments: StepsCase.flowStacks)
    func flowStacksCase(_ spec: StepsCase) async throws {
      // FlowStacks pushes inside sheets without navigation, which a stack refuses. Giving every
      // sheet and cover navigation changes no step: they all still compare alike.
      let expected = spec.steps.map(Self.withNavigation)
      let start = try stack(Self.withNavigation(spec.start))
      let end = try stack(Self.withNavigation(spec.end))
      let options = SteppingOptions(
        allowMultipleDismissalsInOne: spec.multipleDismissals, allowNavigationUpdatesInOne: spec.navigationUpdates)
      let updater = StepwiseUpdater(showing: start, clock: clock, options: options)
      let recorder = Recorder(updater)

      let begin = clock.now
      updater.update(to: end)
      if expected.count < 3 {
        // One UI update is enough: the end at once.
        #expect(recorder.routes == [end.routes])
      } else {
        #expect(recorder.routes == Array(expected.prefix(2)))
        for count in 3...expected.count {
          await step(at: count - 2, from: begin, recorder)
          #expect(recorder.routes == Array(expected.prefix(count)))
        }
      }
      #expect(updater.presentation == StackPresentation(end))
      #expect(!updater.isStepping)
      // Every step carries IDs: unique, each the ID its route has in the start or the end.
      let known = Set(start.ids + end.ids)
      for shown in recorder.shown {
        #expect(Set(shown.ids).count == shown.ids.count)
        #expect(shown.ids.allSatisfy(known.contains))
        for (index, id) in shown.ids.enumerated() {
          let position = start.index(of: id) ?? end.index(of: id)
          #expect(position == index)
        }
      }
      try await clock.checkSuspension()
    }

    static func withNavigation(_ routes: [Route<Int>]) -> [Route<Int>] {
      routes.map { route in
        switch route {
        case let .sheet(screen, _, configuration): return .sheet(screen, withNavigation: true, configuration: configuration)
        case let .cover(screen, _): return .cover(screen, withNavigation: true)
        case .root, .push: return route
        }
      }
    }

    @Test func aChangeOneUpdateCanShowIsShownAtOnce() async throws {
      var stack = try stack([Route<Int>.root(1), .sheet(2, withNavigation: true)])
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)

      stack.push(3)
      updater.update(to: stack)
      stack.goBackToRoot()
      updater.update(to: stack)
      #expect(recorder.routes == [[.root(1), .sheet(2, withNavigation: true), .push(3)], [.root(1)]])
      #expect(!updater.isStepping)
      try await clock.checkSuspension()
    }

    @Test func aChangeOfScreenDataIsShownInPlaceAtOnce() throws {
      var stack = try stack([Route<Int>.root(1), .push(2)])
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)
      stack.updateScreen(id: stack.ids[1]) { $0 = 20 }
      updater.update(to: stack)
      #expect(recorder.shown == [StackPresentation(stack)])
    }

    @Test func aNewTargetMidWayRestartsFromWhatIsOnScreenAndDropsTheOldSteps() async throws {
      let start = try stack([Route<Int>.root(1), .sheet(2), .sheet(3), .sheet(4)])
      var stack = start
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)

      let first = clock.now
      stack.goBackToRoot()
      updater.update(to: stack)
      #expect(recorder.routes.last == [.root(1), .sheet(2), .sheet(3)])

      // 300 ms later, before the next tick, the coordinator pushes.
      await clock.advance(to: first.advanced(by: .milliseconds(300)))
      let restart = clock.now
      stack.push(5)
      recorder.clear()
      updater.update(to: stack)
      // Restarted from what is on screen: its first steps at once…
      #expect(recorder.routes == [[.root(1), .sheet(2), .sheet(3)], [.root(1), .sheet(2)]])

      // …and nothing at the old schedule's tick.
      await clock.advance(to: first.advanced(by: Self.tick + .milliseconds(1)))
      #expect(recorder.shown.count == 2)

      // The new schedule: one tick after the restart, then the next.
      await step(at: 1, from: restart, recorder)
      #expect(recorder.routes.last == [.root(1)])
      await step(at: 2, from: restart, recorder)
      #expect(recorder.routes.last == [.root(1), .push(5)])
      #expect(updater.presentation == StackPresentation(stack))
      #expect(!updater.isStepping)
      try await clock.checkSuspension()
    }

    @Test func pendingStepsAreCancelledWhenTheTargetChangesAgain() async throws {
      let start = try stack([Route<Int>.root(1), .sheet(2), .sheet(3), .sheet(4)])
      var stack = start
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)

      stack.goBackToRoot()
      updater.update(to: stack)
      #expect(updater.pendingSteps.map(\.routes) == [[.root(1), .sheet(2)], [.root(1)]])

      // The coordinator's stack changes again, to a stack one update can reach from the screen.
      var back = start
      back.goBack()
      recorder.clear()
      updater.update(to: back)
      #expect(recorder.routes == [[.root(1), .sheet(2), .sheet(3)]])
      #expect(updater.pendingSteps.isEmpty)
      #expect(!updater.isStepping)

      await clock.advance(by: .seconds(5))
      #expect(recorder.shown.count == 1)
      #expect(updater.presentation == StackPresentation(back))
      try await clock.checkSuspension()
    }

    @Test func aDataChangeMidWayKeepsTheScheduleAndCarriesTheNewData() async throws {
      var stack = try stack([Route<Int>.root(1), .sheet(2), .sheet(3)])
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)

      let start = clock.now
      stack.goBackToRoot()
      updater.update(to: stack)
      await clock.advance(to: start.advanced(by: .milliseconds(300)))
      stack.updateScreen(id: stack.ids[0]) { $0 = 10 }
      recorder.clear()
      updater.update(to: stack)
      #expect(recorder.routes == [[.root(10), .sheet(2)]])
      #expect(updater.pendingSteps.map(\.routes) == [[.root(10)]])

      // The dismissal comes on the first schedule's tick.
      await step(at: 1, from: start, recorder)
      #expect(updater.presentation == StackPresentation(stack))
    }

    @Test func whatTheUserDidIsShownAtOnceAndTheNextStepWaitsForATick() async throws {
      let start = try stack([Route<Int>.root(1), .sheet(2), .sheet(3), .sheet(4)])
      var stack = start
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)
      stack.goBackToRoot()
      updater.update(to: stack)
      #expect(updater.presentation.routes == [.root(1), .sheet(2), .sheet(3)])

      // The user drags the top sheet down before the next step.
      await clock.advance(by: .milliseconds(100))
      let gesture = clock.now
      recorder.clear()
      try updater.userChanged(.dismiss(layer: start.ids[2]))
      #expect(recorder.routes == [[.root(1), .sheet(2)]])
      #expect(updater.pendingSteps.map(\.routes) == [[.root(1)]])
      await step(at: 1, from: gesture, recorder)
      #expect(updater.presentation == StackPresentation(stack))
      #expect(!updater.isStepping)
    }

    @Test func whatTheUserDidThatMatchesTheTargetEndsTheSteps() throws {
      let start = try stack([Route<Int>.root(1), .push(2), .push(3)])
      var stack = start
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)
      stack.goBack()
      try updater.userChanged(.setPath(layer: start.ids[0], path: [start.ids[1]]))
      // The coordinator still has the popped route: the updater heads back to it on the next tick…
      #expect(updater.pendingSteps.map(\.routes) == [start.routes])
      // …until the coordinator adopts what the user did.
      updater.update(to: stack)
      #expect(!updater.isStepping)
      #expect(recorder.routes == [[.root(1), .push(2)], [.root(1), .push(2)]])
      #expect(updater.presentation == StackPresentation(stack))
    }

    @Test func aReportThatDoesNotFitChangesNothingAndOneThatChangesNothingKeepsTheSchedule() async throws {
      let start = try stack([Route<Int>.root(1, withNavigation: true), .push(2), .sheet(3), .sheet(4)])
      var stack = start
      let updater = StepwiseUpdater(showing: stack, clock: clock)
      let recorder = Recorder(updater)
      let begin = clock.now
      stack.goBackToRoot()
      updater.update(to: stack)
      let pending = updater.pendingSteps
      recorder.clear()

      #expect(throws: PresentationError.cannotDismissRoot(start.ids[0])) {
        try updater.userChanged(.dismiss(layer: start.ids[0]))
      }
      #expect(throws: PresentationError.unknownLayer(start.ids[3], layers: [start.ids[0], start.ids[2]])) {
        try updater.userChanged(.dismiss(layer: start.ids[3]))
      }
      try updater.userChanged(.setPath(layer: start.ids[0], path: [start.ids[1]]))
      #expect(recorder.shown.isEmpty)
      #expect(updater.pendingSteps == pending)

      await step(at: 1, from: begin, recorder)
      #expect(recorder.routes.last == pending.first?.routes)
    }

    @Test func theStepsOfAPresentationCarryTheRoutesIDs() throws {
      let start = try stack([Route<Int>.root(1), .push(2), .sheet(3)])
      var end = start
      try end.apply(.goBack(count: 2))
      end.push(20)
      let steps = StackPresentation(start).steps(to: StackPresentation(end))
      #expect(steps.map(\.routes) == [[.root(1), .push(20), .sheet(3)], [.root(1), .push(20)]])
      // The replaced push is shown under its new ID in place; the leaving sheet keeps its own.
      #expect(steps.map(\.ids) == [[start.ids[0], end.ids[1], start.ids[2]], end.ids])
    }

    @Test func aReleasedUpdaterStopsStepping() async throws {
      var stack = try stack([Route<Int>.root(1), .sheet(2), .sheet(3), .sheet(4)])
      var updater: StepwiseUpdater<Int>? = StepwiseUpdater(showing: stack, clock: clock)
      stack.goBackToRoot()
      updater?.update(to: stack)
      #expect(updater?.isStepping == true)
      updater = nil
      await clock.advance(by: .seconds(5))
      try await clock.checkSuspension()
    }
  }
}
