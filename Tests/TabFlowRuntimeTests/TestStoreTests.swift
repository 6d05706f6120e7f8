import Clocks
import TabFlowNavigation
import TabFlowRuntime
import TestSupport
import Testing

extension RuntimeTests {
  /// `TestStore`: what passes, and every way a test fails.
  @MainActor
  @Suite struct TestStoreTests {
    // MARK: - Failures

    @Test func anUnassertedStateChangeFails() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await withKnownIssue {
        await store.send(.increment)
      } matching: { issue in
        issue.says("State was not expected to change", "count: 0", "count: 1", "(Expected: −, Actual: +)")
      }
      // The store adopts the actual state, so later assertions start from it.
      await store.send(.increment) { $0.count = 2 }
    }

    @Test func aWrongAssertionFailsWithADiff() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await withKnownIssue {
        await store.send(.increment) { $0.count = 2 }
      } matching: { issue in
        issue.says("A state change does not match expectation", "−   count: 2", "+   count: 1")
      }
    }

    @Test func anAssertionThatChangesNothingFails() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await withKnownIssue {
        await store.send(.noop) { $0.count = 0 }
      } matching: { issue in
        issue.says("Expected the state to change")
      }
    }

    @Test func anActionReceivedButNotAssertedFailsAtFinish() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await withKnownIssue {
        await store.send(.sendIncrement)
        await store.finish()
      } matching: { issue in
        issue.says("received 1 unexpected action", "increment")
      }
    }

    @Test func sendingWithUnassertedReceivedActionsFails() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await withKnownIssue {
        await store.send(.sendIncrement)
        await store.send(.increment) { $0.count = 2 }
      } matching: { issue in
        issue.says("Must handle 1 received action")
      }
    }

    @Test func anEffectStillRunningAtFinishFails() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await withKnownIssue {
        await store.send(.neverEnding)
        await store.finish(timeout: .zero)
      } matching: { issue in
        issue.says("1 effect(s) are still running")
      }
    }

    @Test func anEffectStillRunningWhenTheStoreGoesAwayFails() async {
      await withKnownIssue {
        let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
        await store.send(.neverEnding)
      } matching: { issue in
        issue.says("An effect returned for this action is still running", "neverEnding")
      }
    }

    @Test func anUnreceivedActionWhenTheStoreGoesAwayFails() async {
      await withKnownIssue {
        let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
        await store.send(.sendIncrement)
      } matching: { issue in
        issue.says("received 1 unexpected action")
      }
    }

    @Test func aReceiveTimeoutFails() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.delayedIncrement)
      await withKnownIssue {
        // Nobody advances the clock, so the effect never sends.
        await store.receive(.increment, timeout: .milliseconds(5)) { $0.count = 1 }
      } matching: { issue in
        issue.says("Expected to receive an action", "increment", "advance the clock")
      }
      await withKnownIssue {
        await store.finish(timeout: .zero)
      }
    }

    @Test func receivingWhenNoEffectRunsFailsAtOnce() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.timeout = .seconds(60)  // would hang the test if the store waited for it
      await withKnownIssue {
        await store.receive(.increment)
      } matching: { issue in
        issue.says("no effect is running")
      }
    }

    @Test func receivingTheWrongActionFailsWithADiff() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.sendIncrement)
      await withKnownIssue {
        await store.receive(.decrement)
      } matching: { issue in
        issue.says("Received an unexpected action", "−", ".decrement", "+", ".increment")
      }
      #expect(store.state.count == 1)
    }

    // MARK: - Passing

    @Test func receiveByPredicate() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      await store.send(.fetch)
      await clock.advance(by: .seconds(1))
      await store.receive({ if case .response = $0 { true } else { false } }) { $0.count = 100 }
      await store.finish()
    }

    @Test func skipReceivedActionsAdoptsTheirState() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      await store.send(.sendIncrement)
      await store.skipReceivedActions()
      #expect(store.state.count == 1)
      await store.send(.increment) { $0.count = 2 }
      await withKnownIssue {
        await store.skipReceivedActions()
      } matching: { issue in
        issue.says("no received actions to skip")
      }
    }

    @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
      let clock = TestClock()
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      store.exhaustivity = .off
      await store.send(.sendIncrement)  // the .increment it causes is never asserted
      await store.send(.fetch)
      await store.send(.incrementTwiceLater)
      await clock.advance(by: .seconds(1))
      // `.response` and an `.increment` arrive, in either order; only the response is asserted.
      await store.receive(.response(101)) { $0.count = 101 }
      await clock.advance(by: .seconds(1))
      await store.send(.neverEnding)
      await store.finish(timeout: .zero)  // not a failure when not exhaustive
    }

    @Test func nonExhaustiveAssertionsMustStillHold() async {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: TestClock()) }
      store.exhaustivity = .off
      await withKnownIssue {
        await store.send(.increment) { $0.count = 5 }
      } matching: { issue in
        issue.says("does not match expectation")
      }
    }

    @Test func timeIsControlledByTheTestClock() async throws {
      let clock = TestClock()
      // The stack is built by the test store, with its fresh generator: the root is #1.
      let store = try TestStore(initialState: Parent.State(routes: stack(.root(0)))) { Parent(clock: clock) }
      await store.send(.router(.routeAction(id: 1, action: .startTimer)))
      for second in 1...3 {
        await clock.advance(by: .seconds(1))
        await store.receive(.router(.routeAction(id: 1, action: .timerTick))) {
          $0.routes.updateScreen(id: 1) { $0.count = second }
        }
      }
      await store.send(.router(.routeAction(id: 1, action: .stopTimer)))
      await store.finish()
    }
  }
}
