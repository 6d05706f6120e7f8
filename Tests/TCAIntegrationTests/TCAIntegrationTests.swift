#if TCAStandIn
  import ComposableArchitecture
  import TabFlowCore
  import TabFlowLua
  import TabFlowNavigation
  import TabFlowTCA
  import Testing

  /// TabFlowTCA's reducer runs in a TCA-shaped store (TCAStandIn): Lua rules decide navigation, a
  /// route action reaches the screen's reducer, a route removed by a rule has its effect cancelled,
  /// and what the coordinator tells the app comes out as delegate actions — with no action sent
  /// from inside a reducer.
  @MainActor
  @Suite("TCA integration (TabFlowTCA on the stand-in)")
  struct TCAIntegrationTests {
    static let script = """
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { "itemTapped" } }
      screen "item" { state = { id = 0 }, actions = { "load", "loaded", "close" } }
      screen "account" {}
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
      on("item.close", function(nav) nav:pop() end)
      """

    static func makeFeature() throws -> (AppFeature, AppFeature.State) {
      let rules = try ScriptedRules<Screen, DynamicAction>(source: script)
      return (AppFeature(coordinator: TabCoordinator(script: rules)), AppFeature.State(navigation: try rules.initialState()))
    }

    func makeStore() throws -> StoreOf<AppFeature> {
      let (feature, state) = try Self.makeFeature()
      return Store(initialState: state) { feature }
    }

    /// The selected tab's top route.
    static func top(_ state: AppFeature.State) throws -> RouteID {
      try #require(state.navigation.stack(for: state.navigation.selectedTab)?.ids.last)
    }

    /// A screen action of the selected tab's top route.
    static func tap(_ action: String, _ payload: FlowValue = .emptyObject, on state: AppFeature.State) throws
      -> AppFeature.Action
    {
      .navigation(.router(.routeAction(id: try top(state), action: DynamicAction(action, payload: payload))))
    }

    @Test func aRouteActionReachesTheScreenAndARemovedRouteHasItsEffectCancelled() async throws {
      let store = try makeStore()
      store.send(try Self.tap("itemTapped", ["id": .int(7)], on: store.state))
      let item = try Self.top(store.state)
      #expect(store.state.navigation.stack(for: "home")?.top.screen.name == "item")

      let load = store.send(try Self.tap("load", on: store.state))
      #expect(store.state.navigation.stack(for: "home")?.top.screen.state["loading"] == .bool(true))
      #expect(store.runningEffects(id: item) == 1)

      // The rule pops the item: the coordinator's step names its route; TabFlowTCA cancels it.
      store.send(try Self.tap("close", on: store.state))
      #expect(store.state.navigation.stack(for: "home")?.top.screen.name == "feed")
      #expect(store.runningEffects(id: item) == 0)
      #expect(load.isCancelled)
      load.cancel()  // were it not cancelled, the test would fail rather than wait forever
      await load.finish()
      // The cancelled download sent nothing, and no action was sent from inside a reducer.
      #expect(store.state.navigation.stack(for: "home")?.top.screen.name == "feed")
      #expect(store.reentrantSends == 0)
    }

    @Test func anEffectOfARouteThatStaysIsNotCancelled() async throws {
      let store = try makeStore()
      store.send(try Self.tap("itemTapped", ["id": .int(1)], on: store.state))
      let item = try Self.top(store.state)
      let load = store.send(try Self.tap("load", on: store.state))
      // A tab switch removes no route: the item's download runs on.
      store.send(.navigation(.tabTapped("profile")))
      #expect(store.runningEffects(id: item) == 1)
      #expect(!load.isCancelled)
      load.cancel()
      await load.finish()
    }

    @Test func whatTheCoordinatorTellsTheAppComesOutAsDelegateActions() throws {
      let store = try makeStore()
      store.send(.navigation(.tabTapped("profile")))
      #expect(store.state.navigation.selectedTab == "profile")
      // A back at a root fails: the navigation is unchanged and the failure is a delegate action
      // the app's own reducer received.
      let before = store.state.navigation
      let told = store.state.told.count
      store.send(.navigation(.back))
      #expect(store.state.navigation == before)
      #expect(store.state.told.count == told + 1)
      #expect(store.state.told.last?.failure != nil)
      #expect(store.reentrantSends == 0)
    }

    @Test func aTestStoreChecksEachChangeAndEachDelegate() async throws {
      let (feature, state) = try Self.makeFeature()
      let store = TestStore(initialState: state) { feature }
      // A back at a root changes nothing, then the failure comes back as a delegate action.
      await store.send(.navigation(.back))
      await store.receive({ if case .navigation(.delegate(.failed)) = $0 { true } else { false } }) {
        $0.told.append(try #require(store.state.told.last))
      }
      #expect(store.failures.isEmpty, "\(store.failures)")
      #expect(store.state.told.count == 1)
      // Exhaustive: a change left unasserted is a failure.
      await store.send(try Self.tap("itemTapped", ["id": .int(2)], on: store.state))
      #expect(store.failures.count == 1)
    }

    @Test func aNonExhaustiveTestStoreChecksOnlyWhatIsAsserted() async throws {
      let (feature, state) = try Self.makeFeature()
      let store = TestStore(initialState: state) { feature }
      store.exhaustivity = .off(showSkippedAssertions: false)
      await store.send(try Self.tap("itemTapped", ["id": .int(3)], on: store.state))
      let item = try Self.top(store.state)
      let load = await store.send(try Self.tap("load", on: store.state)) {
        _ = $0.navigation.updateScreen(id: item) { $0.state["loading"] = .bool(true) }
      }
      await store.send(.navigation(.tabTapped("profile"))) { $0.told = [] }
      #expect(store.state.navigation.selectedTab == "profile")
      #expect(store.failures.isEmpty, "\(store.failures)")
      await load.cancel()
      await load.finish()
    }
  }
#endif
