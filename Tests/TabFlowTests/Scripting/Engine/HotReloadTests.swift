import Foundation
import Testing
import TabFlow

extension ScriptedRulesTests {
  /// docs/LUA-RULES.md (Reloading): a reload loads and checks the new script in a fresh VM and
  /// swaps it in only if that succeeds; otherwise the old rules stay active. Navigation state —
  /// routes and their IDs — survives every reload, and a reload that drops a tab or screen still
  /// in use is refused, saying which.
  @MainActor
  @Suite("Hot reload")
  struct HotReloadTests {
    nonisolated static let screens = """
      tab "home" { root = "feed" }
      tab "profile" { root = "account" }
      screen "feed" { actions = { itemTapped = { id = 1 } } }
      screen "item" { state = { id = 0 }, actions = { "buyTapped" } }
      screen "account" {}
      screen "login" {}
      """

    /// Version 1 pushes the item; it opens nothing else.
    nonisolated static let v1 = screens + """

      on("feed.itemTapped", function(nav, p) nav:push("item", { id = p.id }) end)
      deeplink("shop://item/:id", function(nav, p) nav:push("item", { id = tonumber(p.id) }) end)
      """

    /// Version 2 presents the item as a sheet, links to the login, and guards against item 13.
    nonisolated static let v2 = screens + """

      on("feed.itemTapped", function(nav, p) nav:presentSheet("item", { id = p.id }) end)
      deeplink("shop://login", function(nav) nav:presentCover("login") end)
      guard("thirteen", function(change)
        if change.after.top == "item" and change.after.stack[change.after.depth].state.id == 13 then
          return false, "no item 13"
        end
      end)
      """

    /// A flow on version 1 with `feed > item` in home and `account` in profile.
    static func flowAtItem() throws -> ScriptedFlow {
      let flow = try ScriptedFlow(v1)
      try flow.send("itemTapped", ["id": 3])
      #expect(flow.path == "feed > item")
      return flow
    }

    // MARK: - Success

    @Test func aReloadKeepsEveryRouteAndIDAndTheNewRulesApplyAtOnce() throws {
      let flow = try Self.flowAtItem()
      flow.store.send(.setContext("loggedIn", true))
      let before = flow.state
      let ids = flow.state.tabs.map(\.stack.ids)

      _ = try flow.rules.reload(source: Self.v2, keeping: flow.state)
      #expect(flow.state == before)
      #expect(flow.state.tabs.map(\.stack.ids) == ids)
      #expect(flow.state.context == ["loggedIn": true])
      #expect(flow.rules.declarations.guards == ["thirteen"])

      try flow.send("itemTapped", ["id": 4], from: "feed")
      #expect(flow.path == "feed > item > sheet:item")
      #expect(Array(flow.state.selectedStack.ids.prefix(2)) == ids[0])
    }

    @Test func theNewScriptsDeepLinksAndGuardsApplyAfterAReload() throws {
      let flow = try Self.flowAtItem()
      _ = try flow.rules.reload(source: Self.v2, keeping: flow.state)

      flow.store.send(.openURL("shop://item/5"))
      #expect(flow.failures.map(\.message) == ["no deep link matches 'shop://item/5' (patterns: shop://login)"])
      flow.store.send(.openURL("shop://login"))
      #expect(flow.path == "feed > item > cover:login")

      flow.perform([.dismiss()])
      try flow.send("itemTapped", ["id": 13], from: "feed")
      #expect(flow.path == "feed > item")
      #expect(flow.failures.last?.message == "no item 13")
    }

    /// The links a URL was resolved among before a reload (kept with their resolver) are
    /// forgotten with the old script: the same URLs resolve among the new script's links.
    @Test func urlsResolvedBeforeAReloadResolveAmongTheNewLinks() throws {
      let flow = try Self.flowAtItem()
      flow.store.send(.openURL("shop://item/5"))
      #expect(flow.path == "feed > item > item")
      flow.store.send(.openURL("shop://login"))
      #expect(flow.failures.map(\.message) == ["no deep link matches 'shop://login' (patterns: shop://item/:id)"])
      _ = try flow.rules.reload(source: Self.v2, keeping: flow.state)
      flow.store.send(.openURL("shop://item/5"))
      flow.store.send(.openURL("shop://login"))
      #expect(flow.failures.map(\.message).last == "no deep link matches 'shop://item/5' (patterns: shop://login)")
      #expect(flow.path == "feed > item > item > cover:login")
    }

