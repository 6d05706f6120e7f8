import ArgumentParser
import Foundation
import TabFlow

extension Flowscript {
  /// `flowscript types RULES.lua [-o FILE] [--force]`: lua-language-server definitions for a script.
  struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print lua-language-server definitions (a ---@meta file) for a rule script.",
      discussion: """
        The output is the DSL's fixed definitions (docs/tabflow-meta.lua: app, tab, screen, on, \
        deeplink, link, guard, the nav class and a guard's change) followed by the script's own \
        names as literal types: ScreenName, TabID, ActionName, RuleKey, a <screen>.State class \
        per screen typed from its declared defaults, and a <screen>.<action>.Payload class per \
        declared action typed from its sample (the action's schema: every field required). \
        push, presentSheet and presentCover get one ---@overload per screen taking that \
        screen's state class, and on one per declared action whose rule takes that payload \
        class. Put the file where lua-language-server finds it (e.g. a folder listed in \
        workspace.library) and an editor completes nav:push("item", { id = … }), flags \
        nav:push("itme") and, in on("feed.itemTapped", function(nav, p) … end), flags p.idd \
        (undefined field) before anything runs.
        An existing file is replaced only with --force, and never the script itself.
        Example: flowscript types shop.lua -o types/shop.d.lua
        """)

    @OptionGroup var options: ScriptOptions

    @Option(name: [.short, .customLong("out")], help: "Write the definitions to this file instead of standard output.")
    var out: String?

    @Flag(help: "Overwrite an existing output file (never the script).")
    var force = false

    func run() throws {
      let inputs = [ProtectedInput(path: options.script, role: "the script")]
      if let out { try OutputFile.check(out, force: force, protecting: inputs) }
      let declarations = try options.session().rules.declarations
      let text = TabFlowMeta.definitions(for: declarations)
      if let out {
        try OutputFile.write(Data(text.utf8), to: out, mode: 0o644, force: force, protecting: inputs)
      } else {
        // `print` ends the text with its line break.
        Output.text(text.hasSuffix("\n") ? String(text.dropLast()) : text)
      }
    }
  }
}

/// The lua-language-server definitions `flowscript types` prints: the DSL's fixed part
/// (``source``) and a script's names.
enum TabFlowMeta {
  /// The fixed part: docs/tabflow-meta.lua, which the EmbedLua build-tool plugin embeds.
  static var source: String { EmbeddedLua.tabflowMeta }

  /// The fixed part, its `push`, `presentSheet`, `presentCover` and `on` given one `---@overload`
  /// per screen (per declared action for `on`), followed by the names `declarations` declares.
  static func definitions(for declarations: ScriptDeclarations) -> String {
    var text = withOverloads(source, declarations: declarations)
    if !text.hasSuffix("\n") { text += "\n" }
    return text + "\n" + names(of: declarations)
  }

  /// The class-name prefix of each screen (its name, or an identifier made of it), in
  /// declaration order; the same for the state classes, the overloads and the payload classes.
  static func classBases(of declarations: ScriptDeclarations) -> [(screen: ScreenDeclaration, base: String)] {
    var taken = Set<String>()
    return declarations.screens.map { ($0, uniqueIdentifier($0.name, taken: &taken)) }
  }

  /// The class of the payload of `action` of the screen whose classes start with `base`
  /// (`feed.itemTapped.Payload`): the action as an identifier, numbered when two actions of the
  /// screen would share one.
  static func payloadClasses(base: String, actions: [String]) -> [String] {
    var taken = Set<String>()
    return actions.map { "\(base).\(uniqueIdentifier($0, taken: &taken)).Payload" }
  }

  /// `source` with overloads before the definitions they refine: `nav:push("item", …)` then
  /// takes `item.State` (an editor completes its fields, and a language server that checks
  /// table literals flags an unknown one), and the rule of `on("feed.itemTapped", …)` gets its
  /// payload typed as that action's declared sample (`p.idd` for `id` is an undefined field).
  /// Overloads cannot follow in a second definition: a language server takes that for a
  /// duplicate and drops both.
  static func withOverloads(_ source: String, declarations: ScriptDeclarations) -> String {
    let bases = classBases(of: declarations)
    func screenOverloads(_ parameters: String) -> [String] {
      bases.compactMap { screen, base in
        literal(screen.name).map { "---@overload fun(self: Nav, screen: \($0), state?: \(base).State\(parameters))" }
      }
    }
    var ruleOverloads: [String] = []
    for (screen, base) in bases {
      let actions = screen.actionList
      for (action, payload) in zip(actions, payloadClasses(base: base, actions: actions)) {
        guard let key = literal(screen.name + "." + action) else { continue }
        ruleOverloads.append("---@overload fun(key: \(key), rule: fun(nav: Nav, payload: \(payload)))")
      }
    }
    let overloads: [(definition: String, lines: [String])] = [
      ("function Nav:push(screen, state) end", screenOverloads("")),
      ("function Nav:presentSheet(screen, state, options) end", screenOverloads(", options?: SheetOptions")),
      ("function Nav:presentCover(screen, state, options) end", screenOverloads(", options?: CoverOptions")),
      ("function on(key, rule) end", ruleOverloads),
    ]
    var lines = source.components(separatedBy: "\n")
    for (definition, added) in overloads where !added.isEmpty {
      guard let index = lines.firstIndex(of: definition) else { continue }
      lines.insert(contentsOf: added, at: index)
    }
    return lines.joined(separator: "\n")
  }

