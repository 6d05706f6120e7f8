import TabFlowLuaBinding
import TabFlowCore
import TabFlowNavigation

/// What a rule script declares: its app name, tabs, screens, rules, deep links, links, guards,
/// context keys and invariants.
public struct ScriptDeclarations: Hashable, Sendable {
  /// A tab as the script declares it.
  public struct Tab: Hashable, Sendable {
    /// The tab's identifier.
    public var id: String
    /// The name of its root screen.
    public var root: String
    /// Its title, for the tab bar.
    public var title: String
    /// What tapping it while selected does.
    public var reselect: ReselectPolicy
    /// What happens to its stack when another tab is selected.
    public var leave: LeavePolicy
    /// Whether its root has navigation.
    public var navigation: Bool
    /// Its role, sidebar section, image and whether the user may hide it.
    public var item: TabBarItem = TabBarItem()
  }

  /// A context key as the script declares it (`context "tier" { "gold", "silver" }`): what the
  /// tools (`check`, `diff`) set it to while they explore.
  package struct ContextKey: Hashable, Sendable {
    /// The key.
    package var key: String
    /// Its sample values, in declaration order; `true` and `false` for a key declared alone
    /// (`context "vip"`, a flag).
    package var values: [FlowValue]
    /// The script line that declared it.
    package var line: Int?
  }

  /// The app's name.
  public var app: String
  /// What back does at the root of a tab.
  public var backBehavior: BackBehavior
  /// The tab the app starts on (`app "Shop" { initialTab = "search" }`); `nil`: the first tab.
  public var initialTab: String? = nil
  /// The tabs, in tab-bar order.
  public var tabs: [Tab]
  /// The screens, in declaration order.
  public var screens: [ScreenDeclaration]
  /// The rule keys (`feed.itemTapped`, `*.cancelled`), in declaration order.
  public var rules: [String]
  /// The deep-link patterns, in declaration order.
  public var deepLinks: [String]
  /// The guard names, in declaration order.
  public var guards: [String]
  /// The screen links (`link("shop://item/:id", "item")`), in declaration order.
  public var links: [ScriptLink]
  /// The declared context keys, in declaration order.
  package var contextKeys: [ContextKey] = []
  /// The invariant names (`invariant("orders need login", …)`), in declaration order.
  public var invariants: [String] = []
  /// The context keys with an `on_context` rule, in declaration order.
  public var contextRules: [String] = []
  /// The script lines that declared each `on_context` rule (parallel to ``contextRules``).
  public internal(set) var contextRuleLines: [Int?] = []
  /// The script lines that declared each invariant (parallel to ``invariants``).
  public internal(set) var invariantLines: [Int?] = []

  /// The script lines that declared each rule, deep link and guard (parallel to ``rules``,
  /// ``deepLinks`` and ``guards``; `nil` when unknown), as the DSL recorded them: for errors that
  /// have no line of their own, and for reports (coverage) that point at declarations.
  public internal(set) var ruleLines: [Int?] = []
  /// See ``ruleLines``.
  public internal(set) var deepLinkLines: [Int?] = []
  /// See ``ruleLines``.
  public internal(set) var guardLines: [Int?] = []
  /// Whether each rule's function can read its payload (parallel to ``rules``): one declared
  /// `function(nav)` cannot, and is called without one.
  var rulesTakePayload: [Bool] = []

  /// The declaration of a screen, by name.
  public func screen(named name: String) -> ScreenDeclaration? {
    screens.first { $0.name == name }
  }

  /// The screen names.
  public var screenNames: [String] { screens.map(\.name) }
  /// The tab identifiers.
  public var tabIDs: [String] { tabs.map(\.id) }
}

