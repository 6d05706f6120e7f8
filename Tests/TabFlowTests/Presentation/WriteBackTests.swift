import Clocks
import CoreTestSupport
import NavigationTestSupport
import PresentationTestSupport
import RuntimeTestSupport
import TabFlow
import Testing

extension PresentationTests {
  /// What a UI reports — a path set shorter, a layer dismissed — becomes the routes the user now
  /// sees, as `updateRoutes`; invalid reports are typed errors and change nothing.
  @Suite("UI write-back")
  struct WriteBackTests {
    typealias Action = RouterAction<TestScreen, Never>

    /// `feed > item(1) > item(2) | sheet:login(nav) > checkout | cover:settings(nav) > orders`
    func deepStack() throws -> RouteStack<TestScreen> {
      try stack([
        .root(.feed), .push(.item(id: 1)), .push(.item(id: 2)),
        .sheet(.login, withNavigation: true), .push(.checkout),
        .cover(.settings, withNavigation: true), .push(.orders),
      ])
    }

    @Test func aShorterPathInTheTopLayerPopsThePushesAfterIt() throws {
      let stack = try deepStack()
      let top = try #require(stack.layers.last)
      let routes = try stack.routes(after: .setPath(layer: top.id, path: []))
      #expect(routes == Array(stack.routes.prefix(6)))
      let action: Action? = try stack.routerAction(for: .setPath(layer: top.id, path: []))
      #expect(action == .updateRoutes(Array(stack.routes.prefix(6))))
    }

    @Test func aShorterPathInALowerLayerAlsoRemovesTheLayersAboveIt() throws {
      let stack = try deepStack()
      let root = stack.layers[0]
      #expect(try stack.routes(after: .setPath(layer: root.id, path: [root.path[0]])) == Array(stack.routes.prefix(2)))
      #expect(try stack.routes(after: .setPath(layer: root.id, path: [])) == [.root(.feed)])
    }

    @Test func dismissingTheTopLayerRemovesItWithItsPushes() throws {
      let stack = try deepStack()
      let cover = stack.layers[2]
      #expect(try stack.routes(after: .dismiss(layer: cover.id)) == Array(stack.routes.prefix(5)))
    }

    @Test func dismissingAMiddleLayerRemovesItAndEverythingAbove() throws {
      let stack = try deepStack()
      let sheet = stack.layers[1]
      #expect(try stack.routes(after: .dismiss(layer: sheet.id)) == Array(stack.routes.prefix(3)))
    }

    @Test func aPathSetToTheValueItHasChangesNothing() throws {
      let stack = try deepStack()
      for layer in stack.layers {
        let action: Action? = try stack.routerAction(for: .setPath(layer: layer.id, path: layer.path))
        #expect(action == nil)
        #expect(try stack.routes(after: .setPath(layer: layer.id, path: layer.path)) == stack.routes)
      }
    }

    @Test func invalidReportsAreTypedErrors() throws {
      let stack = try deepStack()
      let ids = stack.ids
      let other = try Self.stackOfOne()
      let cases: [(LayerChange, PresentationError)] = [
        (.dismiss(layer: ids[0]), .cannotDismissRoot(ids[0])),
        (.dismiss(layer: ids[1]), .unknownLayer(ids[1], layers: [ids[0], ids[3], ids[5]])),
        (.dismiss(layer: other), .unknownLayer(other, layers: [ids[0], ids[3], ids[5]])),
        (.setPath(layer: other, path: []), .unknownLayer(other, layers: [ids[0], ids[3], ids[5]])),
        // IDs of another layer, reordered, unknown, or a longer path: a UI cannot add routes.
        (.setPath(layer: ids[0], path: [ids[4]]), .pathNotInLayer(layer: ids[0], path: [ids[4]], current: [ids[1], ids[2]])),
        (.setPath(layer: ids[0], path: [ids[2]]), .pathNotInLayer(layer: ids[0], path: [ids[2]], current: [ids[1], ids[2]])),
        (.setPath(layer: ids[0], path: [ids[2], ids[1]]),
         .pathNotInLayer(layer: ids[0], path: [ids[2], ids[1]], current: [ids[1], ids[2]])),
        (.setPath(layer: ids[5], path: [ids[6], other]),
         .pathNotInLayer(layer: ids[5], path: [ids[6], other], current: [ids[6]])),
      ]
      for (change, expected) in cases {
        #expect(throws: expected, "\(change)") { try stack.routes(after: change) }
        #expect(throws: expected, "\(change)") { let _: Action? = try stack.routerAction(for: change) }
        #expect(throws: expected, "\(change)") { try StackPresentation(stack).applying(change) }
      }
    }

    static func stackOfOne() throws -> RouteID {
      try PresentationTests.stack([TestRoute.root(.feed)]).ids[0]
    }

