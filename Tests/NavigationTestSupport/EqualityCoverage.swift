import Testing

/// Which stored properties a hand-written `==` compares, checked against the value's own stored
/// properties (as `Mirror` lists them), so a new property fails the test until it is listed here
/// — and so considered in `==`.
///
/// Each listed property has a mutation that changes that property only (the test checks that
/// every other property reads the same after it): a compared property must make the copy unequal,
/// an ignored one (identity or bookkeeping, with the reason it is left out) must leave it equal.
package struct EqualityCoverage<Value: Equatable> {
  package typealias Mutation = (inout Value) -> Void

  package let value: Value
  package var compared: [(name: String, mutate: Mutation)] = []
  package var ignored: [(name: String, reason: String, mutate: Mutation?)] = []

  package init(_ value: Value) { self.value = value }

  package func compares(_ name: String, _ mutate: @escaping Mutation) -> Self {
    var coverage = self
    coverage.compared.append((name, mutate))
    return coverage
  }

  package func ignores(_ name: String, because reason: String, _ mutate: Mutation? = nil) -> Self {
    var coverage = self
    coverage.ignored.append((name, reason, mutate))
    return coverage
  }

  /// The stored properties as `Mirror` reads them, each with its value written out (an object
  /// with its identity: two instances of a class may read the same).
  package static func properties(of value: Value) -> [(name: String, text: String)] {
    Mirror(reflecting: value).children.map { child in
      let text = String(reflecting: child.value)
      guard type(of: child.value) is AnyClass else { return (child.label ?? "?", text) }
      return (child.label ?? "?", "\(text) \(ObjectIdentifier(child.value as AnyObject))")
    }
  }

  package func check(sourceLocation: SourceLocation = #_sourceLocation) {
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
package struct CaseCoverage<Value: Equatable> {
  package let value: Value
  package let payload: [(label: String, changed: Value)]

  package init(value: Value, payload: [(label: String, changed: Value)]) {
    self.value = value
    self.payload = payload
  }

  /// The case name and payload labels of `value`, as `Mirror` reads them (one unlabeled payload
  /// is labeled `.0`).
  package static func shape(of value: Value) -> (name: String, labels: [String]) {
    guard let child = Mirror(reflecting: value).children.first else { return ("\(value)", []) }
    let payload = Mirror(reflecting: child.value)
    let labels = payload.displayStyle == .tuple ? payload.children.map { $0.label ?? "?" } : [".0"]
    return (child.label ?? "?", labels)
  }

  package static func check(_ cases: [CaseCoverage], sourceLocation: SourceLocation = #_sourceLocation) {
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

