import CoreTestSupport
import Foundation
@testable import TabFlowCore
@testable import TabFlowNavigation
import Testing

extension TabsTests {
  /// The app layer: sheets and covers presented over the whole tab bar, each with its pushes
  /// (React Navigation's root stack around its tab navigator, go_router's routes outside the
  /// shell), addressed by `NavigationCommand.app(_:)`.
  @Suite("The app layer above the tabs")
  struct AppLayerTests {
    typealias State = TabCoordinatorState<TabTestScreen>

    /// The app layer's routes written as `cover:login > item`.
    static func path(_ state: State) -> String { state.appLayer.pathDescription() }

    @Test func itIsEmptyUntilSomethingIsPresentedOverTheTabBar() throws {
      var state = try TabFixtures.coordinator()
      #expect(state.appLayer.isEmpty)
      #expect(!state.isAppLayerPresented)
      #expect(state.visibleTop == .root(.feed, withNavigation: true))
      try state.apply([.app(.presentCover(.login(reason: "start"), withNavigation: true)), .app(.push(.item(id: 1)))])
      #expect(Self.path(state) == "cover:login > item")
      #expect(state.isAppLayerPresented)
      // What the user sees is the app layer's top; every tab is as it was, `top` the selected tab's.
      #expect(state.visibleTop == .push(.item(id: 1)))
      #expect(state.top == .root(.feed, withNavigation: true))
      #expect(state.tabs.allSatisfy { $0.stack.count == 1 })
      #expect(state.appLayerIDs.count == 2)
    }

    @Test func invalidAppLayerCommandsFailAsForATabAndChangeNothing() throws {
      var state = try TabFixtures.deepCoordinator()
      let before = state
      let ids = state.tabs.map(\.stack.ids)
      let invalid: [(NavigationCommand<TabTestScreen>, String)] = [
        (.push(.orders), "nothing is presented over the tab bar"),
        (.dismiss(count: 1), "cannot dismiss 1: nothing is presented"),
        (.goBack(count: 1), "nothing is presented over the tab bar"),
        (.pop(count: 1), "nothing is presented over the tab bar"),
        (.goBackTo(.init("feed") { $0 == .feed }), "no route matches in the empty app layer"),
        (.setTopScreen(.orders), "nothing is presented over the tab bar"),
        (.reset([.push(.orders)]), "is not presented"),
        (.reset([.root(.orders)]), "is not presented"),
        (.open([.push(.orders)], mode: .append), "is not presented"),
        (.open([], mode: .replace), "no routes given"),
        (.app(.push(.orders)), "nothing is presented over the tab bar"),
      ]
      for (command, message) in invalid {
        #expect {
          try state.apply([.tab("search", .push(.orders)), .app(command)])
        } throws: { error in
          "\(error)".contains(message)
        }
        #expect(state == before, "\(command)")
        #expect(state.tabs.map(\.stack.ids) == ids)
      }
      // The no-ops of an empty app layer change nothing either, and succeed.
      for command in [NavigationCommand<TabTestScreen>.dismissAll, .goBackToRoot, .popToRoot, .popToCurrentNavigationRoot, .reset([])] {
        try state.apply([.app(command)])
        #expect(state == before)
      }
    }