    @Test func errorsSayWhatWasRefused() throws {
      let stack = try deepStack()
      let ids = stack.ids
      #expect(PresentationError.cannotDismissRoot(ids[0]).description == "cannot dismiss the root layer \(ids[0])")
      #expect(
        PresentationError.pathNotInLayer(layer: ids[0], path: [ids[4]], current: [ids[1]]).description
          == "the path [\(ids[4])] is not the start of layer \(ids[0])'s path [\(ids[1])]; "
          + "a UI can only shorten a path — push through the coordinator")
      #expect(
        PresentationError.tabNotSelected("profile", selected: "home").description
          == "the tab 'profile' is not on screen (the selected tab is 'home')")
      #expect(
        PresentationError.unknownTab("nowhere", known: ["home", "profile"]).description
          == "unknown tab 'nowhere' (the tabs are 'home', 'profile')")
      #expect(
        PresentationError.unknownLayer(ids[1], layers: [ids[0]]).description
          == "no layer starts with route \(ids[1]); the layers start with [\(ids[0])]")
      #expect(LayerChange.setPath(layer: ids[0], path: [ids[1]]).description == "setPath \(ids[0]) [\(ids[1])]")
      #expect(LayerChange.dismiss(layer: ids[3]).description == "dismiss \(ids[3])")
    }

    @Test func aPresentationAppliesTheChangeKeepingItsIDs() throws {
      let stack = try deepStack()
      let presentation = StackPresentation(stack)
      let shown = try presentation.applying(.dismiss(layer: stack.ids[5]))
      #expect(shown.ids == Array(stack.ids.prefix(5)))
      #expect(shown.routes == Array(stack.routes.prefix(5)))
      #expect(shown.layers == Array(stack.layers.prefix(2)))
      #expect(try presentation.applying(.setPath(layer: stack.ids[5], path: [stack.ids[6]])) == presentation)
    }

    // MARK: - Through the coordinator

    typealias App = TabCoordinatorTests.App
    typealias Screen = TabCoordinatorTests.Screen
    typealias ScreenAction = TabCoordinatorTests.ScreenAction

    @Test func theCoordinatorTakesTheSelectedTabsChangeAsUpdateRoutes() throws {
      let state = try App.state(home: [.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true)])
      let home = try #require(state.stack(for: "home"))
      let action: TabCoordinatorAction<Screen, ScreenAction>? =
        try state.action(for: .dismiss(layer: home.ids[2]), in: "home")
      #expect(action == .router(.updateRoutes([.root(.feed), .push(.item(id: 1))])))
      let none: TabCoordinatorAction<Screen, ScreenAction>? =
        try state.action(for: .setPath(layer: home.ids[0], path: [home.ids[1]]), in: "home")
      #expect(none == nil)
    }

    @Test func anotherTabThanTheSelectedOneIsRefused() throws {
      let state = try App.state(profile: [.root(.account), .push(.orders)])
      let profile = try #require(state.stack(for: "profile"))
      #expect(throws: PresentationError.tabNotSelected("profile", selected: "home")) {
        let _: TabCoordinatorAction<Screen, ScreenAction>? =
          try state.action(for: .setPath(layer: profile.ids[0], path: []), in: "profile")
      }
      #expect(throws: PresentationError.unknownTab("cart", known: App.tabIDs)) {
        let _: TabCoordinatorAction<Screen, ScreenAction>? =
          try state.action(for: .setPath(layer: profile.ids[0], path: []), in: "cart")
      }
    }

    /// The write-back goes through `updateRoutes`: the routes that stay keep their IDs, and the
    /// effects of the routes that left are cancelled by `forEachRoute` — the exhaustive test store
    /// fails if one still runs or delivers.
    @MainActor
    @Test func theRoutesThatLeaveHaveTheirEffectsCancelled() async throws {
      let clock = TestClock()
      let store = App.store(
        try App.state(home: [
          .root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true), .push(.item(id: 2)),
          .cover(.checkout),
        ]),
        clock: clock)
      let ids = store.state.routeIDs(ofTab: "home")
      for id in ids[1...] {
        await store.send(.screen(id, .incrementLater))
      }

      // The user drags the sheet down: the sheet, its push and the cover above leave.
      let action: TabCoordinatorTests.Action = try #require(
        try store.state.action(for: .dismiss(layer: ids[2]), in: "home"))
      await store.send(action) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home")
      }
      #expect(store.state.routeIDs(ofTab: "home") == Array(ids.prefix(2)))

      await clock.advance(by: .seconds(1))
      await store.receive(.screen(ids[1], .increment)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1, count: 1))], of: "home")
      }
      await store.finish()
    }

    @MainActor
    @Test func aSwipeBackCancelsThePoppedRoutesEffectsOnly() async throws {
      let clock = TestClock()
      let store = App.store(
        try App.state(home: [.root(.feed), .push(.item(id: 1)), .push(.item(id: 2)), .push(.item(id: 3))]),
        clock: clock)
      let ids = store.state.routeIDs(ofTab: "home")
      for id in ids[1...] {
        await store.send(.screen(id, .incrementLater))
      }
      let root = try #require(store.state.layers(of: "home")?.first)
      let action: TabCoordinatorTests.Action = try #require(
        try store.state.action(for: .setPath(layer: root.id, path: [ids[1]]), in: "home"))
      await store.send(action) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1))], of: "home")
      }
      await clock.advance(by: .seconds(1))
      await store.receive(.screen(ids[1], .increment)) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 1, count: 1))], of: "home")
      }
      await store.finish()
    }
  }
}
