import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// `.setContext`: host-provided values that rules and guards read; setting one changes no stack.
  @MainActor
  @Suite("Context")
  struct ContextStoreTests {
    @Test func setContextSetsReplacesAndRemovesValuesAndTouchesNoStack() async throws {
      let store = App.store(try App.state(home: [.root(.feed), .push(.item(id: 1))]))
      let idsBefore = store.state.tabs.map(\.stack.ids)

      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.send(.setContext("user", ["name": "Ada", "orders": 3])) {
        $0.context["user"] = ["name": "Ada", "orders": 3]
      }
      await store.send(.setContext("loggedIn", false)) { $0.context["loggedIn"] = false }
      await store.send(.setContext("loggedIn", nil)) { $0.context["loggedIn"] = nil }
      await store.send(.setContext("missing", nil))
      #expect(store.state.context == ["user": ["name": "Ada", "orders": 3]])
      #expect(store.state.tabs.map(\.stack.ids) == idsBefore)
      await store.finish()
    }

    @Test func guardsReadTheContextAsItIsWhenTheBatchRuns() async throws {
      let store = App.store(try App.state(), guards: [App.auth])

      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.send(.perform([.push(.checkout)])) { try $0.setRoutes([.root(.feed), .push(.checkout)], of: "home") }
      await store.send(.back) { try $0.setRoutes([.root(.feed)], of: "home") }

      await store.send(.setContext("loggedIn", nil)) { $0.context["loggedIn"] = nil }
      await store.send(.perform([.push(.checkout)]))
      await store.receive(.delegate(.rejected(RejectedBatch(
        commands: [.tab("home", .push(.checkout))],
        failure: BatchFailure(source: .host, reason: .rejected(guard: "auth", reason: "login required"))))))
      await store.finish()
    }
  }
}
