import Clocks
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension RuntimeTests {
  /// `Store.observeSettled`: one call per `send`, with the state reached after everything the
  /// send caused synchronously — the states a screen can show.
  @MainActor
  @Suite struct StoreSettledObservationTests {
    typealias Logger = StoreTests.Logger

    @Test func aSettledObserverSeesOnlyTheStateEachSendEndsIn() {
      let store = Store(initialState: Logger.State()) { Logger() }
      var settled: [[String]] = []
      var each: [[String]] = []
      let settledObservation = store.observeSettled { settled.append($0.log) }
      let eachObservation = store.observe { each.append($0.log) }

      store.send(.start)
      store.send(.fromObserver)

      #expect(each.count == 4)
      #expect(settled == [
        ["start", "fromEffect", "fromRun(0)"],
        ["start", "fromEffect", "fromRun(0)", "fromObserver"],
      ])
      settledObservation.cancel()
      eachObservation.cancel()
    }

    @Test func actionsFromARunningEffectAreSendsOfTheirOwn() async {
      let store = Store(initialState: Logger.State()) { Logger() }
      var settled: [[String]] = []
      let observation = store.observeSettled { settled.append($0.log) }
      await store.send(.runThree).finish()
      #expect(settled.map(\.last) == ["runThree", "fromRun(1)", "fromRun(2)", "fromRun(3)"])
      observation.cancel()
    }

    @Test func aSettledObserverMaySendAndIsCalledAgainWithTheStateItReached() {
      let store = Store(initialState: Logger.State()) { Logger() }
      var settled: [[String]] = []
      let observation = store.observeSettled { state in
        settled.append(state.log)
        if state.log.last == "fromRun(0)" { store.send(.fromObserver) }
      }
      store.send(.start)
      // Processed before send returned.
      #expect(store.state.log == ["start", "fromEffect", "fromRun(0)", "fromObserver"])
      #expect(settled == [
        ["start", "fromEffect", "fromRun(0)"],
        ["start", "fromEffect", "fromRun(0)", "fromObserver"],
      ])
      observation.cancel()
    }

    @Test func aCancelledOrReleasedSettledObservationIsNotCalled() {
      let store = Store(initialState: Counter.State()) { Counter(clock: ImmediateClock()) }
      var counts: [Int] = []
      let cancelled = store.observeSettled { counts.append($0.count) }
      var released: StoreObservation? = store.observeSettled { counts.append($0.count * 100) }
      store.send(.increment)
      #expect(counts == [1, 100])
      cancelled.cancel()
      #expect(released != nil)
      released = nil
      store.send(.increment)
      #expect(counts == [1, 100])
    }
  }
}
