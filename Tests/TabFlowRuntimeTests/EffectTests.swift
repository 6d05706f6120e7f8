import Clocks
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension RuntimeTests {
  /// `Effect`: send, run, merge, concatenate, map, cancellation — through the test store, with
  /// time on a `TestClock`.
  @MainActor
  @Suite struct EffectTests {
    @Test func sendDeliversSynchronouslyAfterTheAction() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.sendIncrement)
      await store.receive(.increment) { $0.count = 1 }
    }

    @Test func runSendsBackWhenTheClockAdvances() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.send(.delayedIncrement)
      await clock.advance(by: .milliseconds(999))
      await clock.advance(by: .milliseconds(1))
      await store.receive(.increment) { $0.count = 1 }
      await store.finish()
    }

    @Test func mergeRunsEffectsSideBySide() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.send(.incrementTwiceLater)
      await clock.advance(by: .seconds(1))
      await store.receive(.increment) { $0.count = 1 }
      await clock.advance(by: .seconds(1))
      await store.receive(.increment) { $0.count = 2 }
      await store.finish()
    }

    @Test func concatenateRunsEffectsOneAfterAnother() async {
      let clock = TestClock()
      let store = TestStore(initialState: [String]()) {
        Reduce<[String], String> { log, action in
          log.append(action)
          guard action == "start" else { return .none }
          return .concatenate(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send("first")
            },
            .send("second"),
            .run { send in await send("third") }
          )
        }
      }
      await store.send("start") { $0 = ["start"] }
      await clock.advance(by: .seconds(1))
      await store.receive("first") { $0.append("first") }
      await store.receive("second") { $0.append("second") }
      await store.receive("third") { $0.append("third") }
      await store.finish()
    }

    @Test func cancelStopsAnEffectBeforeItSends() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.send(.fetch)
      await store.send(.cancelFetch)
      await clock.advance(by: .seconds(5))
      await store.finish()
    }

    @Test func cancelInFlightKeepsOnlyTheLatest() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.send(.fetch)
      await store.send(.increment) { $0.count = 1 }
      await store.send(.fetch)  // cancels the first fetch, which would answer 100
      await clock.advance(by: .seconds(1))
      await store.receive(.response(101)) { $0.count = 101 }
      await store.finish()
    }

    @Test func cancellingAConcatenationStopsItsRemainingSteps() async {
      let clock = TestClock()
      let store = TestStore(initialState: [String]()) {
        Reduce<[String], String> { log, action in
          log.append(action)
          switch action {
          case "start":
            return .concatenate(
              .run { _ in try await clock.sleep(for: .seconds(1)) },
              .send("never")
            )
            .cancellable(id: "steps")
          case "stop":
            return .cancel(id: "steps")
          default:
            return .none
          }
        }
      }
      await store.send("start") { $0 = ["start"] }
      await store.send("stop") { $0.append("stop") }
      await clock.advance(by: .seconds(2))
      await store.finish()
    }

    @Test func mapEmbedsActionsAndKeepsCancellation() async {
      enum Outer: Equatable { case counter(Counter.Action), cancel }
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) {
        Reduce<Counter.State, Outer> { state, action in
          switch action {
          case let .counter(inner):
            return Counter(clock: clock).reduce(into: &state, action: inner).map(Outer.counter)
          case .cancel:
            return .cancel(id: Counter.CancelID.fetch)
          }
        }
      }
      await store.send(.counter(.fetch))
      await store.send(.cancel)
      await store.send(.counter(.delayedIncrement))
      await clock.advance(by: .seconds(1))
      await store.receive(.counter(.increment)) { $0.count = 1 }
      await store.finish()
    }

    @Test func runWithACatchHandlerTurnsErrorsIntoActions() async {
      struct Boom: Error {}
      let store = TestStore(initialState: 0) {
        Reduce<Int, String> { state, action in
          if action == "go" {
            return .run { _ in throw Boom() } catch: { _, send in await send("failed") }
          }
          state += 1
          return .none
        }
      }
      await store.send("go")
      await store.receive("failed") { $0 = 1 }
      await store.finish()
    }

    @Test func anEffectCancelledWhileSendingDeliversNothing() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      let task = await store.send(.delayedIncrement)
      await task.cancel()
      #expect(task.isCancelled)
      await clock.advance(by: .seconds(1))
      await store.finish()
    }
  }
}
