/// Why a script could not be loaded, or why a rule, deep link or guard failed. The navigation
/// state is unchanged whenever one of these is reported.
///
/// The description is one line a person can act on: where (`demo.lua:12`), which rule, and why.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: String, Hashable, Sendable {
    /// The script does not parse.
    case syntax
    /// The script raised an error while loading or in a rule.
    case runtime
    /// The script used up its instruction or time budget.
    case budgetExceeded
    /// The script used up its memory cap.
    case memory
    /// The declarations are inconsistent (a tab's root is not a screen, a rule names an unknown action …).
    case declaration
    /// A rule produced a command that cannot be applied as written (a bad detent, count …).
    case invalidCommand
    /// A name that does not exist: a screen, tab or action.
    case unknownName
    /// A payload that does not fit the screen's declared state or the Swift screen's type.
    case payload
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// The message, starting with `file:line:` when the script's position is known.
  public var message: String
  /// The rule, deep link or guard that failed (`feed.itemTapped`, `deeplink shop://item/:id`), if any.
  public var rule: String?
  /// The Lua traceback, when there is one.
  public var traceback: String?

  /// An error of a kind, with a message and optionally the rule and traceback.
  public init(_ kind: Kind, _ message: String, rule: String? = nil, traceback: String? = nil) {
    self.kind = kind
    self.message = message
    self.rule = rule
    self.traceback = traceback
  }

  /// `demo.lua:12: rule feed.itemTapped: attempt to index a nil value` — one line.
  public var description: String {
    guard let rule else { return message }
    if let colon = locationPrefixEnd(of: message) {
      return String(message[..<colon]) + " " + rule + ": " + String(message[colon...]).drop { $0 == " " }
    }
    return "\(rule): \(message)"
  }

  /// The index just past `file:line:` at the start of a message, if it has one.
  func locationPrefixEnd(of text: String) -> String.Index? {
    guard let firstColon = text.firstIndex(of: ":") else { return nil }
    let afterFirst = text.index(after: firstColon)
    let digits = text[afterFirst...].prefix { $0.isNumber }
    guard !digits.isEmpty, digits.endIndex < text.endIndex, text[digits.endIndex] == ":" else { return nil }
    return text.index(after: digits.endIndex)
  }
}

extension ScriptError: RuleFailureConvertible {
  /// The failure a coordinator reports: this error's one-line description and its traceback.
  public var ruleFailure: RuleFailure { RuleFailure(description, traceback: traceback) }
}

extension ScriptError {
  /// This error located in the script: a position inside the rule DSL — where an instruction
  /// budget or memory cap happened to run out, or a `nav` view failed — is replaced by `chunk:line`
  /// (where the running rule, deep link or guard was declared), and a message without a position
  /// — a command or payload the host refused after the rule returned — gets that position, so
  /// every message points at the author's code, never at TabFlow's.
  func located(in chunk: String, line: Int?) -> ScriptError {
    let here = chunk + ":" + (line.map { "\($0):" } ?? "")
    var located = self
    if let end = locationPrefixEnd(of: message) {
      guard message.hasPrefix(RuleDSL.location + ":") else { return self }
      located.message = here + message[end...]
    } else {
      located.message = here + " " + message
    }
    return located
  }

  /// A script error for an error of the VM (or of a Swift callback it ran).
  init(_ error: any Error, rule: String?) {
    if let error = error as? ScriptError {
      self = error
      if self.rule == nil { self.rule = rule }
      return
    }
    guard let error = error as? LuaError else {
      self.init(.runtime, "\(error)", rule: rule)
      return
    }
    switch error {
    case let .syntax(message): self.init(.syntax, message, rule: rule)
    case let .runtime(message, traceback): self.init(.runtime, message, rule: rule, traceback: traceback)
    case let .budgetExceeded(message): self.init(.budgetExceeded, message, rule: rule)
    case let .memory(message): self.init(.memory, message, rule: rule)
    case let .errorInErrorHandling(message): self.init(.runtime, message, rule: rule)
    case let .invalidValue(message): self.init(.invalidCommand, message, rule: rule)
    case let .misuse(message): self.init(.runtime, message, rule: rule)
    }
  }
}
