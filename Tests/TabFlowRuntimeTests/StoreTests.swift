import Clocks
import TabFlowNavigation
import TabFlowRuntime
import TestSupport
import Testing

extension RuntimeTests {
  /// `Store`: strict ordering, effects as tasks, observers.
  @MainActor
  @Suite struct StoreTests {
    /// Logs every action it reduces; some actions send others synchronously.
    struct Logger: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action: Equatable {
        case start, fromEffect, fromObserver, fromRun(Int), runThree
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.log.append("\(action)")
        switch action {
        case .start:
          return .merge(.send(.fromEffect), .send(.fromRun(0)))
        case .runThree:
          return .run { send in
            await send(.fromRun(1))
            await send(.fromRun(2))
            await send(.fromRun(3))
          }
        case .fromEffect, .fromObserver, .fromRun:
          return .none
        }
      }
    }

    @Test func actionsSentWhileProcessingAreQueuedNotInterleaved() {
      let store = Store(initialState: Logger.State()) { Logger() }
      var seen: [[String]] = []
      let observation = store.observe { state in
        seen.append(state.log)
        if state.log.last == "start" {
          // Sent from an observer in the middle of processing: queued behind `.send` effects.
          store.send(.fromObserver)
        }
      }

      store.send(.start)

      #expect(store.state.log == ["start", "fromEffect", "fromRun(0)", "fromObserver"])
      // Each observer call saw a state where exactly one more action was fully reduced.
      #expect(seen == [
        ["start"],
        ["start", "fromEffect"],
        ["start", "fromEffect", "fromRun(0)"],
        ["start", "fromEffect", "fromRun(0)", "fromObserver"],
      ])
      observation.cancel()
    }

    @Test func actionsFromAnEffectArriveInTheOrderSent() async {
      let store = Store(initialState: Logger.State()) { Logger() }
      await store.send(.runThree).finish()
      #expect(store.state.log == ["runThree", "fromRun(1)", "fromRun(2)", "fromRun(3)"])
    }

    @Test func noneAndSendEffectsStartNoTask() {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      #expect(store.send(.increment).isEmpty)
      #expect(store.send(.sendIncrement).isEmpty)
      #expect(store.runningEffectCount == 0)
      #expect(store.state.count == 2)
    }

    @Test func runEffectsRunAsTasksThatCanBeAwaited() async {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      let task = store.send(.delayedIncrement)
      #expect(!task.isEmpty)
      await task.finish()
      #expect(store.state.count == 1)
      #expect(store.runningEffectCount == 0)
    }

    @Test func finishEffectsWaitsForEveryRunningEffect() async {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      store.send(.incrementTwiceLater)
      store.send(.delayedIncrement)
      await store.finishEffects()
      #expect(store.state.count == 3)
      #expect(store.runningEffectCount == 0)
    }

    @Test func storeTaskCancelStopsTheEffect() async {
      let clock = TestClock()
      let store = Store(initialState: Counter.State()) { Counter(clock: clock) }
      let task = store.send(.delayedIncrement)
      task.cancel()
      await task.finish()
      await clock.advance(by: .seconds(2))
      #expect(task.isCancelled)
      #expect(store.state.count == 0)
    }

    @Test func cancelAllEffects() async {
      let clock = TestClock()
      let store = Store(initialState: Counter.State()) { Counter(clock: clock) }
      store.send(.neverEnding)
      store.send(.delayedIncrement)
      #expect(store.runningEffectCount == 2)
      store.cancelAllEffects()
      #expect(store.runningEffectCount == 0)
      await clock.advance(by: .seconds(2))
      #expect(store.state.count == 0)
    }

    @Test func observersSeeEachNewStateUntilCancelled() {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      var counts: [Int] = []
      let observation = store.observe { counts.append($0.count) }

      store.send(.increment)
      store.send(.sendIncrement)  // two actions: sendIncrement (no change) and increment
      #expect(counts == [1, 1, 2])

      observation.cancel()
      store.send(.increment)
      #expect(counts == [1, 1, 2])
      #expect(observation.isCancelled)
    }

    @Test func releasingTheObservationStopsIt() {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      var counts: [Int] = []
      var observation: StoreObservation? = store.observe { counts.append($0.count) }
      store.send(.increment)
      #expect(observation != nil)
      observation = nil
      store.send(.increment)
      #expect(counts == [1])
    }

    @Test func anUnhandledEffectErrorIsReported() async {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      await withKnownIssue {
        await store.send(.failing).finish()
      } matching: { issue in
        issue.says("did not handle")
      }
    }
  }
}
