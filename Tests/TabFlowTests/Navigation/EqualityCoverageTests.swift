import Testing

@testable import TabFlow

/// Which stored properties a hand-written `==` compares, checked against the value's own stored
/// properties (as `Mirror` lists them), so a new property fails the test until it is listed here
/// — and so considered in `==`.
///
/// Each listed property has a mutation that changes that property only (the test checks that
/// every other property reads the same after it): a compared property must make the copy unequal,
/// an ignored one (identity or bookkeeping, with the reason it is left out) must leave it equal.
struct EqualityCoverage<Value: Equatable> {
  typealias Mutation = (inout Value) -> Void

  let value: Value
  var compared: [(name: String, mutate: Mutation)] = []
  var ignored: [(name: String, reason: String, mutate: Mutation?)] = []

  init(_ value: Value) { self.value = value }

  func compares(_ name: String, _ mutate: @escaping Mutation) -> Self {
    var coverage = self
    coverage.compared.append((name, mutate))
    return coverage
  }

  func ignores(_ name: String, because reason: String, _ mutate: Mutation? = nil) -> Self {
    var coverage = self
    coverage.ignored.append((name, reason, mutate))
    return coverage
  }

  /// The stored properties as `Mirror` reads them, each with its value written out (an object
  /// with its identity: two instances of a class may read the same).
  static func properties(of value: Value) -> [(name: String, text: String)] {
    Mirror(reflecting: value).children.map { child in
      let text = String(reflecting: child.value)
      guard type(of: child.value) is AnyClass else { return (child.label ?? "?", text) }
      return (child.label ?? "?", "\(text) \(ObjectIdentifier(child.value as AnyObject))")
    }
  }

  func check(sourceLocation: SourceLocation = #_sourceLocation) {
    let stored = Self.properties(of: value)
    #expect(
      (compared.map(\.name) + ignored.map(\.name)).sorted() == stored.map(\.name).sorted(),
      "\(Value.self): every stored property must be listed as compared (and compared by ==) or ignored",
      sourceLocation: sourceLocation)
    #expect(value == value, "\(Value.self) is unequal to itself", sourceLocation: sourceLocation)
    for (name, mutate) in compared {
      let copy = mutated(name, by: mutate, sourceLocation: sourceLocation)
      #expect(copy != value, "\(Value.self).\(name) is not compared by ==", sourceLocation: sourceLocation)
      #expect(value != copy, "\(Value.self).\(name) is not compared by == (reversed)", sourceLocation: sourceLocation)
    }
    for (name, _, mutate) in ignored {
      guard let mutate else { continue }
      let copy = mutated(name, by: mutate, sourceLocation: sourceLocation)
      #expect(copy == value, "\(Value.self).\(name) is meant to be ignored by ==", sourceLocation: sourceLocation)
    }
  }

  /// A copy of `value` changed by `mutate`, checked to differ in the property `name` only.
  private func mutated(_ name: String, by mutate: Mutation, sourceLocation: SourceLocation) -> Value {
    var copy = value
    mutate(&copy)
    let before = Self.properties(of: value)
    let after = Self.properties(of: copy)
    let changed = zip(before, after).filter { $0.0.text != $0.1.text }.map(\.0.name)
    #expect(changed == [name], "\(Value.self): the mutation for \(name) changed \(changed)", sourceLocation: sourceLocation)
    return copy
  }
}

/// An enum's hand-written `==`: for a value of each case, the labels of its payload (as `Mirror`
/// reads them) must be the ones listed, and a copy with one payload value changed must be unequal;
/// values of different cases must be unequal.
struct CaseCoverage<Value: Equatable> {
  let value: Value
  let payload: [(label: String, changed: Value)]

  /// The case name and payload labels of `value`, as `Mirror` reads them (one unlabeled payload
  /// is labeled `.0`).
  static func shape(of value: Value) -> (name: String, labels: [String]) {
    guard let child = Mirror(reflecting: value).children.first else { return ("\(value)", []) }
    let payload = Mirror(reflecting: child.value)
    let labels = payload.displayStyle == .tuple ? payload.children.map { $0.label ?? "?" } : [".0"]
    return (child.label ?? "?", labels)
  }

  static func check(_ cases: [CaseCoverage], sourceLocation: SourceLocation = #_sourceLocation) {
    for coverage in cases {
      let value = coverage.value
      let shape = Self.shape(of: value)
      #expect(value == value, "\(shape.name) is unequal to itself", sourceLocation: sourceLocation)
      #expect(
        coverage.payload.map(\.label) == shape.labels,
        "\(Value.self).\(shape.name): every payload value must be listed and compared by ==", sourceLocation: sourceLocation)
      for (label, changed) in coverage.payload {
        #expect(Self.shape(of: changed).name == shape.name, sourceLocation: sourceLocation)
        #expect(changed != value, "\(Value.self).\(shape.name): \(label) is not compared", sourceLocation: sourceLocation)
        #expect(value != changed, "\(Value.self).\(shape.name): \(label) is not compared", sourceLocation: sourceLocation)
      }
      for other in cases where Self.shape(of: other.value).name != shape.name {
        #expect(value != other.value, "\(shape.name) equals \(Self.shape(of: other.value).name)", sourceLocation: sourceLocation)
      }
    }
  }
}

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
