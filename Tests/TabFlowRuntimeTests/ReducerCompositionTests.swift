import Clocks
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension RuntimeTests {
  /// `Reducer` composition: `body`, `Scope`, `CombineReducers`, and the builder's control flow.
  @MainActor
  @Suite struct ReducerCompositionTests {
    struct App: Reducer {
      struct State: Equatable {
        var counter = Counter.State()
        var log: [String] = []
      }

      enum Action: Equatable {
        case counter(Counter.Action)
        case other
      }

      let clock: any Clock<Duration>
      var logging = true

      var body: some Reducer<State, Action> {
        Scope(state: \.counter, action: .counter) {
          Counter(clock: clock)
        }
        if logging {
          Reduce { state, action in
            state.log.append(action == .other ? "other" : "counter")
            return .none
          }
        }
      }
    }

    @Test func scopeRunsTheChildAndEmbedsItsEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: App.State()) { App(clock: clock) }
      await store.send(.counter(.increment)) {
        $0.counter.count = 1
        $0.log = ["counter"]
      }
      await store.send(.other) { $0.log.append("other") }
      await store.send(.counter(.delayedIncrement)) { $0.log.append("counter") }
      await clock.advance(by: .seconds(1))
      await store.receive(.counter(.increment)) {
        $0.counter.count = 2
        $0.log.append("counter")
      }
      await store.finish()
    }

    @Test func anIfWithoutElseSkipsItsReducer() async {
      let store = TestStore(initialState: App.State()) { App(clock: TestClock(), logging: false) }
      await store.send(.counter(.increment)) { $0.counter.count = 1 }
    }

    @Test func ifElseForAndEmptyBodies() {
      struct Branching: Reducer {
        var useDouble: Bool
        var repeats: Int

        var body: some Reducer<Int, Void> {
          if useDouble {
            Reduce { state, _ in
              state *= 2
              return .none
            }
          } else {
            Reduce { state, _ in
              state += 1
              return .none
            }
          }
          for _ in 0..<repeats {
            Reduce { state, _ in
              state += 10
              return .none
            }
          }
        }
      }
      struct Nothing: Reducer {
        var body: some Reducer<Int, Void> {}
      }

      var state = 1
      _ = Branching(useDouble: true, repeats: 2).reduce(into: &state, action: ())
      #expect(state == 22)
      state = 1
      _ = Branching(useDouble: false, repeats: 0).reduce(into: &state, action: ())
      #expect(state == 2)
      _ = Nothing().reduce(into: &state, action: ())
      #expect(state == 2)
    }

    @Test func combineReducersRunsInOrderAndMergesEffects() async {
      let store = TestStore(initialState: [String]()) {
        CombineReducers {
          Reduce<[String], String> { log, action in
            log.append("first \(action)")
            return action == "go" ? .send("sent by first") : .none
          }
          Reduce<[String], String> { log, action in
            log.append("second \(action)")
            return .none
          }
          EmptyReducer()
        }
      }
      await store.send("go") { $0 = ["first go", "second go"] }
      await store.receive("sent by first") {
        $0 += ["first sent by first", "second sent by first"]
      }
    }

    @Test func actionPathsEmbedExtractAndCompose() {
      enum Inner: Equatable { case tap, other }
      enum Outer: Equatable { case inner(Inner), none }
      let toInner = ActionPath(embed: Outer.inner) { if case let .inner(value) = $0 { value } else { nil } }
      let toTap = ActionPath<Inner, Void>(embed: { .tap }) { $0 == .tap ? () : nil }

      #expect(toInner.embed(.tap) == .inner(.tap))
      #expect(toInner.extract(.none) == nil)
      #expect(toInner.extract(.inner(.other)) == .other)
      let outerTap = toInner.appending(toTap)
      #expect(outerTap.embed(()) == .inner(.tap))
      #expect(outerTap.extract(.inner(.other)) == nil)
      #expect(outerTap.extract(.inner(.tap)) != nil)
      #expect(ActionPath<Outer, Outer>.identity.extract(.none) == Outer.none)
    }
  }
}

extension ActionPath where Root == RuntimeTests.ReducerCompositionTests.App.Action, Value == Counter.Action {
  static var counter: Self {
    Self(embed: Root.counter) { if case let .counter(action) = $0 { action } else { nil } }
  }
}
