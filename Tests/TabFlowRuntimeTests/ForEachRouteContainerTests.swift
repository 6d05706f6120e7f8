import Clocks
import TabFlowNavigation
import TabFlowRuntime
import TestSupport
import Testing

extension RuntimeTests {
  /// `forEachRoute` over containers other than a single `RouteStack` — a tab coordinator's
  /// shape: several stacks behind one `RouteContainer`.
  @MainActor
  @Suite struct ForEachRouteContainerTests {
    @Test func screenActionsReachRoutesInAnyStack() async throws {
      let store = try TestStore(initialState: TwoStackCoordinator.State(stacks: TwoStacks())) {
        TwoStackCoordinator(clock: TestClock())
      }
      let leftTop = store.state.stacks.left.ids[1]
      let rightRoot = store.state.stacks.right.ids[0]

      await store.send(.router(.routeAction(id: leftTop, action: .increment))) {
        $0.stacks.left = try stack(.root(0), .push(2))
      }
      await store.send(.router(.routeAction(id: rightRoot, action: .increment))) {
        $0.stacks.right = try stack(.root(11))
      }
    }

    @Test func effectsAreCancelledWhenTheirRouteLeavesItsStack() async throws {
      let clock = TestClock()
      let store = try TestStore(initialState: TwoStackCoordinator.State(stacks: TwoStacks())) {
        TwoStackCoordinator(clock: clock)
      }
      let leftRoot = store.state.stacks.left.ids[0]
      let leftTop = store.state.stacks.left.ids[1]
      let rightRoot = store.state.stacks.right.ids[0]

      await store.send(.router(.routeAction(id: leftRoot, action: .incrementLaterTapped)))
      await store.send(.router(.routeAction(id: leftTop, action: .incrementLaterTapped)))
      await store.send(.router(.routeAction(id: rightRoot, action: .incrementLaterTapped)))
      await store.send(.popLeft) { $0.stacks.left = try stack(.root(0)) }
      await store.send(.resetRight(20)) { $0.stacks.right = try stack(.root(20)) }

      // Only the left root is still there to receive its increment.
      await clock.advance(by: .seconds(1))
      await store.receive(.router(.routeAction(id: leftRoot, action: .increment))) {
        $0.stacks.left = try stack(.root(1))
      }
      await store.finish()
    }

    @Test func updateRoutesIsLeftToTheCoordinator() async throws {
      let store = try TestStore(initialState: TwoStackCoordinator.State(stacks: TwoStacks())) {
        TwoStackCoordinator(clock: TestClock())
      }
      await store.send(.router(.updateRoutes([.root(Child.State(count: 0))]))) {
        $0.log.append("coordinator saw updateRoutes")
      }
    }

    @Test func aLateActionIsDroppedAndReported() async throws {
      let store = try TestStore(initialState: TwoStackCoordinator.State(stacks: TwoStacks())) {
        TwoStackCoordinator(clock: TestClock())
      }
      let leftTop = store.state.stacks.left.ids[1]
      await store.send(.popLeft) { $0.stacks.left = try stack(.root(0)) }
      await withKnownIssue {
        await store.send(.router(.routeAction(id: leftTop, action: .increment)))
      } matching: { issue in
        issue.says("route \(leftTop)")
      }
    }

    @Test func aSnapshottingContainerCancelsTheSameWay() async throws {
      let clock = TestClock()
      let store = try TestStore(initialState: SnapshottingCoordinator.State(stacks: SnapshottingTwoStacks())) {
        SnapshottingCoordinator(clock: clock)
      }
      let leftTop = store.state.stacks.base.left.ids[1]
      let rightRoot = store.state.stacks.base.right.ids[0]

      await store.send(.router(.routeAction(id: leftTop, action: .incrementLaterTapped)))
      await store.send(.router(.routeAction(id: rightRoot, action: .incrementLaterTapped)))
      await store.send(.popLeft) { $0.stacks.base.left = try stack(.root(0)) }
      await clock.advance(by: .seconds(1))
      await store.receive(.router(.routeAction(id: rightRoot, action: .increment))) {
        $0.stacks.base.right = try stack(.root(11))
      }
      await store.finish()
    }

    @Test func theCheapestMarkIsChosenForEachContainer() {
      func snapshotType(_ reducer: some Reducer) -> Any.Type? {
        (reducer as? any SnapshotTyped).map { type(of: $0).snapshotType }
      }
      let plain = TwoStackCoordinator(clock: TestClock()).body
      let snapshotting = SnapshottingCoordinator(clock: TestClock()).body
      let routeStack = Parent(clock: TestClock()).body
      #expect(snapshotType(plain) == TwoStacks.self)
      #expect(snapshotType(snapshotting) == [RouteStackSnapshot].self)
      #expect(snapshotType(routeStack) == RouteStackSnapshot.self)
    }

