import Foundation
import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Routes and stacks as JSON: styles, navigation flags and sheet configurations survive a round
  /// trip; a stack that is not valid does not decode, and the error says why.
  @Suite("Route and RouteStack Codable")
  struct RouteCodableTests {
    @Test(
      "a route survives a JSON round trip",
      arguments: [
        TestRoute.root(.feed),
        .root(.feed, withNavigation: false),
        .push(.item(id: 3)),
        .sheet(.login),
        .sheet(.login, withNavigation: true, configuration: .halfAndFull),
        .sheet(.login, configuration: SheetConfiguration(detents: [.fraction(0.25), .height(240)], showDragIndicator: false)),
        .sheet(.checkout, configuration: SheetConfiguration(detents: [.height(320.5), .medium, .fraction(1)])),
        .cover(.checkout),
        .cover(.checkout, withNavigation: true),
      ]
    )
    func routeRoundTrip(route: TestRoute) throws {
      let decoded = try JSONDecoder().decode(TestRoute.self, from: try JSONEncoder().encode(route))
      #expect(decoded == route)
      #expect(decoded.withNavigation == route.withNavigation)
      #expect(decoded.sheetConfiguration == route.sheetConfiguration)
    }

    @Test("a route is one flat object; a push has no navigation flag; only a sheet has detents")
    func routeJSON() throws {
      #expect(
        try json(TestRoute.sheet(.login, withNavigation: true, configuration: .halfAndFull))
          == #"{"detents":["medium","large"],"screen":{"login":{}},"showDragIndicator":true,"style":"sheet","withNavigation":true}"#)
      #expect(
        try json(
          TestRoute.sheet(
            .login, configuration: SheetConfiguration(detents: [.fraction(0.3), .height(240)], showDragIndicator: false)))
          == #"{"detents":["fraction:0.3","height:240"],"screen":{"login":{}},"showDragIndicator":false,"style":"sheet","withNavigation":false}"#)
      #expect(try json(TestRoute.push(.item(id: 3))) == #"{"screen":{"item":{"id":3}},"style":"push"}"#)
      #expect(try json(TestRoute.root(.feed)) == #"{"screen":{"feed":{}},"style":"root","withNavigation":true}"#)
      #expect(try json(TestRoute.cover(.checkout)) == #"{"screen":{"checkout":{}},"style":"cover","withNavigation":false}"#)
    }

    @Test(
      "missing keys take the defaults: root with navigation, sheet and cover without, full-height sheet with indicator",
      arguments: [
        (#"{"style":"root","screen":{"feed":{}}}"#, TestRoute.root(.feed, withNavigation: true)),
        (#"{"style":"push","screen":{"feed":{}},"withNavigation":true}"#, .push(.feed)),
        (#"{"style":"sheet","screen":{"login":{}}}"#, .sheet(.login, withNavigation: false, configuration: .default)),
        (#"{"style":"sheet","screen":{"login":{}},"detents":["medium"]}"#, .sheet(.login, configuration: .half)),
        (#"{"style":"sheet","screen":{"login":{}},"detents":[]}"#, .sheet(.login, configuration: .default)),
        (#"{"style":"cover","screen":{"login":{}}}"#, .cover(.login, withNavigation: false)),
      ]
    )
    func decodingDefaults(text: String, expected: TestRoute) throws {
      #expect(try JSONDecoder().decode(TestRoute.self, from: Data(text.utf8)) == expected)
    }

    @Test(
      "an unknown detent fails and names it",
      arguments: ["tiny", "fraction:1.5", "height:-3", "Medium"]
    )
    func unknownDetent(detent: String) throws {
      let text = #"{"style":"sheet","screen":{"login":{}},"detents":["medium","\#(detent)"]}"#
      let message = try #require(try decodingFailure(TestRoute.self, from: text))
      #expect(message == "unknown sheet detent '\(detent)' (expected medium, large, fraction:<0…1> or height:<points>)")
    }

    @Test("an unknown style fails and names it")
    func unknownStyle() throws {
      let message = try #require(try decodingFailure(TestRoute.self, from: #"{"style":"modal","screen":{"login":{}}}"#))
      #expect(message.contains("modal"))
    }

    @Test("a sheet configuration survives a round trip; its keys are optional")
    func sheetConfigurationCoding() throws {
      let configuration = SheetConfiguration(detents: [.fraction(0.5), .large], showDragIndicator: false)
      let data = try JSONEncoder().encode(configuration)
      #expect(try JSONDecoder().decode(SheetConfiguration.self, from: data) == configuration)
      #expect(try JSONDecoder().decode(SheetConfiguration.self, from: Data("{}".utf8)) == .default)
      let bothDetents = Data(#"{"detents":["medium","large"]}"#.utf8)
      #expect(try JSONDecoder().decode(SheetConfiguration.self, from: bothDetents) == .halfAndFull)
    }

    @Test("a stack survives a round trip with styles, flags and configurations, and encodes as its routes")
    func stackRoundTrip() throws {
      let routes: [TestRoute] = [
        .root(.feed, withNavigation: false), .sheet(.login, withNavigation: true, configuration: .halfAndFull),
        .push(.item(id: 3)), .cover(.checkout), .sheet(.settings, configuration: SheetConfiguration(detents: [.height(200)])),
      ]
      let stack = try RouteStack(validating: routes)
      let data = try JSONEncoder().encode(stack)
      let decoded = try JSONDecoder().decode(RouteStack<TestScreen>.self, from: data)
      #expect(decoded.routes == routes)
      #expect(decoded.routes.map(\.sheetConfiguration) == routes.map(\.sheetConfiguration))
      #expect(try json(stack) == json(routes))
    }

    @Test("decoding assigns fresh route IDs, different from the encoded stack's and from any earlier decode")
    func decodingAssignsFreshIDs() throws {
      var stack = RouteStack(root: TestScreen.feed)
      stack.push(.item(id: 1))
      stack.presentSheet(.login)
      let data = try JSONEncoder().encode(stack)
      let first = try JSONDecoder().decode(RouteStack<TestScreen>.self, from: data)
      let second = try JSONDecoder().decode(RouteStack<TestScreen>.self, from: data)
      #expect(first == stack && second == stack)
      #expect(first.ids.count == 3 && Set(first.ids).count == 3)
      #expect(Set(first.ids).isDisjoint(with: stack.ids))
      #expect(Set(second.ids).isDisjoint(with: first.ids))
    }

    @Test(
      "routes that are not a valid stack do not decode as one, and the error says why",
      arguments: [
        ([TestRoute](), "cannot create a stack: a stack needs at least its root"),
        ([.push(.item(id: 1))], "cannot create a stack: the first route 'item' (push) is not a root"),
        ([.sheet(.login), .push(.item(id: 1))], "cannot create a stack: the first route 'login' (sheet) is not a root"),
        ([.root(.feed), .sheet(.login), .push(.checkout)],
         "cannot create a stack: cannot push 'checkout': the layer 'login' (sheet) has no navigation"),
        ([.root(.feed, withNavigation: false), .push(.item(id: 1))],
         "cannot create a stack: cannot push 'item': the layer 'feed' (root) has no navigation"),
        ([.root(.feed), .push(.item(id: 1)), .root(.profile)],
         "cannot create a stack: 'profile' is a root, but only the first route can be one"),
      ]
    )
    func invalidStack(routes: [TestRoute], expected: String) throws {
      let text = String(decoding: try JSONEncoder().encode(routes), as: UTF8.self)
      let message = try #require(try decodingFailure(RouteStack<TestScreen>.self, from: text))
      #expect(message == expected)
      // A plain array is only routes: it decodes whatever it is given.
      #expect(try JSONDecoder().decode([TestRoute].self, from: Data(text.utf8)) == routes)
    }

    @Test("a stack that is not a JSON array does not decode")
    func notAnArray() throws {
      #expect(try decodingFailure(RouteStack<TestScreen>.self, from: #"{"style":"root","screen":{"feed":{}}}"#) != nil)
    }
  }
}

/// `value` as JSON with sorted keys.
private func json(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// The debug description of the `DecodingError` decoding `text` throws, or `nil` when it decodes.
/// Any other error fails the test.
private func decodingFailure<T: Decodable>(_ type: T.Type, from text: String) throws -> String? {
  do {
    _ = try JSONDecoder().decode(type, from: Data(text.utf8))
    return nil
  } catch let error as DecodingError {
    switch error {
    case let .dataCorrupted(context), let .typeMismatch(_, context), let .valueNotFound(_, context),
      let .keyNotFound(_, context):
      return context.debugDescription
    @unknown default:
      return String(describing: error)
    }
  }
}
