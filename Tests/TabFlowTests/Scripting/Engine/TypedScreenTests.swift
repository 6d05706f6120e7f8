import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md: a Swift app's typed screens behind the script's names,
  /// through a `ScreenCatalog`: payloads cross as Lua tables and decode with `Codable`.
  @MainActor
  @Suite("Typed screens")
  struct TypedScreenTests {
    // MARK: - The app

    struct ItemState: Codable, Equatable, Sendable {
      var id: Int
      var qty: Int
    }

    enum Screen: Equatable, Sendable {
      case feed
      case item(ItemState)
      case login
    }

    /// Every screen's actions; the names and payloads rules see come from `ScriptableAction`.
    enum ScreenAction: ScriptableAction, Equatable, Sendable {
      case itemTapped(id: Int)
      case incrementTapped
      case buyTapped
      case loggedIn
      case cancelled

      var scriptName: String {
        switch self {
        case .itemTapped: "itemTapped"
        case .incrementTapped: "incrementTapped"
        case .buyTapped: "buyTapped"
        case .loggedIn: "loggedIn"
        case .cancelled: "cancelled"
        }
      }

      var scriptPayload: FlowValue {
        if case let .itemTapped(id) = self { ["id": .int(id)] } else { [:] }
      }
    }

    /// The screens' own logic: the item screen counts its quantity. It knows nothing of navigation.
    struct ScreenFeature: Reducer {
      func reduce(into screen: inout Screen, action: ScreenAction) -> Effect<ScreenAction> {
        if case var .item(state) = screen, action == .incrementTapped {
          state.qty += 1
          screen = .item(state)
        }
        return .none
      }
    }

    static let catalog: ScreenCatalog<Screen> = {
      var catalog = ScreenCatalog<Screen>()
      catalog.register("feed", .feed)
      catalog.register("item", ItemState.self, embed: Screen.item) { if case let .item(state) = $0 { state } else { nil } }
      catalog.register("login", .login)
      return catalog
    }()

    /// Every navigation decision of the app, in Lua.
    static let script = """
      app "Shop"
      tab "home" { root = "feed" }
      screen "feed" { actions = { itemTapped = { id = 1 } } }
      screen "item" { state = { id = 0, qty = 1 }, actions = { "incrementTapped", "buyTapped" } }
      screen "login" { actions = { "loggedIn", "cancelled" } }
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
      on("item.buyTapped", function(nav)
        local item = nav.stack[nav.depth].state
        if not nav.context.loggedIn then
          nav:presentSheet("login", {}, { navigation = true, detents = { "medium" } })
        else
          nav:emit("ordered", { id = item.id, qty = item.qty })
          nav:popToRoot()
        end
      end)
      on("login.loggedIn", function(nav) nav:dismiss() end)
      on("*.cancelled", function(nav) nav:dismiss() end)
      """

    typealias Rules = ScriptedRules<Screen, ScreenAction>
    typealias State = TabCoordinatorState<Screen>
    typealias Action = TabCoordinatorAction<Screen, ScreenAction>

    // MARK: - The example

    @Test func aTypedSwiftAppWhoseNavigationIsDrivenEntirelyByALuaScript() async throws {
      let rules = try Rules(source: Self.script, name: "shop.lua", catalog: Self.catalog)
      let store = try TestStore(initialState: rules.initialState()) {
        TabCoordinator(script: rules)
          .forEachRoute(\.self, action: .router()) { ScreenFeature() }
      }
      #expect(store.state.selectedStack.routes == [.root(.feed)])

      let feed = store.state.selectedStack.ids[0]
      await store.send(.router(.routeAction(id: feed, action: .itemTapped(id: 3)))) {
        try $0.apply([.push(.item(ItemState(id: 3, qty: 1)))])
      }

      // The screen reducer changes the screen; no rule handles the action.
      let item = store.state.selectedStack.ids[1]
      await store.send(.router(.routeAction(id: item, action: .incrementTapped))) {
        _ = $0.updateScreen(id: item) { $0 = .item(ItemState(id: 3, qty: 2)) }
      }

      await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
        try $0.apply([.presentSheet(.login, withNavigation: true, configuration: .half)])
      }
      let login = store.state.selectedStack.ids[2]
      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      await store.send(.router(.routeAction(id: login, action: .loggedIn))) {
        try $0.apply([.dismiss()])
      }

      // The rule reads the typed screen's state, as the screen reducer left it.
      await store.send(.router(.routeAction(id: item, action: .buyTapped))) {
        try $0.apply([.popToRoot])
      }
      await store.receive(.delegate(.report(.event(NavigationEvent("ordered", payload: ["id": 3, "qty": 2])))))
      await store.finish()
    }

    // MARK: - Names and payloads

    @Test func rulesProduceTypedCommands() throws {
      let rules = try Rules(source: Self.script, name: "shop.lua", catalog: Self.catalog)
      let state = try rules.initialState()
      let route = try #require(state.routeContext(for: state.selectedStack.ids[0]))
      let batch = try #require(try rules.batch(for: .itemTapped(id: 5), on: route, in: state))
      #expect(batch.source == .rule("feed.itemTapped"))
      #expect(batch.commands == [.push(.item(ItemState(id: 5, qty: 1)))])
      #expect(rules.describe(.item(ItemState(id: 5, qty: 2))) == DynamicScreen("item", state: ["id": 5, "qty": 2]))
      #expect(try rules.screen(named: "item", payload: ["qty": 4]) == .item(ItemState(id: 0, qty: 4)))
      #expect(rules.handles(action: "itemTapped", on: "feed"))
    }

    /// The script's declared kinds disagree with the Swift type: `id` is a string in Lua, an
    /// `Int` in Swift. The script's own checks pass; the catalog's decoding does not.
    nonisolated static let mismatched = """
      tab "home" { root = "feed" }
      screen "feed" { actions = { "itemTapped" } }
      screen "item" { state = { id = "", qty = 1 } }
      screen "login" {}
      on("feed.itemTapped", function(nav, p) nav:push("item", { id = "seven" }) end)
      """

    @Test func aPayloadThatDoesNotDecodeNamesTheScreenAndTheField() throws {
      let rules = try Rules(source: Self.mismatched, name: "shop.lua", catalog: Self.catalog)
      let state = try rules.initialState()
      let route = try #require(state.routeContext(for: state.selectedStack.ids[0]))
      let error = try #require(throws: ScriptError.self) { try rules.batch(for: .itemTapped(id: 1), on: route, in: state) }
      #expect(error.kind == .payload)
      #expect(error.rule == "feed.itemTapped")
      // Found after the rule returned: located at the rule's declaration.
      #expect(error.message == "shop.lua:5: the payload of screen 'item' does not decode: id: expected Int")
    }

    @Test func aPayloadThatDoesNotDecodeThroughTheCoordinatorChangesNothingAndIsReported() async throws {
      let rules = try Rules(source: Self.mismatched, name: "shop.lua", catalog: Self.catalog)
      let store = try TestStore(initialState: rules.initialState()) {
        TabCoordinator(script: rules)
          .forEachRoute(\.self, action: .router()) { ScreenFeature() }
      }
      let feed = store.state.selectedStack.ids[0]
      await store.send(.router(.routeAction(id: feed, action: .itemTapped(id: 1))))
      await store.receive(.delegate(.failed(BatchFailure(
        source: .screenAction(tab: "home", route: feed),
        reason: .ruleFailed(
          RuleFailure("shop.lua:5: feed.itemTapped: the payload of screen 'item' does not decode: id: expected Int"))))))
      await store.finish()
    }

    @Test func aFieldTheSwiftTypeNeedsButTheScriptLacksIsNamed() throws {
      let rules = try Rules(source: """
        tab "home" { root = "feed" }
        screen "feed" {}
        screen "item" { state = { id = 0 } }
        screen "login" {}
        """, name: "shop.lua", catalog: Self.catalog)
      let error = try #require(throws: ScriptError.self) { try rules.screen(named: "item", payload: ["id": 2]) }
      #expect(error.kind == .payload)
      #expect(error.message == "the payload of screen 'item' does not decode: qty: missing")
    }

    @Test func aFractionForAnIntegerFieldIsNamed() throws {
      let rules = try Rules(source: Self.script, name: "shop.lua", catalog: Self.catalog)
      let error = try #require(throws: ScriptError.self) { try rules.screen(named: "item", payload: ["id": 2.5]) }
      #expect(error.kind == .payload)
      #expect(error.message == "the payload of screen 'item' does not decode: id: expected an integer, found 2.5")
    }

    @Test func aScreenTheCatalogDoesNotHaveIsALoadError() throws {
      let error = try #require(throws: ScriptError.self) {
        try Rules(source: Self.script + "\nscreen \"logn\" {}\nscreen \"cart\" {}", name: "shop.lua", catalog: Self.catalog)
      }
      #expect(error.kind == .declaration)
      #expect(error.message == "shop.lua: screen 'logn' has no entry in the screen catalog — did you mean 'login'?")
    }

    @Test func theInitialStateUsesTheCatalogsScreens() throws {
      let rules = try Rules(source: """
        tab "home" { root = "feed" }
        tab "detail" { root = "item", navigation = false }
        screen "feed" {}
        screen "item" { state = { id = 9, qty = 1 } }
        """, name: "shop.lua", catalog: Self.catalog)
      let state = try rules.initialState()
      #expect(state.stack(for: "home")?.routes == [.root(.feed)])
      #expect(state.stack(for: "detail")?.routes == [.root(.item(ItemState(id: 9, qty: 1)), withNavigation: false)])
    }
  }
}
