import NavigationTestSupport
import PresentationTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowPresentation
import Testing

extension PresentationTests {
  /// A stack reads as layers: the root layer, then one per presented route, each with its style,
  /// navigation flag, sheet configuration and pushed routes as a path of route IDs.
  @Suite("Layers")
  struct LayerTests {
    typealias Stack = RouteStack<TestScreen>

    @Test func aRootWithoutNavigationIsOneLayerWithAnEmptyPath() throws {
      let stack = try stack([TestRoute.root(.feed, withNavigation: false)])
      #expect(stack.layers == [
        PresentationLayer(start: stack.ids[0], style: .root, withNavigation: false, path: [], startIndex: 0)
      ])
      #expect(stack.layers[0].top == stack.ids[0])
      #expect(stack.layers[0].routeIndices == 0..<1)
      #expect(!stack.layers[0].isPresented)
    }

    @Test func pushesAreTheRootLayersPath() throws {
      let stack = try stack([TestRoute.root(.feed), .push(.item(id: 1)), .push(.item(id: 2))])
      let ids = stack.ids
      #expect(stack.layers == [
        PresentationLayer(start: ids[0], style: .root, withNavigation: true, path: [ids[1], ids[2]], startIndex: 0)
      ])
      #expect(stack.layers[0].top == ids[2])
      #expect(stack.layers[0].routeIndices == 0..<3)
    }

    @Test func aSheetWithoutNavigationIsALayerOfItsOwn() throws {
      let stack = try stack([TestRoute.root(.feed), .push(.item(id: 1)), .sheet(.login, configuration: .half)])
      let ids = stack.ids
      #expect(stack.layers == [
        PresentationLayer(start: ids[0], style: .root, withNavigation: true, path: [ids[1]], startIndex: 0),
        PresentationLayer(
          start: ids[2], style: .sheet, withNavigation: false, sheetConfiguration: .half, path: [], startIndex: 2),
      ])
      #expect(stack.layers[1].isPresented)
      #expect(stack.layers[1].id == ids[2])
    }

    @Test func aSheetWithNavigationHoldsThePushesAboveIt() throws {
      let stack = try stack([
        TestRoute.root(.feed), .sheet(.login, withNavigation: true, configuration: .halfAndFull),
        .push(.checkout), .push(.settings),
      ])
      let ids = stack.ids
      #expect(stack.layers == [
        PresentationLayer(start: ids[0], style: .root, withNavigation: true, path: [], startIndex: 0),
        PresentationLayer(
          start: ids[1], style: .sheet, withNavigation: true, sheetConfiguration: .halfAndFull,
          path: [ids[2], ids[3]], startIndex: 1),
      ])
      #expect(stack.layers[1].routeIndices == 1..<4)
    }

    @Test func aCoverOverASheetIsTheTopLayerAndHasNoSheetConfiguration() throws {
      let stack = try stack([
        TestRoute.root(.feed), .sheet(.login, withNavigation: true), .push(.checkout), .cover(.profile),
      ])
      let ids = stack.ids
      #expect(stack.layers.map(\.style) == [.root, .sheet, .cover])
      #expect(stack.layers[2] == PresentationLayer(start: ids[3], style: .cover, withNavigation: false, startIndex: 3))
      #expect(stack.layers[1].path == [ids[2]])
      #expect(stack.layers[1].sheetConfiguration == .default)
    }

    @Test func pushesInsideEveryPresentedLayer() throws {
      let stack = try stack([
        TestRoute.root(.feed), .push(.item(id: 1)),
        .cover(.login, withNavigation: true), .push(.checkout), .push(.item(id: 2)),
        .sheet(.settings, withNavigation: true), .push(.orders),
        .sheet(.profile),
      ])
      let ids = stack.ids
      #expect(stack.layers.map(\.start) == [ids[0], ids[2], ids[5], ids[7]])
      #expect(stack.layers.map(\.path) == [[ids[1]], [ids[3], ids[4]], [ids[6]], []])
      #expect(stack.layers.map(\.startIndex) == [0, 2, 5, 7])
      #expect(stack.layers.map(\.withNavigation) == [true, true, true, false])
      // Every route is in exactly one layer, in order.
      #expect(stack.layers.flatMap { [$0.start] + $0.path } == ids)
      #expect(stack.layers.flatMap { Array($0.routeIndices) } == Array(stack.indices))
    }

    @Test func layersChangeOnlyWhereTheStackChanged() throws {
      var stack = try stack([TestRoute.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: true)])
      let before = stack.layers
      stack.push(.checkout)
      let after = stack.layers
      #expect(after[0] == before[0])
      #expect(after[1] != before[1])
      #expect(after[1].path == [stack.ids[3]])
    }

    @Test func screenDataIsNotPartOfALayer() throws {
      var stack = try stack([TestRoute.root(.feed), .push(.item(id: 1))])
      let before = stack.layers
      stack.updateScreen(id: stack.ids[1]) { $0 = .item(id: 2) }
      #expect(stack.layers == before)
    }

    @Test func aPresentationOfAStackHasItsLayersAndFindsScreensByID() throws {
      let stack = try stack([TestRoute.root(.feed), .sheet(.login, withNavigation: true), .push(.checkout)])
      let presentation = StackPresentation(stack)
      #expect(presentation.layers == stack.layers)
      #expect(presentation.routes == stack.routes)
      #expect(presentation.ids == stack.ids)
      #expect(presentation[id: stack.ids[2]] == .push(.checkout))
      #expect(presentation.index(of: stack.ids[1]) == 1)
      #expect(presentation.layer(startingWith: stack.ids[1]) == stack.layers[1])
      #expect(presentation.layer(startingWith: stack.ids[2]) == nil)
      #expect(presentation.layer(above: stack.ids[0]) == stack.layers[1])
      #expect(presentation.layer(above: stack.ids[1]) == nil)
      #expect(presentation.topLayer == stack.layers[1])
      #expect(presentation.description == "feed > sheet:login > checkout")
      let other = try PresentationTests.stack([TestRoute.root(.feed)])
      #expect(presentation[id: other.ids[0]] == nil)
    }

    @Test func presentationsWithTheSameRoutesButOtherIDsDiffer() throws {
      let routes: [TestRoute] = [.root(.feed), .push(.item(id: 1))]
      #expect(StackPresentation(try stack(routes)) != StackPresentation(try stack(routes)))
      let one = try stack(routes)
      #expect(StackPresentation(one) == StackPresentation(one))
    }

    @Test func aLayerDescribesItself() throws {
      let stack = try stack([TestRoute.root(.feed), .push(.item(id: 1)), .sheet(.login, configuration: .half)])
      let ids = stack.ids
      #expect(stack.layers[0].description == "root \(ids[0]) [\(ids[1])]")
      #expect(stack.layers[1].description == "sheet \(ids[2]) no navigation (medium) []")
    }

    @Test func theTabsOfACoordinatorHaveLayers() throws {
      var state = try TabCoordinatorState(tabs: [
        TabDefinition("home", root: TestScreen.feed), TabDefinition("profile", root: .profile),
      ])
      try state.apply([.tab("profile", .presentSheet(.login, withNavigation: true))])
      #expect(state.layers(of: "home") == state.stack(for: "home")?.layers)
      #expect(state.layers(of: "profile")?.map(\.style) == [.root, .sheet])
      #expect(state.layers(of: "nowhere") == nil)
      #expect(state.tabBar == TabBar(tabs: ["home", "profile"], selected: "home"))
    }
  }
}