extension ScriptDeclarations {
  /// Reads the declarations the DSL recorded (plain data) and checks that they fit together: at
  /// least one tab, every root and rule names a declared screen and action, every deep-link
  /// pattern parses. Errors name the line that declared the culprit.
  init(reading decl: FlowValue, chunk: String) throws(ScriptError) {
    func fail(_ message: String, line: Int? = nil) -> ScriptError {
      ScriptError(.declaration, reason: message, file: chunk, line: line)
    }
    func declaredLine(of item: FlowValue) -> Int? {
      if case let .int(line)? = item["line"] { return line }
      return nil
    }
    func list(_ value: FlowValue?) -> [FlowValue] {
      switch value {
      case let .array(items)?: return items
      default: return []
      }
    }
    func text(_ value: FlowValue?) -> String? {
      if case let .string(text)? = value { return text }
      return nil
    }

    app = text(decl["app"]) ?? ""
    backBehavior = BackBehavior(rawValue: text(decl["back"]) ?? "none") ?? .none
    screens = []
    for item in list(decl["screens"]) {
      guard let name = text(item["name"]) else { throw fail("a screen has no name") }
      let actions = list(item["actions"]).compactMap { action -> (name: String, sample: FlowValue)? in
        text(action["name"]).map { ($0, action["sample"] ?? .emptyObject) }
      }
      screens.append(ScreenDeclaration(
        name: name, title: text(item["title"]), stateDefaults: item["state"]?.objectValue ?? [:], actions: actions))
    }
    let names = screens.map(\.name)
    // The DSL refuses a name declared twice byte for byte; Swift compares names by canonical
    // equivalence, so two spellings of one text (a composed and a decomposed `é`) would be merged
    // here though Lua tells them apart. Such names are refused.
    func refuseSpellings(of declared: [String], _ what: String) throws(ScriptError) {
      var seen = Set<String>()
      for name in declared where !seen.insert(name).inserted {
        throw fail("\(what) '\(name)' is declared twice in different Unicode spellings (normalize the script's text)")
      }
    }
    try refuseSpellings(of: names, "screen")
    for screen in screens { try refuseSpellings(of: screen.actionList, "screen '\(screen.name)': action") }

    tabs = []
    for item in list(decl["tabs"]) {
      guard let id = text(item["id"]), let root = text(item["root"]) else { throw fail("a tab has no id or root") }
      guard names.contains(root) else {
        throw fail(
          "tab '\(id)': its root '\(root)' is not a declared screen" + Suggestions.hint(for: root, in: names),
          line: declaredLine(of: item))
      }
      tabs.append(Tab(
        id: id, root: root, title: text(item["title"]) ?? id,
        reselect: ReselectPolicy(rawValue: text(item["reselect"]) ?? "popToRoot") ?? .popToRoot,
        leave: LeavePolicy(rawValue: text(item["leave"]) ?? "keep") ?? .keep,
        navigation: item["navigation"] != .bool(false),
        item: TabBarItem(
          role: text(item["role"]).flatMap(TabRole.init(rawValue:)), section: text(item["section"]),
          image: text(item["image"]), hideable: item["hideable"] == .bool(true))))
    }
    try refuseSpellings(of: tabs.map(\.id), "tab")
    guard !tabs.isEmpty else { throw fail("the script declares no tab (add e.g. tab \"home\" { root = \"feed\" })") }
    if let initial = text(decl["initialTab"]) {
      let ids = tabs.map(\.id)
      guard ids.contains(initial) else {
        throw fail(
          "app '\(app)': initialTab '\(initial)' is not a declared tab (tabs: \(ids.joined(separator: ", ")))"
            + Suggestions.hint(for: initial, in: ids),
          line: declaredLine(of: decl))
      }
      initialTab = initial
    }

    let declaredRules = list(decl["rules"]).compactMap { item in
      text(item["key"]).map { (key: $0, line: declaredLine(of: item), takesPayload: item["payload"] != .bool(false)) }
    }
    rules = declaredRules.map(\.key)
    ruleLines = declaredRules.map(\.line)
    rulesTakePayload = declaredRules.map(\.takesPayload)
    for (key, line, _) in declaredRules {
      let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { throw fail("rule '\(key)' must be screen.action", line: line) }
      let (screen, action) = (parts[0], parts[1])
      if screen == "*" {
        guard screens.contains(where: { $0.declares(action: action) }) else {
          let all = Set(screens.flatMap(\.actionList)).sorted()
          throw fail(
            "rule '\(key)': no screen declares the action '\(action)'" + Suggestions.hint(for: action, in: all), line: line)
        }
      } else {
        guard let declaration = screens.first(where: { $0.name == screen }) else {
          throw fail(
            "rule '\(key)': '\(screen)' is not a declared screen" + Suggestions.hint(for: screen, in: names), line: line)
        }
        guard declaration.declares(action: action) else {
          throw fail(
            "rule '\(key)': screen '\(screen)' does not declare the action '\(action)' (actions: "
              + declaration.actionList.joined(separator: ", ") + ")"
              + Suggestions.hint(for: action, in: declaration.actionList),
            line: line)
        }
      }
    }

    let declaredLinks = list(decl["deeplinks"]).compactMap { item in
      text(item["pattern"]).map { (pattern: $0, line: declaredLine(of: item)) }
    }
    deepLinks = declaredLinks.map(\.pattern)
    deepLinkLines = declaredLinks.map(\.line)
    for (pattern, line) in declaredLinks {
      do {
        _ = try DeepLinkPattern(pattern)
      } catch {
        throw fail(error.description, line: line)
      }
    }
    links = []
    for item in list(decl["links"]) {
      guard let pattern = text(item["pattern"]), let screen = text(item["screen"]) else {
        throw fail("a link has no pattern or screen")
      }
      let line = declaredLine(of: item)
      let link = ScriptLink(pattern: pattern, screen: screen, tab: text(item["tab"]), line: line)
      if let problem = link.problem(screens: screens, tabs: tabs.map(\.id)) { throw fail(problem, line: line) }
      links.append(link)
    }
    let declaredGuards = list(decl["guards"]).compactMap { item in
      text(item["name"]).map { (name: $0, line: declaredLine(of: item)) }
    }
    guards = declaredGuards.map(\.name)
    guardLines = declaredGuards.map(\.line)
    contextKeys = list(decl["context"]).compactMap { item in
      text(item["key"]).map { key in
        let values = list(item["values"])
        return ContextKey(key: key, values: values.isEmpty ? [.bool(true), .bool(false)] : values, line: declaredLine(of: item))
      }
    }
    try refuseSpellings(of: contextKeys.map(\.key), "context key")
    let declaredInvariants = list(decl["invariants"]).compactMap { item in
      text(item["name"]).map { (name: $0, line: declaredLine(of: item)) }
    }
    invariants = declaredInvariants.map(\.name)
    invariantLines = declaredInvariants.map(\.line)
    try refuseSpellings(of: invariants, "invariant")
    let declaredContextRules = list(decl["contextRules"]).compactMap { item in
      text(item["key"]).map { (key: $0, line: declaredLine(of: item)) }
    }
    contextRules = declaredContextRules.map(\.key)
    contextRuleLines = declaredContextRules.map(\.line)
    try refuseSpellings(of: contextRules, "on_context key")
  }
}
