import Foundation
import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// `Route`: a screen and the way it is shown.
  @Suite("Route")
  struct RouteTests {
    @Test("defaults: a root has navigation; sheets and covers have none; a sheet is full height")
    func defaults() {
      #expect(TestRoute.root(.feed) == .root(.feed, withNavigation: true))
      #expect(TestRoute.sheet(.login) == .sheet(.login, withNavigation: false, configuration: .default))
      #expect(TestRoute.cover(.login) == .cover(.login, withNavigation: false))
    }

    @Test(
      "style, isPresented and withNavigation of each case",
      arguments: [
        (TestRoute.root(.feed), RouteStyle.root, false, true),
        (.root(.feed, withNavigation: false), .root, false, false),
        (.push(.item(id: 1)), .push, false, false),
        (.sheet(.login), .sheet, true, false),
        (.sheet(.login, withNavigation: true, configuration: .half), .sheet, true, true),
        (.cover(.checkout), .cover, true, false),
        (.cover(.checkout, withNavigation: true), .cover, true, true),
      ]
    )
    func members(route: TestRoute, style: RouteStyle, isPresented: Bool, withNavigation: Bool) {
      #expect(route.style == style)
      #expect(route.isPresented == isPresented)
      #expect(route.withNavigation == withNavigation)
      #expect((route.sheetConfiguration != nil) == (style == .sheet))
    }

    @Test(
      "setting the screen keeps the style, the navigation flag and the sheet configuration",
      arguments: [
        (TestRoute.root(.feed, withNavigation: false), TestRoute.root(.profile, withNavigation: false)),
        (.push(.item(id: 1)), .push(.profile)),
        (.sheet(.login, withNavigation: true, configuration: .halfAndFull),
         .sheet(.profile, withNavigation: true, configuration: .halfAndFull)),
        (.cover(.login, withNavigation: true), .cover(.profile, withNavigation: true)),
      ]
    )
    func settingTheScreen(route: TestRoute, expected: TestRoute) {
      var route = route
      #expect(route.screen != .profile)
      route.screen = .profile
      #expect(route == expected)
      #expect(route.screen == .profile)
    }

    @Test("only a sheet has a sheet configuration")
    func sheetConfiguration() {
      let configuration = SheetConfiguration(detents: [.fraction(0.3), .large], showDragIndicator: false)
      #expect(TestRoute.sheet(.login, configuration: configuration).sheetConfiguration == configuration)
      #expect(TestRoute.root(.feed).sheetConfiguration == nil)
      #expect(TestRoute.push(.feed).sheetConfiguration == nil)
      #expect(TestRoute.cover(.feed, withNavigation: true).sheetConfiguration == nil)
    }

    @Test("map transforms the screen and keeps everything else")
    func map() {
      let routes: [Route<Int>] = [
        .root(1, withNavigation: false), .push(2), .sheet(3, withNavigation: true, configuration: .half), .cover(4),
      ]
      let mapped = routes.map { $0.map(String.init) }
      #expect(
        mapped == [
          .root("1", withNavigation: false), .push("2"), .sheet("3", withNavigation: true, configuration: .half), .cover("4"),
        ])
    }

    @Test("routes are equal only with the same style, screen, navigation flag and configuration")
    func equality() {
      #expect(TestRoute.push(.login) != .sheet(.login))
      #expect(TestRoute.sheet(.login) != .sheet(.checkout))
      #expect(TestRoute.sheet(.login) != .sheet(.login, withNavigation: true))
      #expect(TestRoute.sheet(.login) != .sheet(.login, configuration: .half))
      #expect(TestRoute.cover(.login) != .cover(.login, withNavigation: true))
      #expect(TestRoute.root(.feed) != .root(.feed, withNavigation: false))
      let sheets: Set<TestRoute> = [
        .sheet(.login), .sheet(.login, configuration: .default), .sheet(.login, configuration: .half),
      ]
      #expect(sheets.count == 2)
    }

    @Test("RouteStyle: written names, and which styles open a presentation layer")
    func routeStyle() {
      #expect(RouteStyle.allCases.map(\.description) == ["root", "push", "sheet", "cover"])
      #expect(RouteStyle.allCases.filter(\.isPresented) == [.sheet, .cover])
    }

    @Test("routes are written root first, presented routes with their style")
    func pathDescription() {
      #expect(OperationCase.deep.pathDescription() == "feed > item > sheet:login > item > cover:checkout > settings")
    }

    @Test("the model never requires Hashable screens: stacks, value matches and Codable work with Equatable ones")
    func equatableOnlyScreens() throws {
      var stack = RouteStack(root: Note(text: "inbox"))
      let pushed = stack.push(Note(text: "draft"))
      let presented = stack.presentSheet(Note(text: "share"), withNavigation: true)
      try stack.apply(.push(Note(text: "contacts")))
      let wentBack = stack.goBackTo(Note(text: "draft"))
      #expect(pushed && presented && wentBack)
      #expect(stack.routes == [.root(Note(text: "inbox")), .push(Note(text: "draft"))])

      let data = try JSONEncoder().encode(stack)
      let decoded = try JSONDecoder().decode(RouteStack<Note>.self, from: data)
      #expect(decoded == stack)
    }
  }
}

/// A screen that is `Equatable` and `Codable` but not `Hashable`. Messages name it after its type.
private struct Note: Equatable, Codable, Sendable {
  var text: String
}