    @Test func aReloadKeepsTheChunkNameUnlessGivenANewOne() throws {
      let flow = try ScriptedFlow(Self.v1)
      _ = try flow.rules.reload(source: Self.v2, keeping: flow.state)
      #expect(flow.rules.chunk == "shop.lua")
      _ = try flow.rules.reload(source: Self.v1, name: "shop-v3.lua", keeping: flow.state)
      #expect(flow.rules.chunk == "shop-v3.lua")
      let error = try #require(throws: ScriptError.self) { try flow.rules.reload(source: "tab(", keeping: flow.state) }
      #expect(error.message.hasPrefix("shop-v3.lua:1:"))
    }

    @Test func aReloadStartsTheScriptFresh() throws {
      // The reloaded script runs its load-time code again in a fresh VM: its constants are new.
      let flow = try ScriptedFlow(Self.screens + """

        local greeting = "v1"
        on("feed.itemTapped", function(nav) nav:emit("hello", { from = greeting }) end)
        """)
      try flow.send("itemTapped")
      _ = try flow.rules.reload(source: Self.screens + """

        local greeting = "v2"
        on("feed.itemTapped", function(nav) nav:emit("hello", { from = greeting }) end)
        """, keeping: flow.state)
      try flow.send("itemTapped")
      #expect(flow.events.map(\.payload) == [["from": "v1"], ["from": "v2"]])
    }

    @Test func aReloadMayDropAScreenNobodyShows() throws {
      let flow = try Self.flowAtItem()
      _ = try flow.rules.reload(source: Self.v1.replacingOccurrences(of: "screen \"login\" {}\n", with: ""), keeping: flow.state)
      #expect(flow.rules.declarations.screenNames == ["feed", "item", "account"])
    }

    @Test func aTabAddedByAReloadIsNotInTheStateAndARuleReadingItSaysWhich() throws {
      let flow = try Self.flowAtItem()
      _ = try flow.rules.reload(source: Self.screens + """

        tab "cart" { root = "login" }
        on("feed.itemTapped", function(nav, p) if p.read then local top = nav:tab("cart").top end nav:selectTab("cart") end)
        """, keeping: flow.state)
      #expect(flow.rules.declarations.tabIDs == ["home", "profile", "cart"])
      #expect(flow.state.tabIDs == ["home", "profile"])

      let error = try #require(throws: ScriptError.self) { try flow.batch("itemTapped", ["read": true], from: "feed") }
      #expect(error.message.hasPrefix("shop.lua:8: "), "\(error.message)")
      #expect(error.message.hasSuffix("unknown tab 'cart'"), "\(error.message)")
      #expect(error.rule == "feed.itemTapped")

      try flow.send("itemTapped", ["read": false], from: "feed")
      #expect(flow.state.selectedTab == "home")
      #expect(flow.failures.map(\.message) == ["unknown tab 'cart' (tabs: home, profile)"])
    }

    // MARK: - A broken script leaves the old rules active

    nonisolated static let broken: [(name: String, source: String, kind: ScriptError.Kind, message: String)] = [
      ("syntax", screens + "\non(\"feed.itemTapped\", function(nav) nav:push(\"item\" end)", .syntax,
       "shop.lua:7: ')' expected near 'end'"),
      ("runtime", screens + "\nlocal config = nil\nscreen \"cart\" { title = config.title }", .runtime,
       "shop.lua:8: attempt to index a nil value (local 'config')"),
      ("declarations", screens + "\non(\"feed.itemTaped\", function(nav) end)", .declaration,
       "shop.lua:7: rule 'feed.itemTaped': screen 'feed' does not declare the action 'itemTaped' (actions: itemTapped)"
         + " — did you mean 'itemTapped'?"),
      ("budget", screens + "\nwhile true do end", .budgetExceeded,
       "shop.lua:7: script stopped (instruction budget of 100000 exceeded)"),
    ]

    @Test(arguments: broken.indices)
    func aBrokenScriptIsRefusedAndTheOldRulesStayActive(_ index: Int) throws {
      let broken = Self.broken[index]
      let flow = try ScriptedFlow(Self.v1, limits: LuaVM.Limits.counted(instructions: 100_000))
      let declarations = flow.rules.declarations
      let error = try #require(throws: ScriptError.self, "\(broken.name)") {
        _ = try flow.rules.reload(source: broken.source, keeping: flow.state)
      }
      #expect(error.kind == broken.kind, "\(broken.name)")
      #expect(error.message == broken.message, "\(broken.name)")
      #expect(flow.rules.declarations == declarations)