  /// The script's names as LuaCATS aliases and classes.
  static func names(of declarations: ScriptDeclarations) -> String {
    var lines = ["-- The script's names (generated by flowscript types) -------------------------------", ""]
    lines.append("---A screen the script declares.")
    lines.append("---@alias ScreenName " + union(declarations.screens.map(\.name), otherwise: "string"))
    lines.append("")
    lines.append("---A tab the script declares.")
    lines.append("---@alias TabID " + union(declarations.tabIDs, otherwise: "string"))
    lines.append("")

    var actionNames: [String] = []
    var seenActions = Set<String>()
    var ruleKeys: [String] = []
    var stateClasses: [String] = []
    for (screen, base) in classBases(of: declarations) {
      let stateClass = base + ".State"
      stateClasses.append(stateClass)
      lines.append("---The state of screen \(comment(screen.name)).")
      lines.append("---@class \(stateClass)")
      for field in screen.stateDefaults.keys.sorted() {
        guard let value = screen.stateDefaults[field] else { continue }
        let name = isIdentifier(field) ? field : "[\(literal(field) ?? "string")]"
        lines.append("---@field \(name)? \(luaType(value)) default \(comment(value.description))")
      }
      lines.append("")
      let actions = screen.actionList
      lines.append("---The actions of screen \(comment(screen.name)).")
      lines.append("---@alias \(base).Action " + union(actions, otherwise: "string"))
      lines.append("")
      let samples = Dictionary(screen.actions.map { ($0.name, $0.sample) }, uniquingKeysWith: { _, last in last })
      for (action, payloadClass) in zip(actions, payloadClasses(base: base, actions: actions)) {
        ruleKeys.append(screen.name + "." + action)
        if seenActions.insert(action).inserted { actionNames.append(action) }
        // The declared sample is the payload's schema: every field required, no other taken.
        let sample = samples[action]?.objectValue ?? [:]
        lines.append("---The payload of \(comment(screen.name + "." + action)) (its declared sample).")
        lines.append("---@class \(payloadClass)")
        for field in sample.keys.sorted() {
          guard let value = sample[field] else { continue }
          let name = isIdentifier(field) ? field : "[\(literal(field) ?? "string")]"
          lines.append("---@field \(name) \(luaType(value)) sample \(comment(value.description))")
        }
        lines.append("")
      }
    }
    ruleKeys += actionNames.map { "*." + $0 }

    lines.append("---The state of any declared screen.")
    lines.append("---@alias ScreenState " + (stateClasses.isEmpty ? "table<string, any>" : stateClasses.joined(separator: "|")))
    lines.append("")
    lines.append("---An action some screen declares.")
    lines.append("---@alias ActionName " + union(actionNames, otherwise: "string"))
    lines.append("")
    lines.append("---A rule key: \"screen.action\" for a declared pair, or \"*.action\".")
    lines.append("---@alias RuleKey " + union(ruleKeys, otherwise: "string"))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `"a"|"b"` for the names that can be written as a literal type, or `otherwise` when none can.
  static func union(_ names: [String], otherwise: String) -> String {
    let literals = names.compactMap(literal)
    return literals.isEmpty ? otherwise : literals.joined(separator: "|")
  }

  /// `name` as a LuaCATS string literal type, or `nil` when it holds both quote marks or a
  /// control character (a literal type has no escapes).
  static func literal(_ name: String) -> String? {
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
    if !name.contains("\"") { return "\"\(name)\"" }
    if !name.contains("'") { return "'\(name)'" }
    return nil
  }

  /// Text for a one-line comment: control characters (line breaks) escaped.
  static func comment(_ text: String) -> String {
    "'" + text.escapingControlCharacters(keepingLineBreaks: false) + "'"
  }

  /// Whether `name` is a Lua identifier (a field written `---@field name`).
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
      return false
    }
    return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
  }

  /// A class-name prefix for a screen: its name when it is an identifier, else the name with
  /// every other character made `_` (and a leading `_` before a digit), numbered when taken.
  static func uniqueIdentifier(_ name: String, taken: inout Set<String>) -> String {
    var base = isIdentifier(name)
      ? name
      : String(String.UnicodeScalarView(name.unicodeScalars.map { isIdentifier(String($0)) || ("0"..."9").contains($0) ? $0 : "_" }))
    if let first = base.unicodeScalars.first, ("0"..."9").contains(first) { base = "_" + base }
    if base.isEmpty { base = "_" }
    var candidate = base
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(base)_\(number)"
      number += 1
    }
    taken.insert(candidate)
    return candidate
  }

  /// The LuaCATS type of a field whose default is `value`: its kind (`integer` for `0`).
  static func luaType(_ value: FlowValue) -> String {
    switch value {
    case .null: return "any"
    case .bool: return "boolean"
    case .int: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .array(let items):
      guard let first = items.first else { return "any[]" }
      let element = luaType(first)
      return items.allSatisfy({ luaType($0) == element }) && !element.contains("[") && !element.contains("<")
        ? element + "[]" : "any[]"
    case .object(let members): return members.isEmpty ? "table" : "table<string, any>"
    }
  }
}
