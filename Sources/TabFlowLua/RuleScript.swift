import TabFlowLuaBinding
import TabFlowCore
import TabFlowNavigation

/// One rule script loaded into its own sandboxed VM: the DSL, the script, its checked
/// declarations and the entry points to call its rules, deep links, guards and invariants. Each
/// call runs its entry point and decodes what it answered (a rule's queue), nothing more:
/// remembering answers is ``RememberingScript``'s, in front of it.
///
/// Not `Sendable`: it lives where the coordinator runs (the store's actor).
@usableFromInline
package final class RuleScript {
  /// A rule that handles an action: its position in the script and its key.
  @usableFromInline
  package struct Rule: Hashable, Sendable {
    @usableFromInline package let index: Int
    @usableFromInline package let key: String
    /// Whether the key is `*.action` (any screen).
    @usableFromInline package let isWildcard: Bool
    /// Whether the rule's function can read its payload (see ``ScriptDeclarations``); when it
    /// cannot, no payload table is made for it.
    package let takesPayload: Bool
  }

  @usableFromInline package let vm: LuaVM
  @usableFromInline package let chunk: String
  /// What the script printed while it loaded, until a print handler takes it.
  private let loadPrints = LoadPrints()
  /// Where the script's `print` lines go now.
  private let prints = ScriptPrintRoute()
  @usableFromInline package let declarations: ScriptDeclarations
  private let callRuleFunction: LuaRef
  private let callDeepLinkFunction: LuaRef
  private let callGuardFunction: LuaRef
  private let callContextRuleFunction: LuaRef
  /// The DSL's `call_invariant` (see ``RuleScript/invariantProblem(_:views:)``).
  let callInvariantFunction: LuaRef
  /// A table of ``CommandField`` names at their positions, kept in the VM.
  private let commandFieldNames: LuaRef
  /// The table `nav:pop()` queues on a rule's own nav (kept referenced, so its identity stays
  /// its own), and that identity.
  private let popOneCommand: LuaRef
  private let popOneIdentity: UInt?
  /// Rules by screen and action: one hashed look-up per action.
  private let rulesByKey: [RuleKey: Rule]
  private let wildcardRules: [String: Rule]
  private let decoder: ScriptCommandDecoder
  private let ruleLocations: [String?]
  private let viewBox = ViewBox()
  /// The last rules looked up (found or not), and where the next one goes once it is full.
  @exclusivity(unchecked) private var recentRules: [(screen: String, action: String, rule: Rule?)] = []
  @exclusivity(unchecked) private var nextRecentRule = 0
  /// The tab ID rules were last called with, as a Lua string kept in the VM: pushing it again is
  /// a registry read instead of interning the string.
  @exclusivity(unchecked) private var lastTab: (id: String, string: LuaRef)?

  /// The most tabs a script may declare (a tab bar shows a handful); the host's work per action
  /// grows with the number of tabs, so it is bounded.
  static let maximumTabs = TabCoordinatorState<DynamicScreen>.maximumTabCount

  /// Loads a script in a fresh VM, checks its declarations, then seals it: from now on its
  /// globals, the libraries and every table it holds are read-only (rules are pure).
  /// `engineNavMethods: false` leaves `nav:push` and `nav:pop` to the DSL's own methods (no C
  /// fast path): for the test that runs every nav method through both and compares the commands.
  init(source: String, chunk: String, limits: LuaVM.Limits, engineNavMethods: Bool = true) throws(ScriptError) {
    self.chunk = chunk
    let viewBox = self.viewBox
    let declared: FlowValue
    var entryPoints: DSLEntryPoints?
    var nameIdentities: [UInt: (name: String, fields: [UInt: String])] = [:]
    let vm: LuaVM
    do {
      vm = try LuaVM(limits: limits)
      vm.hideSource(RuleDSL.chunkName)
      prints.handler = { [loadPrints] line in loadPrints.hold(line) }
      // `view(which, tab, field, argument)`: one ``ViewRead``, answered by the running call's reader.
      let host = try vm.makeRuleHost(prints: prints) { stack in
        let lent = viewBox.lent
        let views = viewBox.views
        guard lent != nil || views != nil else {
          throw ScriptError(.runtime, "nav views can only be read while a rule runs")
        }
        let name = stack.string(at: 3) ?? ""
        guard let field = ViewField(name) else { throw ScriptError(.runtime, "nav has no view '\(name)'") }
        let read = ViewRead(
          ViewRead.Side(stack.string(at: 1)), tab: stack.string(at: 2), field,
          argument: stack.top >= 4 ? try stack.value(at: 4) : nil)
        if let lent {
          try stack.push(try lent.answer(read))
        } else if let views {
          try stack.push(try views(read))
        }
        if field == .context, let watch = viewBox.watch { try watch.watch(contextOn: stack) }
        return 1
      }
      defer { vm.release(host) }
      let prelude = try vm.load(RuleDSL.source, name: RuleDSL.chunkName)
      let factory = try vm.reference(to: "tabflow_make_dsl", in: prelude)
      defer { vm.release(factory) }
      let dsl = try vm.call(factory, resultCount: 3) { stack in
        try stack.push(host)
        try stack.push(
          FlowValue.object([
            "tabs": .int(Self.maximumTabs), "values": .int(limits.maxValueCount),
            "engineNav": .bool(engineNavMethods),
          ]))
      } results: { stack, first in
        entryPoints = try DSLEntryPoints(from: stack, at: first + 2)
        return try stack.reference(at: first)
      }
      guard let entryPoints else { throw ScriptError(.runtime, "the rule DSL gave no entry points") }
      let script = try vm.load(source, name: chunk, globals: dsl)
      vm.release(dsl)
      declared = try vm.call(entryPoints.declarations, resultCount: 1) { _ in } results: { stack, first in
        let value = try stack.value(at: first)
        nameIdentities = try Self.screenNameIdentities(inDeclarationsAt: first, of: stack)
        return value
      }
      try vm.call(entryPoints.seal, resultCount: 0) { stack in
        try stack.push(script.environment)
        try stack.push(FlowValue.array(Self.localNames(in: source).map(FlowValue.string)))
      } results: { _, _ in }
      vm.release(entryPoints.seal)
    } catch {
      throw ScriptError(error, rule: nil).located(in: chunk, line: nil)
    }
    vm.compactAfterLoad()
    // Held only while loading: a rule's print goes to the handler given, or nowhere.
    prints.handler = nil
    self.vm = vm
    guard let entryPoints else { throw ScriptError(.runtime, "the rule DSL gave no entry points").located(in: chunk, line: nil) }
    callRuleFunction = entryPoints.callRule
    callDeepLinkFunction = entryPoints.callDeepLink
    callGuardFunction = entryPoints.callGuard
    callContextRuleFunction = entryPoints.callContextRule
    callInvariantFunction = entryPoints.callInvariant
    commandFieldNames = entryPoints.commandFieldNames
    popOneCommand = entryPoints.popOne
    popOneIdentity = entryPoints.popOneIdentity

    declarations = try ScriptDeclarations(reading: declared, chunk: chunk)
    var byKey: [RuleKey: Rule] = [:]
    var wildcards: [String: Rule] = [:]
    for (offset, key) in declarations.rules.enumerated() {
      let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
      let takesPayload = declarations.rulesTakePayload.indices.contains(offset) ? declarations.rulesTakePayload[offset] : true
      let rule = Rule(index: offset + 1, key: key, isWildcard: parts[0] == "*", takesPayload: takesPayload)
      if parts[0] == "*" { wildcards[parts[1]] = rule } else { byKey[RuleKey(screen: parts[0], action: parts[1])] = rule }
    }
    rulesByKey = byKey
    wildcardRules = wildcards
    ruleLocations = declarations.ruleLines.map { line in line.map { "\(chunk):\($0)" } }
    var decoder = ScriptCommandDecoder(
      screens: Dictionary(declarations.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
      tabs: Set(declarations.tabIDs))
    decoder.screensByNameIdentity = nameIdentities.compactMapValues { name, fields in
      decoder.screens[name].map { DeclaredScreenTemplate(declaration: $0, fieldIdentities: fields) }
    }
    self.decoder = decoder
  }

  /// The names a script declares with `local` (`local a, b <const> = …`, `local function f`), in
  /// order, each once, at most 500: what a mistyped global may have meant. Read from the text
  /// (comments and strings are not skipped: an extra candidate only widens the suggestions).
  static func localNames(in source: String) -> [String] {
    var names: [String] = []
    var seen: Set<Substring> = []
    let text = Substring(source)
    var index = text.startIndex
    func isNameCharacter(_ c: Character) -> Bool { c == "_" || (c.isASCII && (c.isLetter || c.isNumber)) }
    func name(at position: inout Substring.Index) -> Substring? {
      let start = position
      while position < text.endIndex, isNameCharacter(text[position]) { position = text.index(after: position) }
      guard start < position, let first = text[start].asciiValue, !(48...57).contains(first) else { return nil }
      return text[start..<position]
    }
    func skipSpaces(_ position: inout Substring.Index) {
      while position < text.endIndex, text[position].isWhitespace { position = text.index(after: position) }
    }
    while names.count < 500, let found = text[index...].range(of: "local") {
      index = found.upperBound
      if found.lowerBound > text.startIndex, isNameCharacter(text[text.index(before: found.lowerBound)]) { continue }
      guard index < text.endIndex, text[index].isWhitespace else { continue }
      var position = index
      skipSpaces(&position)
      var first = name(at: &position)
      if first == "function" {
        skipSpaces(&position)
        first = name(at: &position)
        if let first, seen.insert(first).inserted { names.append(String(first)) }
        index = position
        continue
      }
      while let current = first {
        if seen.insert(current).inserted { names.append(String(current)) }
        skipSpaces(&position)
        if position < text.endIndex, text[position] == "<" {   // an attribute: <const>, <close>
          while position < text.endIndex, text[position] != ">" { position = text.index(after: position) }
          if position < text.endIndex { position = text.index(after: position) }
          skipSpaces(&position)
        }
        guard position < text.endIndex, text[position] == "," else { break }
        position = text.index(after: position)
        skipSpaces(&position)
        first = name(at: &position)
      }
      index = position
    }
    return names
  }

  /// The declared screen names and their state fields' names as the VM holds them (in the
  /// declarations table, which the DSL keeps for as long as the VM lives), by their identity.
  private static func screenNameIdentities(
    inDeclarationsAt declarations: Int32, of stack: LuaStack
  ) throws(LuaError) -> [UInt: (name: String, fields: [UInt: String])] {
    var identities: [UInt: (name: String, fields: [UInt: String])] = [:]
    guard try stack.pushField("screens", of: declarations) == .table else {
      stack.pop()
      return identities
    }
    let screens = stack.absoluteIndex(-1)
    defer { stack.pop() }
    for position in stride(from: 1, through: stack.rawLength(at: screens), by: 1) {
      guard try stack.pushElement(position, of: screens) == .table else {
        stack.pop()
        continue
      }
      let screen = stack.absoluteIndex(-1)
      defer { stack.pop() }
      try stack.pushField("name", of: screen)
      defer { stack.pop() }
      guard let identity = stack.stringIdentity(at: -1), let name = stack.string(at: -1) else { continue }
      let fields = try stack.pushField("state", of: screen) == .table ? stack.stringKeyIdentities(ofTableAt: -1) : [:]
      stack.pop()
      identities[identity] = (name, fields)
    }
    return identities
  }

  /// The rule for an action of a screen: `screen.action`, else `*.action`.
  @usableFromInline
  package func rule(screen: String, action: String) -> Rule? {
    // Most actions repeat a few screen/action pairs: comparing small strings beats hashing them.
    // Compared in place: copying an entry out would retain its strings.
    for index in recentRules.indices where recentRules[index].screen == screen && recentRules[index].action == action {
      return recentRules[index].rule
    }
    let rule = rulesByKey[RuleKey(screen: screen, action: action)] ?? wildcardRules[action]
    if recentRules.count < Self.recentRuleCount {
      recentRules.append((screen, action, rule))
    } else {
      recentRules[nextRecentRule] = (screen, action, rule)
      nextRecentRule = (nextRecentRule + 1) % Self.recentRuleCount
    }
    return rule
  }

  /// Starts noting the payload fields rules read that their payload does not have, and the
  /// context keys they read that the context does not have (see ``ReadWatch``): what `check`
  /// reports and which keys it sets, having sent each action's declared sample.
  func watchReads() throws(ScriptError) {
    guard viewBox.watch == nil else { return }
    do {
      viewBox.watch = try ReadWatch(vm: vm)
    } catch {
      throw ScriptError(error, rule: nil)
    }
  }

  /// The payload fields rules read and their payload lacked, by action (`feed.itemTapped`),
  /// since ``watchReads()``.
  var missingPayloadFields: [String: Set<String>] { viewBox.watch?.missingFields ?? [:] }
  /// The context keys rules read and the context lacked, since ``watchReads()``.
  var contextKeysRead: Set<String> { viewBox.watch?.contextKeysRead ?? [] }

  /// Sends the script's `print` lines to `handler` from now on (`nil` drops them), after the
  /// lines it printed while loading, which were held for it.
  func usePrintHandler(_ handler: ((ScriptPrint) -> Void)?) {
    prints.handler = handler
    if let handler { loadPrints.deliver(to: handler) }
  }

  /// How many looked-up rules ``rule(screen:action:)`` remembers.
  static let recentRuleCount = 4

  /// Runs a rule, its views read through `views`; returns the commands it queued.
  @usableFromInline
  package func call(
    _ rule: Rule, screen: String, action: String, tab: String, payload: FlowValue, views: ViewReader
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    try withoutActuallyEscaping(views) { views throws(ScriptError) in
      try run(rule, screen: screen, action: action, tab: tab, payload: payload, views: views)
    }
  }

  /// ``call(_:screen:action:tab:payload:views:)`` with views lent by reference (``LentViews``),
  /// which the caller keeps for every call: handing them to the VM allocates nothing.
  @usableFromInline
  package func call(
    _ rule: Rule, screen: String, action: String, tab: String, payload: FlowValue, lent: some LentViews
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    viewBox.lent = lent
    defer { viewBox.lent = nil }
    return try run(rule, screen: screen, action: action, tab: tab, payload: payload, views: nil)
  }

  /// ``call(_:screen:action:tab:payload:views:)`` with a reader it may hand the VM.
  private func run(
    _ rule: Rule, screen: String, action: String, tab: String, payload: FlowValue, views: ViewReader?
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    try commands(of: callRuleFunction, rule: rule.key, line: line(of: rule), views: views) { stack in
      try stack.push(rule.index)
      try pushTab(tab, on: stack)
      if rule.takesPayload {
        try stack.push(payload)
        try viewBox.watch?.watch(payloadOn: stack, action: "\(screen).\(action)")
      } else {
        try stack.pushNil()
      }
      // A `screen.action` rule's key names both; a `*.action` rule is told the screen.
      if rule.isWildcard {
        try stack.push(screen)
        try stack.push(action)
      }
    }
  }

  /// Pushes a tab ID: the Lua string kept for the last one when it is the same tab.
  private func pushTab(_ tab: String, on stack: LuaStack) throws(LuaError) {
    if let lastTab, lastTab.id == tab {
      try stack.push(lastTab.string)
      return
    }
    try stack.push(tab)
    if let lastTab { vm.release(lastTab.string) }
    lastTab = (tab, try stack.reference(at: -1))
  }

  /// Runs the handler of deep-link pattern number `index` (0-based), its views read through
  /// `views`; returns its commands.
  @usableFromInline
  package func callDeepLink(
    _ index: Int, url: String, parameters: [String: String], views: ViewReader
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    try withoutActuallyEscaping(views) { views throws(ScriptError) in
      try commands(
        of: callDeepLinkFunction, rule: "deeplink \(declarations.deepLinks[index])", line: line(ofDeepLink: index),
        views: views
      ) { stack in
        try stack.push(index + 1)
        try stack.push(url)
        try stack.push(FlowValue.object(parameters.mapValues(FlowValue.string)))
      }
    }
  }

  /// Runs `on_context` rule number `index` (0-based) for the context key `key`'s new `value`
  /// (`nil`: removed), its nav describing the selected tab `tab`; returns its commands. Not
  /// remembered: a context change is rare.
  package func callContextRule(
    _ index: Int, key: String, value: FlowValue?, tab: String, views: ViewReader
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    try withoutActuallyEscaping(views) { views throws(ScriptError) in
      try commands(
        of: callContextRuleFunction, rule: "on_context \(key)", line: Self.line(declarations.contextRuleLines, index),
        views: views
      ) { stack in
        try stack.push(index + 1)
        try stack.push(tab)
        try stack.push(key)
        if let value { try stack.push(value) } else { try stack.pushNil() }
      }
    }
  }

  /// Calls a DSL entry point that returns a queue, and decodes the queue while it is on the
  /// stack, field by field. A decoding failure is the rule's (reported at its declaration), not
  /// the VM's. It comes back as the call's result, not in a variable the decoding closure sets:
  /// such a variable lives in memory and is destroyed after every call (measured: about 60
  /// instructions per rule call).
  private func commands(
    of function: LuaRef, rule: String, line: Int?, views: ViewReader?, arguments: (LuaStack) throws -> Void
  ) throws(ScriptError) -> [NavigationCommand<DynamicScreen>] {
    let decoded = try withViews(views, rule: rule, line: line) {
      try vm.call(function, resultCount: 1, arguments: arguments) { stack, first in
        do throws(ScriptError) {
          return Result<[NavigationCommand<DynamicScreen>], ScriptError>.success(
            try decoder.commands(fromQueueAt: first, in: stack, fieldNames: commandFieldNames, popOne: popOneIdentity))
        } catch {
          return .failure(error)
        }
      }
    }
    switch decoded {
    case let .success(commands):
      return commands
    case var .failure(failure):
      failure.rule = rule
      throw failure.located(in: chunk, line: line)
    }
  }

  /// What a guard answered when it refused a change: its reason, the commands its `redirect`
  /// queued (run against the state before the change), whether it asked to `defer` a link, and
  /// whether it asks the user (`{ ask = true }`) rather than blocks.
  @usableFromInline
  package struct GuardRefusal {
    @usableFromInline package var reason: String
    @usableFromInline package var redirect: [NavigationCommand<DynamicScreen>]?
    @usableFromInline package var deferLink: Bool
    @usableFromInline package var asks: Bool
    /// Whether it asked to resume the rejected in-app action (`resume = true`).
    @usableFromInline package var resume: Bool = false
  }

  /// The first refusal of the script's guards, in order, of a batch from `source`, skipping the
  /// guards named in `confirmed`: the guard's number and what it answered; `nil` when every
  /// guard allows it. A guard's error is thrown, with its number in `failingGuard`.
  @usableFromInline
  package func firstRefusal(
    source: BatchSource, skipping confirmed: Set<String>, views: ViewReader, failingGuard: inout Int
  ) throws(ScriptError) -> (index: Int, refusal: GuardRefusal)? {
    try withoutActuallyEscaping(views) { views throws(ScriptError) in
      let text = source.description
      for (index, name) in declarations.guards.enumerated() where confirmed.isEmpty || !confirmed.contains(name) {
        failingGuard = index
        if let refusal = try callGuard(index, source: text, views: views) { return (index, refusal) }
      }
      return nil
    }
  }

  /// Runs guard number `index` (0-based) on a change from `source` (which it reads as
  /// `change.source`), its views — `change.after`, `change.before`, `change.commands` — read
  /// through `views`; `nil` allows it.
  func callGuard(_ index: Int, source: String, views: @escaping ViewReader) throws(ScriptError) -> GuardRefusal? {
    let line = line(ofGuard: index)
    let label = BatchFailure.guardLabel(declarations.guards[index])
    let answer = try withViews(views, rule: label, line: line) {
      try vm.call(callGuardFunction, resultCount: 6) { stack in
        try stack.push(index + 1)
        try stack.push(source)
      } results: { stack, first -> (reason: String, redirect: FlowValue, deferLink: Bool, resume: Bool, asks: Bool)? in
        guard !stack.isTruthy(at: first) else { return nil }
        return (
          stack.string(at: first + 1) ?? "rejected", try stack.value(at: first + 2), stack.isTruthy(at: first + 3),
          stack.isTruthy(at: first + 4), stack.isTruthy(at: first + 5))
      }
    }
    guard let answer else { return nil }
    var redirect: [NavigationCommand<DynamicScreen>]?
    if answer.redirect != .bool(false) {
      do {
        redirect = try decoder.commands(from: answer.redirect)
      } catch {
        var failure = error
        failure.rule = label
        throw failure.located(in: chunk, line: line)
      }
    }
    return GuardRefusal(
      reason: answer.reason, redirect: redirect, deferLink: answer.deferLink, asks: answer.asks, resume: answer.resume)
  }

  /// Runs `body` with `views` answering the `nav` views (`nil`: views already lent, see
  /// ``LentViews``); maps VM errors to script errors located in the script (`line` is where the
  /// running rule, deep link, guard or invariant was declared).
  func withViews<Result>(
    _ views: ViewReader?, rule: String, line: Int?, _ body: () throws -> Result
  ) throws(ScriptError) -> Result {
    if let views { viewBox.views = views }
    defer { if views != nil { viewBox.views = nil } }
    do {
      return try body()
    } catch {
      var located = ScriptError(error, rule: rule).located(in: chunk, line: line)
      located.traceback = located.traceback.map(Self.withoutEngineFrames)
      throw located
    }
  }

  /// A traceback without the rule DSL's frames: the author's code and the library functions it
  /// called, nothing of TabFlow's — neither the DSL's Lua frames nor the engine's C function a
  /// rule is called from (the last frame, `[C]: in ?`).
  static func withoutEngineFrames(_ traceback: String) -> String {
    var lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains(RuleDSL.location + ":") }
    if let last = lines.last, last.trimmingCharacters(in: .whitespaces) == "[C]: in ?" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// The script line that declared a rule.
  @usableFromInline
  package func line(of rule: Rule) -> Int? { Self.line(declarations.ruleLines, rule.index - 1) }

  /// `shop.lua:12`, where a rule was declared (made once, not per call).
  @usableFromInline
  package func location(of rule: Rule) -> String? {
    ruleLocations.indices.contains(rule.index - 1) ? ruleLocations[rule.index - 1] : nil
  }

  /// The script line that declared deep link number `index` (0-based).
  @usableFromInline
  package func line(ofDeepLink index: Int) -> Int? { Self.line(declarations.deepLinkLines, index) }
  /// The line declaring guard number `index` (0-based).
  @usableFromInline
  package func line(ofGuard index: Int) -> Int? { Self.line(declarations.guardLines, index) }
  /// The line declaring invariant number `index` (0-based).
  @usableFromInline
  package func line(ofInvariant index: Int) -> Int? { Self.line(declarations.invariantLines, index) }

  private static func line(_ lines: [Int?], _ index: Int) -> Int? {
    lines.indices.contains(index) ? lines[index] : nil
  }

  /// A rule's screen and action.
  struct RuleKey: Hashable {
    let screen: String
    let action: String
  }

  /// Holds the reader of the running call's views; the registered view function reads it.
  final class ViewBox {
    var views: ViewReader?
    /// Views lent by reference for a rule call (unretained: the lender outlives the call);
    /// answered before ``views``.
    @exclusivity(unchecked) unowned(unsafe) var lent: (any LentViews)?
    /// While `check` or `diff` explores: what the rules read (``ReadWatch``).
    var watch: ReadWatch?
  }
}
