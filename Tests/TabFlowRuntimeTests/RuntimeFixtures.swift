import Clocks
import TabFlowNavigation
import TabFlowRuntime

// Features shared by the runtime tests.

/// TCACoordinators' test screen: a counter that can increment a second later.
struct Child: Reducer {
  struct State: Equatable, Sendable {
    var count: Int
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementLaterTapped
    case startTimer
    case timerTick
    case stopTimer
    case load
    case loaded(Int)
  }

  enum CancelID: Hashable, Sendable { case timer, load }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLaterTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .timerTick:
      state.count += 1
      return .none
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .load:
      return .run { [clock, count = state.count] send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded(count * 10))
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)
    case let .loaded(value):
      state.count = value
      return .none
    }
  }
}

/// TCACoordinators' test coordinator, with one action per way a route can leave the stack.
struct Parent: Reducer {
  struct State: Equatable {
    var routes: RouteStack<Child.State>
    var log: [String] = []
  }

  enum Action: Equatable {
    case router(RouterActionOf<Child>)
    case push(Int)
    case presentSheet(Int)
    case pop
    case dismiss
    case goBackToRoot
    case reset([Route<Child.State>])
    case openReplacing([Route<Child.State>])
    case replaceTop(Int)
    case coordinatorTimer
    case coordinatorTick
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .router(.routeAction(_, .increment)):
        state.log.append("coordinator saw increment")
        return .none
      case .router:
        return .none
      case let .push(count):
        state.routes.push(Child.State(count: count))
        return .none
      case let .presentSheet(count):
        state.routes.presentSheet(Child.State(count: count))
        return .none
      case .pop:
        state.routes.pop()
        return .none
      case .dismiss:
        state.routes.dismiss()
        return .none
      case .goBackToRoot:
        state.routes.goBackToRoot()
        return .none
      case let .reset(routes):
        state.routes.reset(routes)
        return .none
      case let .openReplacing(routes):
        try? state.routes.apply(.open(routes, mode: .replace))
        return .none
      case let .replaceTop(count):
        // A new route takes the index of the one it replaces.
        state.routes.goBack()
        state.routes.presentSheet(Child.State(count: count))
        return .none
      case .coordinatorTimer:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.coordinatorTick)
        }
      case .coordinatorTick:
        state.log.append("tick")
        return .none
      }
    }
    .forEachRoute(\.routes, action: .router) {
      Child(clock: clock)
    }
  }
}

extension ActionPath where Root == Parent.Action, Value == RouterActionOf<Child> {
  static var router: Self {
    Self(embed: Root.router) { if case let .router(action) = $0 { action } else { nil } }
  }
}

/// A plain counter, for store and test-store tests.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case incrementTwiceLater
    case delayedIncrement
    case sendIncrement
    case response(Int)
    case fetch
    case cancelFetch
    case noop
    case neverEnding
    case failing
  }

  enum CancelID: Hashable, Sendable { case fetch, forever }

  struct Failure: Error {}

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .incrementTwiceLater:
      return .merge(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.increment)
        },
        .run { [clock] send in
          try await clock.sleep(for: .seconds(2))
          await send(.increment)
        }
      )
    case .delayedIncrement:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    case .sendIncrement:
      return .send(.increment)
    case let .response(value):
      state.count = value
      return .none
    case .fetch:
      return .run { [clock, count = state.count] send in
        try await clock.sleep(for: .seconds(1))
        await send(.response(count + 100))
      }
      .cancellable(id: CancelID.fetch, cancelInFlight: true)
    case .cancelFetch:
      return .cancel(id: CancelID.fetch)
    case .noop:
      return .none
    case .neverEnding:
      return .run { [clock] _ in
        try await clock.sleep(for: .seconds(1_000))
      }
      .cancellable(id: CancelID.forever)
    case .failing:
      return .run { _ in throw Failure() }
    }
  }
}

/// `Parent`'s navigation with screens that do nothing (`EmptyReducer`): `forEachRoute` then only
/// checks that a routed action's route is still there.
struct InertParent: Reducer {
  var body: some Reducer<Parent.State, Parent.Action> {
    Reduce { state, action in
      switch action {
      case .router(.routeAction(_, .increment)): state.log.append("coordinator saw increment")
      case let .push(count): state.routes.push(Child.State(count: count))
      case .pop: state.routes.pop()
      default: break
      }
      return .none
    }
    .forEachRoute(\.routes, action: .router) { EmptyReducer<Child.State, Child.Action>() }
  }
}
