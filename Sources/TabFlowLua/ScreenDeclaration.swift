import TabFlowLuaBinding
import TabFlowNavigation

/// A screen as a script declares it: `screen "item" { title = "Item", state = { id = 0 }, actions = { "buyTapped" } }`.
public struct ScreenDeclaration: Hashable, Sendable {
  /// The screen's name.
  public var name: String
  /// A human title, for `show`; the name when not declared.
  public var title: String
  /// The declared state fields and their defaults.
  public var stateDefaults: [String: FlowValue]
  /// The declared actions, in declaration order, each with a sample payload (`{}` when the
  /// script listed the action without one). The explorer sends these samples.
  public var actions: [(name: String, sample: FlowValue)] {
    get { actionNames.map { ($0, actionSamples[$0] ?? .emptyObject) } }
    set {
      actionNames = newValue.map(\.name)
      actionSamples = Dictionary(newValue.map { ($0.name, $0.sample) }, uniquingKeysWith: { _, last in last })
    }
  }
  private var actionNames: [String]
  private var actionSamples: [String: FlowValue]

  /// A declaration.
  public init(
    name: String, title: String? = nil, stateDefaults: [String: FlowValue] = [:],
    actions: [(name: String, sample: FlowValue)] = []
  ) {
    self.name = name
    self.title = title ?? name
    self.stateDefaults = stateDefaults
    actionNames = actions.map(\.name)
    actionSamples = Dictionary(actions.map { ($0.name, $0.sample) }, uniquingKeysWith: { _, last in last })
  }

  /// Whether the screen declares this action.
  public func declares(action: String) -> Bool { actionSamples[action] != nil }

  /// The declared action names, in declaration order.
  public var actionList: [String] { actionNames }

  /// Why `payload` does not fit the declared sample payload of `action`, or `nil`: the sample is
  /// the action's schema — every field of it is required, no other field is taken, and each
  /// value has its sample's kind. `nil` for an action the screen does not declare.
  package func payloadProblem(action: String, payload: FlowValue) -> String? {
    guard let sample = actionSamples[action] else { return nil }
    let fields = sample.objectValue ?? [:]
    let given: [String: FlowValue]
    switch payload {
    case .null: given = [:]
    case let .object(object): given = object
    case .array(let items) where items.isEmpty: given = [:]
    default: return "\(name).\(action): the payload must be a table of fields"
    }
    let names = fields.keys.sorted()
    let listed = names.isEmpty ? "it takes none" : "fields: " + names.joined(separator: ", ")
    for key in given.keys.sorted() where fields[key] == nil {
      return "\(name).\(action): the payload has no field '\(key)' (\(listed))" + Suggestions.hint(for: key, in: names)
    }
    for key in names {
      guard let declared = fields[key] else { continue }
      guard let value = given[key] else {
        return "\(name).\(action): the payload lacks '\(key)' (\(listed); the declared sample is \(sample))"
      }
      if !Self.compatible(value, with: declared) {
        return "\(name).\(action): the payload's '\(key)' is \(value), where the sample has \(declared)"
      }
    }
    return nil
  }

  /// The screen opened with `payload`: the declared defaults with the payload's fields on top.
  /// An unknown field, or a value of the wrong kind for a declared default, is an error naming
  /// the screen and its fields.
  public func instantiate(with payload: [String: FlowValue]) throws(ScreenPayloadError) -> DynamicScreen {
    // The common case, checked without sorting: every field declared and of its kind. A payload
    // that sets every declared field is the state as it is.
    var valid = true
    for (key, value) in payload {
      guard let declared = stateDefaults[key], Self.compatible(value, with: declared) else {
        valid = false
        break
      }
    }
    if valid {
      if payload.count == stateDefaults.count { return DynamicScreen(name, state: payload) }
      return DynamicScreen(name, state: stateDefaults.merging(payload) { _, new in new })
    }
    // Otherwise the error names the smallest offending field, whatever the iteration order.
    var state = stateDefaults
    for key in payload.keys.sorted() {
      guard let value = payload[key] else { continue }
      guard let declared = stateDefaults[key] else {
        throw .unknownField(screen: name, field: key, fields: stateDefaults.keys.sorted())
      }
      guard Self.compatible(value, with: declared) else {
        throw .wrongKind(screen: name, field: key, expected: declared.kindName, found: value.kindName)
      }
      state[key] = value
    }
    return DynamicScreen(name, state: state)
  }

  /// The state of a screen opened under an earlier declaration, fitted to this one: declared
  /// fields keep their values (a value of a kind the field no longer takes gets the default),
  /// fields it lacked get the defaults, and fields no longer declared are dropped.
  public func migrated(_ state: [String: FlowValue]) -> [String: FlowValue] {
    var fitted = stateDefaults
    for (key, declared) in stateDefaults {
      if let value = state[key], Self.compatible(value, with: declared) { fitted[key] = value }
    }
    return fitted
  }

  /// Integers and numbers mix; `nil` defaults accept anything; otherwise kinds must match.
  static func compatible(_ value: FlowValue, with declared: FlowValue) -> Bool {
    switch (value, declared) {
    case (_, .null), (.null, _): return true
    case (.int, .double), (.double, .int): return true
    case (.array, .object(let members)) where members.isEmpty: return true
    case (.object(let members), .array) where members.isEmpty: return true
    case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.array, .array), (.object, .object):
      return true
    default: return false
    }
  }
}

/// Why a payload cannot open a screen.
public enum ScreenPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The payload has a field the screen does not declare.
  case unknownField(screen: String, field: String, fields: [String])
  /// The payload's value has another kind than the declared default.
  case wrongKind(screen: String, field: String, expected: String, found: String)

  /// Names the screen, the field and what is allowed.
  public var description: String {
    switch self {
    case let .unknownField(screen, field, fields):
      if fields.isEmpty { return "screen '\(screen)' has no state, but the payload sets '\(field)'" }
      return "screen '\(screen)' has no field '\(field)' (fields: \(fields.joined(separator: ", ")))"
        + Suggestions.hint(for: field, in: fields)
    case let .wrongKind(screen, field, expected, found):
      return "field '\(field)' of screen '\(screen)' expects a value of kind \(expected), got \(found)"
    }
  }
}
