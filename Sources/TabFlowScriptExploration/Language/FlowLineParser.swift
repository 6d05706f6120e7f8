import TabFlowCore
import TabFlowLua
import TabFlowNavigation


/// Parses lines of the flowscript language; errors say what is wrong and where.
package enum FlowLineParser {
  /// Parses one line.
  package static func parse(_ text: String) throws(FlowLineError) -> FlowLine {
    let line = text.trimmingWhitespace()
    if line.isEmpty || line.hasPrefix("#") { return .nothing }
    let (word, rest) = line.splitFirstWord()
    switch word {
    case "tab":
      return .tab(try name(rest, what: "a tab id", usage: "tab profile, or tab \"tab one\""))
    case "back":
      try nothingAfter(rest, word)
      return .back
    case "url":
      // Bare `url` prints the URL of the current screen.
      if rest.isEmpty { return .currentURL }
      // A URL with spaces is quoted: url "shop://search/red shoes".
      if let quoted = rest.unquoted() { return .url(quoted) }
      return .url(try single(rest, what: "a URL", usage: "url shop://item/3"))
    case "set":
      let (key, valueText) = rest.splitFirstWord()
      guard !key.isEmpty, !valueText.isEmpty else { throw FlowLineError("usage: set <key> <value>, e.g. set loggedIn true") }
      return .set(key, try value(valueText, of: key))
    case "expect":
      return .expect(try expectation(rest))
    case "exit":
      return .command(.quit)
    case "reload" where !rest.isEmpty:
      return .reloadFrom(rest.unquoted() ?? rest)
    case "order", "hide":
      return .customize(try customization(word, rest))
    case "show" where !rest.isEmpty:
      // `show` alone prints the phone view.
      return .customize(try customization(word, rest))
    default:
      if let command = ReplCommand(rawValue: word) {
        try nothingAfter(rest, word)
        return .command(command)
      }
      return try action(line)
    }
  }

  /// `[tab:]screen.action [payload]`, each name bare or quoted.
  /// The words a line can start with, for did-you-mean.
  package static let commandWords = ["tab", "back", "url", "set", "expect", "exit", "order", "hide"]
    + ReplCommand.allCases.map(\.rawValue)

  /// `order tabs a b c`, `hide tab a`, `show tab a`.
  private static func customization(_ word: String, _ rest: String) throws(FlowLineError) -> TabCustomization {
    let (noun, names) = rest.splitFirstWord()
    if word == "order" {
      let tabs = names.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { TabID(String($0)) }
      guard noun == "tabs", !tabs.isEmpty else { throw FlowLineError("usage: order tabs <every tab, in order>, e.g. order tabs home search profile") }
      return .reorder(tabs)
    }
    let usage = "usage: \(word) tab <tab id>, e.g. \(word) tab search"
    guard noun == "tab", !names.isEmpty else { throw FlowLineError(usage) }
    let tab = TabID(try name(names, what: "a tab id", usage: usage))
    return word == "hide" ? .hide(tab) : .show(tab)
  }

  /// The value of `set KEY VALUE`: a Lua literal, with a message about values (not payloads).
  private static func value(_ text: String, of key: String) throws(FlowLineError) -> FlowValue {
    do {
      return try LuaDataLiteral.parse(text)
    } catch {
      let word = text.splitFirstWord().0
      let hint = Suggestions.hint(for: word, in: ["true", "false", "nil"])
      throw FlowLineError(
        "set \(key): '\(text)' is not a value; write true, false, nil, a number, a \"string\" or a {table}\(hint)")
    }
  }

  private static func action(_ line: String) throws(FlowLineError) -> FlowLine {
    let word = line.splitFirstWord().0
    if word.isIdentifier, let command = Suggestions.closest(to: word, in: commandWords) {
      throw FlowLineError("unknown command '\(word)' — did you mean '\(command)'?")
    }
    let notAnAction = FlowLineError(
      "'\(word)' is not a command or an action; write screen.action {payload}, e.g. feed.itemTapped {id=3} (try help)")
    guard var (first, after) = FlowName.scan(Substring(line)) else { throw notAnAction }
    var tab: String?
    if after.first == ":" {
      tab = first
      guard let (screen, rest) = FlowName.scan(after.dropFirst()) else { throw notAnAction }
      (first, after) = (screen, rest)
    }
    guard after.first == ".", let (actionName, tail) = FlowName.scan(after.dropFirst()),
      tail.isEmpty || tail.first == " " || tail.first == "\t"
    else { throw notAnAction }
    let parts = [first, actionName]
    let rest = tail.trimmingWhitespace()
    // The line reads as an action; a payload that is not data makes it a failed line, not a
    // line the language cannot read.
    let payload: FlowValue
    do {
      payload = rest.isEmpty ? FlowValue.emptyObject : try literal(rest)
    } catch {
      return .invalidAction(error.message)
    }
    guard payload.objectValue != nil || payload == .array([]) else {
      return .invalidAction("the payload of \(word) must be a table like {id=3}, got \(payload.kindName)")
    }
    return .action(
      tab: tab, screen: parts[0], action: parts[1], payload: payload.objectValue.map(FlowValue.object) ?? .emptyObject)
  }

  private static func expectation(_ text: String) throws(FlowLineError) -> Expectation {
    let (kind, rest) = text.splitFirstWord()
    switch kind {
    case "tab":
      return .tab(try name(rest, what: "a tab id", usage: "expect tab home"))
    case "depth":
      guard let depth = Int(rest), depth >= 1 else { throw FlowLineError("usage: expect depth <routes, root included>, e.g. expect depth 2") }
      return .depth(depth)
    case "top":
      guard let (screen, after) = FlowName.scan(Substring(rest)) else {
        throw FlowLineError("usage: expect top <screen> [{field=value}], e.g. expect top item {id=3}")
      }
      let payload = after.trimmingWhitespace()
      // Optional explicitly: FlowValue is ExpressibleByNilLiteral, so a bare `nil` would be `.null`.
      let state: FlowValue? = payload.isEmpty ? Optional.none : try literal(payload)
      return .top(screen: screen, state: state)
    case "error":
      if rest.isEmpty { return .error(nil) }
      guard let quoted = rest.unquoted() else {
        throw FlowLineError("usage: expect error or expect error \"text\" (the text in double quotes)")
      }
      return .error(quoted)
    case "stack":
      return try stack(rest)
    case "app":
      if rest == "none" { return .app(routes: []) }
      let routes = try entries(Substring(rest), usage: "usage: expect app sheet:name > push > cover:name, or expect app none")
      guard let first = routes.first, first.presented != nil else {
        throw FlowLineError("expect app: the app layer's first route is presented over the tab bar — write sheet:\(routes.first?.screen ?? "name") or cover:\(routes.first?.screen ?? "name"), or none")
      }
      return .app(routes: routes)
    case "url", "pending":
      // `none` for no URL / no pending link; a URL with spaces is quoted.
      let usage = "expect \(kind) shop://item/3, or expect \(kind) none"
      let expected: String?
      if let quoted = rest.unquoted() {
        expected = quoted
      } else {
        let word = try single(rest, what: "a URL or none", usage: usage)
        expected = word == "none" ? nil : word
      }
      return kind == "url" ? .url(expected) : .pendingLink(expected)
    case "resume":
      // Commands hold spaces and colons: anything but `none` is quoted.
      if let quoted = rest.unquoted() { return .pendingResume(quoted) }
      guard rest == "none" else {
        throw FlowLineError(#"usage: expect resume "tab home: push checkout" (as show writes it), or expect resume none"#)
      }
      return .pendingResume(nil)
    case "event":
      guard let (name, after) = FlowName.scan(Substring(rest)) else {
        throw FlowLineError("usage: expect event <name> [{field=value}], e.g. expect event purchased")
      }
      let payload = after.trimmingWhitespace()
      let expected: FlowValue? = payload.isEmpty ? Optional.none : try literal(payload)
      return .event(name: name, payload: expected)
    case "context":
      let (key, valueText) = rest.splitFirstWord()
      guard let name = FlowName.whole(key), !valueText.isEmpty else {
        throw FlowLineError("usage: expect context <key> <value>, e.g. expect context loggedIn true (nil: not set)")
      }
      return .context(key: name, value: try literal(valueText))
    case "rejected":
      if rest.isEmpty { return .rejected(nil) }
      guard let name = FlowName.whole(rest) else {
        throw FlowLineError("usage: expect rejected or expect rejected \"guard name\" (a name with spaces in double quotes)")
      }
      return .rejected(name)
    default:
      let hint = Suggestions.hint(for: kind, in: Self.expectationKinds)
      throw FlowLineError("unknown expectation '\(kind)' (expect \(Self.expectationKinds.joined(separator: ", ")))\(hint)")
    }
  }

  /// The words after `expect`.
  package static let expectationKinds = ["tab", "stack", "app", "top", "error", "depth", "url", "pending", "resume", "event", "context", "rejected"]

  private static func stack(_ text: String) throws(FlowLineError) -> Expectation {
    var tab: String?
    var path = Substring(text)
    if let (head, after) = FlowName.scan(Substring(text.trimmingWhitespace())), after.first == ":",
      !["sheet", "cover"].contains(head)
    {
      tab = head
      path = after.dropFirst()
    }
    return .stack(tab: tab, routes: try entries(path, usage: "usage: expect stack [tab:] root > push > sheet:name > cover:name"))
  }

  /// The routes of a path written root first, `>`-separated: bare names, `sheet:name`, `cover:name`.
  private static func entries(_ path: Substring, usage: String) throws(FlowLineError) -> [StackEntry] {
    let names = split(path, on: ">").map { $0.trimmingWhitespace() }
    guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
      throw FlowLineError(usage)
    }
    var entries: [StackEntry] = []
    for entry in names {
      if let screen = FlowName.whole(entry) {
        entries.append(StackEntry(screen: screen, presented: nil))
        continue
      }
      guard let (styleName, after) = FlowName.scan(Substring(entry)), after.first == ":",
        let style = RouteStyle(rawValue: styleName), style.isPresented,
        let screen = FlowName.whole(String(after.dropFirst()))
      else {
        throw FlowLineError("'\(entry)' in expect stack: write a screen name, sheet:name or cover:name")
      }
      entries.append(StackEntry(screen: screen, presented: style))
    }
    return entries
  }

  /// `text` split at `separator`s outside double quotes.
  private static func split(_ text: Substring, on separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var quoted = false
    var escaping = false
    for character in text {
      if escaping {
        escaping = false
      } else if character == "\\" && quoted {
        escaping = true
      } else if character == "\"" {
        quoted.toggle()
      } else if character == separator && !quoted {
        parts.append(current)
        current = ""
        continue
      }
      current.append(character)
    }
    parts.append(current)
    return parts
  }

  private static func literal(_ text: String) throws(FlowLineError) -> FlowValue {
    do {
      return try LuaDataLiteral.parse(text)
    } catch {
      throw FlowLineError(error.description)
    }
  }

  /// One name, bare or quoted.
  private static func name(_ text: String, what: String, usage: String) throws(FlowLineError) -> String {
    guard let name = FlowName.whole(text) else { throw FlowLineError("expected \(what): \(usage)") }
    return name
  }

  private static func single(_ text: String, what: String, usage: String) throws(FlowLineError) -> String {
    let (word, rest) = text.splitFirstWord()
    guard !word.isEmpty, rest.isEmpty else { throw FlowLineError("expected \(what): \(usage)") }
    return word
  }

  private static func nothingAfter(_ rest: String, _ word: String) throws(FlowLineError) {
    guard rest.isEmpty else { throw FlowLineError("'\(word)' takes nothing after it") }
  }
}

/// Why a line does not parse.
package struct FlowLineError: Error, Equatable, CustomStringConvertible {
  package let message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

extension StringProtocol {
  package func trimmingWhitespace() -> String {
    let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    var end = scalars.endIndex
    while end > scalars.startIndex {
      let previous = scalars.index(before: end)
      let scalar = scalars[previous]
      guard scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" else { break }
      end = previous
    }
    return String(String.UnicodeScalarView(scalars[scalars.startIndex..<end]))
  }

  /// The first space-separated word and the trimmed rest.
  package func splitFirstWord() -> (String, String) {
    let text = trimmingWhitespace()
    guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
    return (String(text[..<space]), text[space...].trimmingWhitespace())
  }

  package var isIdentifier: Bool {
    guard let first = unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
      return false
    }
    return unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
  }

  /// The text between double quotes, with `\"` and `\\` unescaped; `nil` when not quoted.
  package func unquoted() -> String? {
    let text = trimmingWhitespace()
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
    var result = ""
    var escaping = false
    for character in text.dropFirst().dropLast() {
      if escaping {
        result.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