    @Test func commandsOnAPresentedAppLayerKeepTheOneValidation() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.app(.presentSheet(.login(reason: "x"))), .app(.presentCover(.checkout(total: 1), withNavigation: true)), .app(.push(.orders))])
      #expect(Self.path(state) == "sheet:login > cover:checkout > orders")
      let before = state
      let invalid: [(NavigationCommand<TabTestScreen>, String)] = [
        (.goBack(count: 4), "it holds 3 routes (at most 3)"),
        (.goBack(count: 0), "the count must be at least 1"),
        (.pop(count: 2), "is presented, and pop removes pushes only"),
        (.dismiss(count: 3), "only 2 layers are presented"),
        (.popToRoot, "is presented"),
        (.goBackTo(.init("feed") { $0 == .feed }), "no route matches in the app layer 'sheet:login > cover:checkout > orders'"),
        (.open([.push(.item(id: 1))], mode: .keepRoot), "is not presented"),
      ]
      for (command, message) in invalid {
        #expect {
          try state.apply([.app(command)])
        } throws: { error in
          "\(error)".contains(message)
        }
        #expect(state == before, "\(command)")
        #expect(state.appLayerIDs == before.appLayerIDs)
      }
      // The login sheet has no navigation: a push onto it is refused like a tab's.
      var sheet = try TabFixtures.coordinator()
      try sheet.apply([.app(.presentSheet(.login(reason: "x")))])
      #expect {
        try sheet.apply([.app(.push(.orders))])
      } throws: { error in
        "\(error)".contains("cannot push 'orders': the top layer 'login' (sheet) has no navigation")
      }
      var copy = state
      try copy.apply([.app(.dismiss(count: 1))])
      #expect(Self.path(copy) == "sheet:login")
      copy = state
      try copy.apply([.app(.goBack(count: 3))])
      #expect(copy.appLayer.isEmpty)
      copy = state
      try copy.apply([.app(.goBackTo(.init("login") { if case .login = $0 { true } else { false } }))])
      #expect(Self.path(copy) == "sheet:login")
      copy = state
      try copy.apply([.app(.open([.push(.item(id: 2))], mode: .append))])
      #expect(Self.path(copy) == "sheet:login > cover:checkout > orders > item")
      copy = state
      try copy.apply([.app(.reset([.cover(.orders)]))])
      #expect(Self.path(copy) == "cover:orders")
      copy = state
      let topID = copy.appLayerIDs.last
      try copy.apply([.app(.setTopScreen(.item(id: 9)))])
      #expect(copy.appLayerIDs.last == topID)
      #expect(copy.visibleTop == .push(.item(id: 9)))
    }

    @Test func backRemovesTheAppLayersRoutesBeforeAnyTabsAndTheTabBarIsUnderIt() throws {
      var state = try TabFixtures.deepCoordinator()
      let home = state.selectedStack
      try state.apply([.app(.presentCover(.login(reason: "x"), withNavigation: true)), .app(.push(.orders))])
      #expect {
        try state.tapTab("search")
      } throws: { error in
        "\(error)".contains("cannot tap tab 'search' above the tabs: 'login' (cover) is presented over the tab bar")
      }
      try state.userBack()
      #expect(Self.path(state) == "cover:login")
      #expect(state.selectedStack == home)
      try state.userBack()
      #expect(state.appLayer.isEmpty)
      #expect(state.selectedStack == home)
      try state.userBack()
      #expect(state.selectedStack.count == home.count - 1)
      try state.tapTab("search")
      #expect(state.selectedTab == "search")
    }

    @Test func aRuleMaySelectATabUnderTheAppLayerAndResetTabsLeavesItAlone() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.apply([.app(.presentSheet(.login(reason: "x"))), .selectTab("profile"), .app(.selectTab("search"))])
      #expect(state.selectedTab == "search")
      try state.apply([.resetTabs(select: "home")])
      #expect(Self.path(state) == "sheet:login")
      #expect(state.tabs.allSatisfy { $0.stack.count == 1 })
    }

    @Test func guardsSeeTheAppLayerAndTopStaysTheTabs() throws {
      var state = try TabFixtures.coordinator()
      var seen: [String] = []
      let watch = NavigationGuard<TabTestScreen>("watch") { change in
        seen.append("\(change.after.appLayer.pathDescription())|\(screenName(of: change.after.visibleTop.screen))")
        if case .orders = change.after.visibleTop.screen { return .reject("no orders over the tabs") }
        return .allow
      }
      // A guard keeping a tab's screen behind a condition still sees it under a cover (`top`).
      let checkout = NavigationGuard<TabTestScreen>("checkout") { change in
        if case .checkout = change.after.top.screen { return .reject("login required") }
        return .allow
      }
      var covered = try TabFixtures.coordinator()
      try covered.apply([.app(.presentCover(.orders))])
      #expect(throws: BatchFailure.self) { try covered.apply([.tab("home", .push(.checkout(total: 1)))], guards: [checkout]) }
      try state.apply([.app(.presentCover(.login(reason: "x"), withNavigation: true))], guards: [watch])
      #expect(throws: BatchFailure.self) {
        try state.apply([.app(.push(.orders))], guards: [watch])
      }
      #expect(Self.path(state) == "cover:login")
      #expect(seen == ["cover:login|login", "cover:login > orders|orders"])
    }

    @Test func removedAppLayerRoutesAreReportedLikeATabs() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.app(.presentCover(.login(reason: "x"), withNavigation: true)), .app(.push(.orders))])
      let snapshot = state.routeSnapshot
      let ids = state.appLayerIDs
      try state.apply([.app(.dismissAll), .push(.item(id: 1))])
      #expect(state.routeIDsRemoved(since: snapshot) == ids)
      #expect(!ids.contains { state.contains(routeID: $0) })
      // A route of the app layer is found, with its screen, as in no tab.
      try state.apply([.app(.presentSheet(.orders))])
      let id = try #require(state.appLayerIDs.first)
      let context = try #require(state.routeContext(for: id))
      #expect(context.isInAppLayer)
      #expect(context.tab == state.selectedTab)
      #expect(state.updateScreen(id: id) { $0 = .account } != nil)
      #expect(state.appLayer == [.sheet(.account)])
    }

    @Test func visibleRouteSignalsFollowWhatIsPresentedOverTheTabBar() throws {
      var state = try TabFixtures.deepCoordinator()
      var before = state
      try state.apply([.app(.presentCover(.login(reason: "x"), withNavigation: true))])
      var signal = try #require(state.visibleRouteSignal(since: before))
      #expect(signal.change == .present)
      #expect(signal.route.routeID == state.appLayerIDs.last)
      #expect(signal.route.screen == "login")
      before = state
      try state.apply([.app(.push(.orders))])
      #expect(state.visibleRouteSignal(since: before)?.change == .push)
      // A change under the app layer shows nothing new: no signal.
      before = state
      try state.apply([.selectTab("search"), .tab("search", .push(.orders))])
      #expect(state.visibleRouteSignal(since: before) == nil)
      before = state
      try state.apply([.app(.dismissAll)])
      signal = try #require(state.visibleRouteSignal(since: before))
      #expect(signal.change == .dismiss)
      #expect(signal.route.screen == "orders")
    }

    @Test func itPersistsAndAnOlderDocumentRestoresItEmpty() throws {
      var state = try TabFixtures.deepCoordinator()
      try state.apply([.app(.presentSheet(.login(reason: "x"), withNavigation: true, configuration: .half)), .app(.push(.orders))])
      let data = try NavigationDocument.encode(state)
      let restored = try NavigationDocument.decode(data, as: TabTestScreen.self)
      #expect(restored == state)
      #expect(Self.path(restored) == "sheet:login > orders")
      // Fresh IDs, never colliding with a tab's.
      let tabIDs = Set(restored.tabs.flatMap(\.stack.ids))
      #expect(restored.appLayerIDs.allSatisfy { !tabIDs.contains($0) })

      var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      object.removeValue(forKey: "app")
      let older = try NavigationDocument.decode(try JSONSerialization.data(withJSONObject: object), as: TabTestScreen.self)
      #expect(older.appLayer.isEmpty)
      let empty = try NavigationDocument.encode(try TabFixtures.coordinator())
      #expect(!String(decoding: empty, as: UTF8.self).contains("\"app\""))
    }

    @Test(arguments: [
      (#"[{"style":"push","screen":{"orders":{}}}]"#, "app: cannot restore the app layer"),
      (#"[{"style":"root","screen":{"orders":{}},"withNavigation":true}]"#, "app: cannot restore the app layer"),
      (#"{"style":"sheet"}"#, "app"),
      (#"[{"style":"sheet","screen":{"nope":{}}}]"#, "app[0]"),
    ])
    func aCorruptAppLayerIsATypedErrorSayingWhere(app: String, message: String) throws {
      let data = try NavigationDocument.encode(try TabFixtures.coordinator())
      var text = String(decoding: data, as: UTF8.self)
      text.removeLast()
      text += ",\"app\":\(app)}"
      #expect {
        _ = try NavigationDocument.decode(Data(text.utf8), as: TabTestScreen.self)
      } throws: { error in
        guard let error = error as? PersistenceError, case let .corrupt(reason) = error else { return false }
        return reason.contains(message)
      }
    }

    @Test func aReloadMigrationKeepsTheAppLayerAndItsIDs() throws {
      var state = try TabFixtures.coordinator()
      try state.apply([.app(.presentCover(.login(reason: "x"), withNavigation: true)), .app(.push(.item(id: 1)))])
      let ids = state.appLayerIDs
      let migrated = try state.migrated(
        toTabs: [TabDefinition("home", root: .feed), TabDefinition("search", root: .search(query: ""))],
        backBehavior: .none
      ) { screen in
        if case let .item(id) = screen { return .item(id: id + 1) }
        return screen
      }
      #expect(migrated.appLayerIDs == ids)
      #expect(Self.path(migrated) == "cover:login > item")
      #expect(migrated.visibleTop == .push(.item(id: 2)))
      // Rolling back to rules without `item` cuts the app layer before it.
      let trimmed = try #require(state.trimmed(toTabs: ["home"]) { if case .item = $0 { false } else { true } })
      #expect(Self.path(trimmed) == "cover:login")
    }
  }
}