      try flow.send("itemTapped", ["id": 3])
      #expect(flow.path == "feed > item")
      flow.store.send(.openURL("shop://item/4"))
      #expect(flow.path == "feed > item > item")
      #expect(flow.failures.isEmpty)
    }

    // MARK: - What is in use must stay declared

    @Test func aReloadThatDropsATabIsRefusedNamingIt() throws {
      let flow = try Self.flowAtItem()
      let withoutProfile = Self.v1.replacingOccurrences(of: "tab \"profile\" { root = \"account\" }\n", with: "")
      let error = try #require(throws: ScriptError.self) { try flow.rules.reload(source: withoutProfile, keeping: flow.state) }
      #expect(error.kind == .declaration)
      #expect(error.message == "shop.lua: reload rejected: tab 'profile' is in use but the new script does not declare it")
      #expect(flow.rules.declarations.tabIDs == ["home", "profile"])
    }

    @Test func aReloadThatDropsAScreenInUseIsRefusedNamingItAndWhere() throws {
      let flow = try Self.flowAtItem()
      let withoutItem = Self.screens.replacingOccurrences(
        of: #"screen "item" { state = { id = 0 }, actions = { "buyTapped" } }"# + "\n", with: "")
      let error = try #require(throws: ScriptError.self) { try flow.rules.reload(source: withoutItem, keeping: flow.state) }
      #expect(error.kind == .declaration)
      #expect(error.message == """
        shop.lua: reload rejected: screen 'item' is in use (home: feed > item) but the new script does not declare it
        """)

      // The old rules are still the ones that run.
      try flow.send("itemTapped", ["id": 4], from: "feed")
      #expect(flow.path == "feed > item > item")
    }

    @Test func aScreenInUseInAnotherTabCountsToo() throws {
      let flow = try ScriptedFlow(Self.v1)
      flow.perform([.tab("profile", .presentCover(try flow.screen("login")))])
      let withoutLogin = Self.v1.replacingOccurrences(of: "screen \"login\" {}\n", with: "")
      let error = try #require(throws: ScriptError.self) { try flow.rules.reload(source: withoutLogin, keeping: flow.state) }
      #expect(error.message == """
        shop.lua: reload rejected: screen 'login' is in use (profile: account > login) but the new script does not declare it
        """)
    }

    // MARK: - From a file

    @Test func aReloadFromAFileUsesTheFilesNameInErrors() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabflow-reload-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("shop-next.lua")

      let flow = try Self.flowAtItem()
      let ids = flow.state.tabs.map(\.stack.ids)
      try Self.v2.write(to: file, atomically: false, encoding: .utf8)
      _ = try flow.rules.reload(contentsOfFile: file.path, keeping: flow.state)
      #expect(flow.rules.chunk == "shop-next.lua")
      #expect(flow.state.tabs.map(\.stack.ids) == ids)
      try flow.send("itemTapped", ["id": 4], from: "feed")
      #expect(flow.path == "feed > item > sheet:item")

      try (Self.screens + "\nerror(\"not yet\")").write(to: file, atomically: false, encoding: .utf8)
      let error = try #require(throws: ScriptError.self) {
        _ = try flow.rules.reload(contentsOfFile: file.path, keeping: flow.state)
      }
      #expect(error.message == "shop-next.lua:7: not yet")
      #expect(flow.rules.declarations.guards == ["thirteen"])

      let missing = folder.appendingPathComponent("gone.lua").path
      let unreadable = try #require(throws: ScriptError.self) {
        _ = try flow.rules.reload(contentsOfFile: missing, keeping: flow.state)
      }
      #expect(unreadable.message.hasPrefix("cannot read \(missing)"))
      #expect(flow.rules.chunk == "shop-next.lua")
    }

    @Test func aScriptLoadedFromAFileIsNamedAfterIt() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabflow-load-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("from-disk.lua")
      try (Self.v1 + "\non(\"item.buyTapped\", function(nav) local x = nil; x.y = 1 end)").write(
        to: file, atomically: false, encoding: .utf8)

      let rules = try DynamicRules(contentsOfFile: file.path)
      #expect(rules.chunk == "from-disk.lua")
      var state = try rules.initialState()
      try state.apply([.push(try rules.screen(named: "item"))])
      let route = try #require(state.routeContext(for: state.selectedStack.ids[1]))
      let error = try #require(throws: ScriptError.self) {
        try rules.batch(for: DynamicAction("buyTapped"), on: route, in: state)
      }
      #expect(error.message == "from-disk.lua:9: attempt to index a nil value (local 'x')")
    }
  }
}