    @Test func routeStackSnapshotsReportRemovedRoutes() throws {
      var routes = try stack(.root(0), .push(1), .push(2))
      let ids = routes.ids
      let snapshot = routes.routeSnapshot
      #expect(routes.routeIDsRemoved(since: snapshot).isEmpty)
      routes.updateScreen(id: ids[2]) { $0.count = 9 }
      #expect(routes.routeIDsRemoved(since: snapshot).isEmpty)
      routes.pop()
      routes.push(Child.State(count: 3))
      #expect(routes.routeIDsRemoved(since: snapshot) == [ids[2]])
      routes.reset([.root(Child.State(count: 0))])
      #expect(routes.routeIDsRemoved(since: snapshot) == ids)
    }
  }
}

/// Two stacks behind one container, as a tab coordinator holds them.
struct TwoStacks: RouteContainer, Equatable {
  var left: RouteStack<Child.State>
  var right: RouteStack<Child.State>

  init() throws {
    left = try stack(.root(0), .push(1))
    right = try stack(.root(10))
  }

  func contains(routeID: RouteID) -> Bool {
    left.contains(routeID: routeID) || right.contains(routeID: routeID)
  }

  mutating func updateScreen<Result>(
    id: RouteID, _ body: (inout Child.State) throws -> Result
  ) rethrows -> Result? {
    if left.contains(routeID: id) { return try left.updateScreen(id: id, body) }
    return try right.updateScreen(id: id, body)
  }

  func routeIDsRemoved(since earlier: TwoStacks) -> [RouteID] {
    left.routeIDsRemoved(since: earlier.left) + right.routeIDsRemoved(since: earlier.right)
  }
}

/// `TwoStacks` recording only route IDs between actions.
struct SnapshottingTwoStacks: RouteContainer, Equatable {
  var base: TwoStacks

  init() throws { base = try TwoStacks() }

  func contains(routeID: RouteID) -> Bool { base.contains(routeID: routeID) }

  mutating func updateScreen<Result>(
    id: RouteID, _ body: (inout Child.State) throws -> Result
  ) rethrows -> Result? {
    try base.updateScreen(id: id, body)
  }

  func routeIDsRemoved(since earlier: SnapshottingTwoStacks) -> [RouteID] {
    base.routeIDsRemoved(since: earlier.base)
  }

  func markRemovals() -> [RouteStackSnapshot] { [base.left.routeSnapshot, base.right.routeSnapshot] }

  func routeIDsRemoved(since snapshot: [RouteStackSnapshot]) -> [RouteID] {
    base.left.routeIDsRemoved(since: snapshot[0]) + base.right.routeIDsRemoved(since: snapshot[1])
  }
}

enum TwoStackAction: Equatable {
  case router(RouterActionOf<Child>)
  case popLeft
  case resetRight(Int)
}

extension ActionPath where Root == TwoStackAction, Value == RouterActionOf<Child> {
  static var router: Self {
    Self(embed: Root.router) { if case let .router(action) = $0 { action } else { nil } }
  }
}

/// The coordinator's own logic, shared by the two coordinators below.
func twoStackLogic(
  _ left: inout RouteStack<Child.State>, _ right: inout RouteStack<Child.State>, _ log: inout [String],
  _ action: TwoStackAction
) {
  switch action {
  case .router(.updateRoutes):
    log.append("coordinator saw updateRoutes")
  case .router:
    break
  case .popLeft:
    left.pop()
  case let .resetRight(count):
    right.reset([.root(Child.State(count: count))])
  }
}

struct TwoStackCoordinator: Reducer {
  struct State: Equatable {
    var stacks: TwoStacks
    var log: [String] = []
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, TwoStackAction> {
    Reduce { state, action in
      twoStackLogic(&state.stacks.left, &state.stacks.right, &state.log, action)
      return .none
    }
    .forEachRoute(\.stacks, action: .router) { Child(clock: clock) }
  }
}

struct SnapshottingCoordinator: Reducer {
  struct State: Equatable {
    var stacks: SnapshottingTwoStacks
    var log: [String] = []
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, TwoStackAction> {
    Reduce { state, action in
      twoStackLogic(&state.stacks.base.left, &state.stacks.base.right, &state.log, action)
      return .none
    }
    .forEachRoute(\.stacks, action: .router) { Child(clock: clock) }
  }
}

/// Reveals which snapshot a `forEachRoute` picked.
protocol SnapshotTyped {
  static var snapshotType: Any.Type { get }
}

extension ForEachRouteReducer: SnapshotTyped {
  static var snapshotType: Any.Type { Container.RemovalMark.self }
}
