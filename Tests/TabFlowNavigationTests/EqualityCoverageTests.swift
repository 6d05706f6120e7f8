import NavigationTestSupport
@testable import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Every hand-written `==` of the navigation layer compares every stored property (or says
  /// why one is left out), so a property added later fails here until `==` takes it in.
  @Suite("Equality coverage")
  struct EqualityCoverageTests {
    @Test("Route's == compares every payload value of every case")
    func route() {
      let configuration = SheetConfiguration(detents: [.medium, .large])
      // One entry per case, found by an exhaustive switch: a new case fails to compile here.
      func coverage(_ route: TestRoute) -> CaseCoverage<TestRoute> {
        switch route {
        case let .root(screen, withNavigation):
          return CaseCoverage(value: route, payload: [
            (".0", .root(.orders, withNavigation: withNavigation)),
            ("withNavigation", .root(screen, withNavigation: !withNavigation)),
          ])
        case .push:
          return CaseCoverage(value: route, payload: [(".0", .push(.orders))])
        case let .sheet(screen, withNavigation, configuration):
          return CaseCoverage(value: route, payload: [
            (".0", .sheet(.orders, withNavigation: withNavigation, configuration: configuration)),
            ("withNavigation", .sheet(screen, withNavigation: !withNavigation, configuration: configuration)),
            ("configuration", .sheet(screen, withNavigation: withNavigation, configuration: .default)),
          ])
        case let .cover(screen, withNavigation):
          return CaseCoverage(value: route, payload: [
            (".0", .cover(.orders, withNavigation: withNavigation)),
            ("withNavigation", .cover(screen, withNavigation: !withNavigation)),
          ])
        }
      }
      let routes: [TestRoute] = [
        .root(.feed, withNavigation: true), .push(.item(id: 1)),
        .sheet(.login, withNavigation: true, configuration: configuration), .cover(.checkout, withNavigation: false),
      ]
      CaseCoverage.check(routes.map(coverage))
      // The same screen in another case is another route.
      #expect(TestRoute.root(.feed, withNavigation: false) != .cover(.feed, withNavigation: false))
      #expect(TestRoute.push(.feed) != .root(.feed))
    }

    @Test("FlowValue's == compares every case's payload (integers and numbers by value)")
    func flowValue() {
      func coverage(_ value: FlowValue) -> CaseCoverage<FlowValue> {
        switch value {
        case .null: return CaseCoverage(value: value, payload: [])
        case let .bool(flag): return CaseCoverage(value: value, payload: [(".0", .bool(!flag))])
        case let .int(number): return CaseCoverage(value: value, payload: [(".0", .int(number + 1))])
        case let .double(number): return CaseCoverage(value: value, payload: [(".0", .double(number + 1))])
        case let .string(text): return CaseCoverage(value: value, payload: [(".0", .string(text + "!"))])
        case let .array(items): return CaseCoverage(value: value, payload: [(".0", .array(items + [.null]))])
        case let .object(members):
          return CaseCoverage(value: value, payload: [(".0", .object(members.merging(["extra": 1]) { $1 }))])
        }
      }
      let values: [FlowValue] = [.null, .bool(true), .int(2), .double(2.5), .string("2"), .array([2]), .object(["n": 2])]
      CaseCoverage.check(values.map(coverage))
      // Numbers compare as Lua's do.
      #expect(FlowValue.int(2) == .double(2))
      #expect(FlowValue.double(2) == .int(2))
    }

    @Test("RouteStack's == compares the routes, not their identity")
    func routeStack() throws {
      let stack = try RouteStack<TestScreen>(validating: [.root(.feed), .push(.item(id: 1)), .sheet(.login)])
      EqualityCoverage(stack)
        .compares("storedRoutes") { $0.storedRoutes[1] = .push(.item(id: 2)) }
        .ignores("storedIDs", because: "route IDs are identity, not value") { $0.storedIDs = $0.storedIDs.map { RouteID(integerLiteral: $0.generation + 100) } }
        .ignores("storedPresentedIndices", because: "derived from the routes") { $0.storedPresentedIndices = [] }
        .ignores("structureVersion", because: "identity: changes whenever routes are added") { $0.structureVersion = 100 }
        .ignores("generator", because: "identity: where new IDs come from") { $0.generator = RouteIDGenerator() }
        .check()
    }

    @Test("ScreenMatch's == compares the label (a predicate cannot be compared)")
    func screenMatch() {
      EqualityCoverage(ScreenMatch<TestScreen>.screen(.feed))
        .compares("label") { $0 = ScreenMatch("other", { $0 == .feed }) }
        .ignores("predicate", because: "closures cannot be compared; the label names the match")
        .check()
    }
  }
}
