import TabFlowLuaBinding
import TabFlowCore
import TabFlowNavigation

/// A screen link a rule script declares — `link("shop://item/:id", "item", { tab = "home" })` —
/// and how it maps the screen's state to the URL's parameters and back.
///
/// Each `:param` of the pattern is a field of the screen's state. Writing a URL fills the path
/// from those fields and adds every other scalar field that differs from its declared default as a
/// query item; reading one gives each parameter that names a declared field the field's kind
/// (integer, number, boolean or string, after its default) and ignores the others (`utm_source`).
/// A screen whose state holds a changed list or table has no URL.
public struct ScriptLink: Hashable, Sendable {
  /// The URL pattern, as written.
  public var pattern: String
  /// The screen it shows.
  public var screen: String
  /// The tab it opens in, or `nil` for the selected tab.
  public var tab: String?
  /// The script line that declared it.
  public var line: Int?

  /// The problem with this link in a script declaring `screens` and `tabs`, or `nil`: the screen
  /// and tab must be declared, the pattern must parse, and each `:param` must be a state field.
  func problem(screens: [ScreenDeclaration], tabs: [String]) -> String? {
    let parsed: DeepLinkPattern
    do {
      parsed = try DeepLinkPattern(pattern)
    } catch {
      return error.description
    }
    guard let declaration = screens.first(where: { $0.name == screen }) else {
      return "link '\(pattern)': '\(screen)' is not a declared screen" + Suggestions.hint(for: screen, in: screens.map(\.name))
    }
    if let tab, !tabs.contains(tab) {
      return "link '\(pattern)': '\(tab)' is not a declared tab" + Suggestions.hint(for: tab, in: tabs)
    }
    let fields = declaration.stateDefaults.keys.sorted()
    for name in parsed.parameterNames where declaration.stateDefaults[name] == nil {
      return "link '\(pattern)': ':\(name)' is not a field of \(screen)'s state (fields: "
        + (fields.isEmpty ? "none" : fields.joined(separator: ", ")) + ")" + Suggestions.hint(for: name, in: fields)
    }
    return nil
  }

  /// Why a URL cannot carry the `:param` fields of this link's screen, declared as `declaration`
  /// — a field that is a list or a table: no URL can show the screen, nor open it — or `nil`
  /// when each is a string, a number or a boolean. `flowscript check` reports it.
  package func parameterProblem(declaration: ScreenDeclaration) -> String? {
    guard let path = try? DeepLinkPattern(pattern).parameterNames else { return nil }
    for name in path {
      guard let declared = declaration.stateDefaults[name], Self.text(of: declared) == nil else { continue }
      return "link '\(pattern)': ':\(name)' is a \(Self.kind(of: declared)) field of \(screen), which a URL cannot carry "
        + "(a link's parameters are strings, numbers or booleans)"
    }
    return nil
  }

  /// Why this link writes no URL for its screen in `state` (its declaration `declaration`), or
  /// `nil` when it writes one: a path field that is empty, or that is a list or a table, or
  /// another field that is a list or a table changed from its default.
  package func urlProblem(for state: [String: FlowValue], declaration: ScreenDeclaration) -> String? {
    guard let path = try? DeepLinkPattern(pattern).parameterNames else { return nil }
    for name in path {
      guard let value = state[name] else { return "\(screen) has no field \(name), which \(pattern) needs" }
      guard let text = Self.text(of: value) else {
        return "\(screen).\(name) is a \(Self.kind(of: value)), which \(pattern) cannot write in a URL"
      }
      if text.isEmpty { return "\(screen).\(name) is empty, and \(pattern) needs a non-empty :\(name)" }
    }
    for name in state.keys.sorted() where !path.contains(name) {
      guard let value = state[name], value != declaration.stateDefaults[name], Self.text(of: value) == nil else { continue }
      return "\(screen).\(name) is a \(Self.kind(of: value)) changed from its default, which \(pattern) cannot write in a URL"
    }
    return nil
  }

  /// `list` or `table` (or the kind's name), as a link's messages say it.
  private static func kind(of value: FlowValue) -> String {
    switch value {
    case .array: return "list"
    case .object: return "table"
    default: return value.kindName
    }
  }

  /// The URL parameters of a screen's `state`, or `nil` when the URL cannot carry it (a path
  /// field is missing, or a list or table differs from its default).
  @usableFromInline
  package func parameters(of state: [String: FlowValue], declaration: ScreenDeclaration, path: [String]) -> [String: String]? {
    var parameters: [String: String] = [:]
    for (name, value) in state {
      let isPath = path.contains(name)
      guard isPath || value != declaration.stateDefaults[name] else { continue }
      guard let text = Self.text(of: value) else { return nil }
      parameters[name] = text
    }
    return parameters
  }

  /// The payload a URL's `parameters` give the screen: each declared field read as its default's
  /// kind; an error when one does not read (`id=abc` for an integer field).
  @usableFromInline
  package func payload(from parameters: [String: String], declaration: ScreenDeclaration) throws(DeepLinkHandlerError) -> [String: FlowValue] {
    var payload: [String: FlowValue] = [:]
    for (name, text) in parameters {
      guard let declared = declaration.stateDefaults[name] else { continue }
      if case .array = declared { throw DeepLinkHandlerError(Self.uncarried(screen, name, declared, pattern)) }
      if case .object = declared { throw DeepLinkHandlerError(Self.uncarried(screen, name, declared, pattern)) }
      guard let value = Self.value(of: text, like: declared) else {
        let kind = declared.kindName
        throw DeepLinkHandlerError("\(screen).\(name) must be \(kind.first == "i" ? "an" : "a") \(kind), got '\(text)'")
      }
      payload[name] = value
    }
    return payload
  }

  /// A URL parameter given for a list or table field: no text reads as one.
  private static func uncarried(_ screen: String, _ name: String, _ declared: FlowValue, _ pattern: String) -> String {
    "\(screen).\(name) is a \(kind(of: declared)) field, which a URL cannot carry (\(pattern))"
  }

  private static func text(of value: FlowValue) -> String? {
    switch value {
    case let .bool(flag): return flag ? "true" : "false"
    case let .int(number): return String(number)
    case let .double(number): return number.isFinite ? String(number) : nil
    case let .string(text): return text
    case .null, .array, .object: return nil
    }
  }

  private static func value(of text: String, like declared: FlowValue) -> FlowValue? {
    switch declared {
    case .int: return Int(text).map(FlowValue.int) ?? Double(text).map(FlowValue.double)
    case .double: return Double(text).map(FlowValue.double)
    case .bool: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
    case .string: return .string(text)
    case .null, .array, .object:
      // No kind to follow: a number, a boolean, else the text.
      if let number = Int(text) { return .int(number) }
      if let number = Double(text) { return .double(number) }
      if text == "true" || text == "false" { return .bool(text == "true") }
      return declared == .null ? .string(text) : nil
    }
  }
}
