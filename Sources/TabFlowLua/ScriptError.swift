import TabFlowLuaBinding
import TabFlowCore

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
  /// What went wrong, without the place: `unknown screen 'itme' — did you mean 'item'?`.
  public var reason: String
  /// The script (its chunk name, `shop.lua`) the error is in, when known.
  public var file: String?
  /// The line of ``file`` the error is at, when known.
  public var line: Int?
  /// The rule, deep link or guard that failed (`feed.itemTapped`, `deeplink shop://item/:id`), if any.
  public var rule: String?
  /// The Lua traceback, when there is one.
  public var traceback: String?

  /// An error with its place as values.
  public init(
    _ kind: Kind, reason: String, file: String? = nil, line: Int? = nil, rule: String? = nil, traceback: String? = nil
  ) {
    self.kind = kind
    self.reason = reason
    self.file = file
    self.line = line
    self.rule = rule
    self.traceback = traceback
  }

  /// An error from a message as Lua words it: a leading `file:line:` (or `file:`) becomes
  /// ``file`` and ``line``, the rest ``reason``. Lua reports places only in text, so this is
  /// where an error from the VM is read — once.
  public init(_ kind: Kind, _ message: String, rule: String? = nil, traceback: String? = nil) {
    self.init(kind, reason: message, rule: rule, traceback: traceback)
    if let (file, line, rest) = Self.place(in: message) {
      self.file = file
      self.line = line
      reason = rest
    }
  }

  /// The message: the place and the reason, `shop.lua:12: unknown screen 'itme'`.
  public var message: String {
    guard let file else { return reason }
    return file + ":" + (line.map { "\($0):" } ?? "") + " " + reason
  }

  /// `shop.lua:12: rule feed.itemTapped: attempt to index a nil value` — one line.
  public var description: String {
    guard let rule else { return message }
    guard let file else { return "\(rule): \(reason)" }
    return file + ":" + (line.map { "\($0):" } ?? "") + " " + rule + ": " + reason
  }

  /// The `file:line:` a Lua message starts with, and the rest of the message.
  static func place(in text: String) -> (file: String, line: Int, rest: String)? {
    guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
    let digits = text[text.index(after: colon)...].prefix { $0.isNumber }
    guard !digits.isEmpty, digits.endIndex < text.endIndex, text[digits.endIndex] == ":", let line = Int(digits) else {
      return nil
    }
    let rest = text[text.index(after: digits.endIndex)...].drop { $0 == " " }
    return (String(text[..<colon]), line, String(rest))
  }
}

extension ScriptError: RuleFailureConvertible {
  /// The failure a coordinator reports: this error's one-line description and its traceback.
  public var ruleFailure: RuleFailure { RuleFailure(description, traceback: traceback) }
}

extension ScriptError {
  /// This error located in the script: a place inside the rule DSL — where an instruction budget
  /// or memory cap happened to run out, or a `nav` view failed — is replaced by `chunk:line`
  /// (where the running rule, deep link or guard was declared), and an error without a place — a
  /// command or payload the host refused after the rule returned — gets that place, so every
  /// message points at the author's code, never at TabFlow's.
  func located(in chunk: String, line: Int?) -> ScriptError {
    if let file, file != RuleDSL.location { return self }
    var located = self
    located.file = chunk
    located.line = line
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
