import Foundation
import Logging
import TabFlowCore
import TabFlowDelivery
import TabFlowLua
import TabFlowNavigation
import TabFlowScriptExploration

/// A flow being driven: the rule script, the navigation state and the last line's outcome.
/// Every line goes through the real `TabCoordinator` with the script's guards and deep links.
final class FlowSession {
  typealias State = TabCoordinatorState<DynamicScreen>
  typealias Coordinator = TabCoordinator<ScriptedRules<DynamicScreen, DynamicAction>>

  /// Where the script came from: a file to reload, a signed rule package (its path, the
  /// package as verified, the keys to verify a reload with), or the bundled demo.
  enum Origin {
    case file(String)
    case package(String, RulePackage, keys: [RulePublicKey])
    case bundledDemo
  }

  private(set) var origin: Origin
  let rules: ScriptedRules<DynamicScreen, DynamicAction>
  private let coordinator: Coordinator
  // The fields a line reads and writes are used one at a time, by one thread: no run-time
  // exclusivity checks.
  @exclusivity(unchecked) private(set) var state: State
  @exclusivity(unchecked) private var history: [State] = []
  /// What kind of failure the last failed line was.
  @exclusivity(unchecked) private(set) var lastFailureKind: FailureKind?
  /// Why the coordinator refused the last failed line, when it did.
  @exclusivity(unchecked) private var lastBatchFailure: BatchFailure?
  /// Whether the previous line failed, and why (for `expect error`).
  private(set) var lastFailure: String?
  /// The Lua traceback of the last failed line, when a rule error failed it (shown with --verbose).
  private(set) var lastTraceback: String?
  /// What the coordinator reported while running the last line.
  @exclusivity(unchecked) private(set) var lastReports: [NavigationReport] = []
  /// The last batch a guard rejected, which `confirm` re-sends past that guard.
  private(set) var lastRejected: RejectedBatch<DynamicScreen>?
  /// The events the last line that ran (not an expectation) emitted, for `expect event`.
  @exclusivity(unchecked) private(set) var lastEvents: [NavigationEvent] = []
  /// The guard that rejected the last line that ran (not an expectation), for `expect rejected`.
  @exclusivity(unchecked) private(set) var lastRejectingGuard: String?
  /// The context key whose `on_context` rule the last line ran (a `set` that changed its value).
  @exclusivity(unchecked) private(set) var lastContextRule: String?
  /// The context keys the script reads (`nav.context.loggedIn`), which `set` checks its key against.
  private(set) var contextKeys: [String] = []
  /// Warnings about the last line, which ran anyway: an action from a covered screen, a context
  /// key the script does not read.
  private(set) var warnings: [String] = []
  /// Whether a line that changed the state says how (`+ item {id=3}`) and what the rules
  /// emitted; the explorer, which prints none of it, turns this off.
  var describesChanges = true
  /// The folder a relative `reload FILE` names a file in: a scenario file's (`run`), so a
  /// scenario names its files as it is read; `nil` (the REPL, `send`): the current script's.
  var relativePathBase: String?
  /// Whether a line that changed the state can be undone (`undo`); the explorer, which puts the
  /// session in a state before every line, turns this off.
  var keepsHistory = true
  /// Whether a line that ran says if it changed the state (`unchanged`), comparing the state
  /// after it with a copy of the one before; the explorer, which knows the state it put the
  /// session in and compares with that, turns this off (every line that ran then says `changed`).
  var tellsUnchangedLines = true

  /// Whether the session serves the explorer, which runs lines from states it puts the session
  /// in and prints none of what they did: then no change is described, kept for `undo` or told
  /// unchanged (the explorer compares), and the rules' answers are remembered (the same rules run
  /// from many states).
  var isExploring = false {
    didSet {
      describesChanges = !isExploring
      keepsHistory = !isExploring
      tellsUnchangedLines = !isExploring
      rules.remembersRuleAnswers = isExploring
      // The explorer sends each action's declared sample: a field a rule reads beyond it is one
      // no line can set (`check` reports it). Without the watch, nothing is reported.
      if isExploring { try? rules.watchReads() }
    }
  }

  init(origin: Origin, limits: LuaVM.Limits = LuaVM.Limits()) throws(ScriptError) {
    self.origin = origin
    switch origin {
    case let .file(path):
      rules = try ScriptedRules(contentsOfFile: path, limits: limits)
    case let .package(_, package, _):
      rules = try ScriptedRules(source: package.script, name: package.chunkName, limits: limits)
    case .bundledDemo:
      rules = try ScriptedRules(source: EmbeddedLua.demo, name: "demo.lua", limits: limits)
    }
    // The CLI reports every failure itself; the library's log lines would only repeat them.
    var logger = Logger(label: "tabflow.navigation")
    logger.logLevel = .error
    coordinator = TabCoordinator(script: rules, logger: logger)
    state = try rules.initialState()
    contextKeys = Self.contextKeys(of: origin, declarations: rules.declarations)
  }

  /// The rule script's text, or `nil` when it cannot be read (a file is read as it is now).
  var scriptText: String? { Self.scriptText(of: origin) }

  /// The text of the rule script of `origin`, or `nil` when it cannot be read.
  private static func scriptText(of origin: Origin) -> String? {
    switch origin {
    case let .file(path): try? String(contentsOfFile: path, encoding: .utf8)
    case let .package(_, package, _): package.script
    case .bundledDemo: EmbeddedLua.demo
    }
  }

  /// Starts counting which lines of the rule script run (`run --coverage`); see
  /// ``lineCoverage()``. Returns the script's text, or `nil` (and counts nothing) when it cannot
  /// be read.
  @discardableResult
  func startLineCoverage() -> String? {
    guard let text = scriptText else { return nil }
    rules.startLineCoverage(lineCount: ScenarioCoverage.luaLines(of: text).count)
    return text
  }

  /// What ``startLineCoverage()`` counted since: hits per line that ran, and the executable lines
  /// of every function of the script that ran. A reload starts a VM that counts nothing.
  func lineCoverage() -> (hits: [Int: Int], executable: Set<Int>) {
    rules.lineCoverage()
  }

  /// The context keys the script of `origin` declares or names after `context.` in its text: what
  /// `set` suggests a mistyped key from. (The explorers set the keys rules are seen to read:
  /// ``ContextSamples``.)
  private static func contextKeys(of origin: Origin, declarations: ScriptDeclarations) -> [String] {
    let text = scriptText(of: origin)
    return Array(Set(
      declarations.contextKeys.map(\.key) + declarations.contextRules + (text.map(mentionedContextKeys(in:)) ?? [])
    )).sorted()
  }

  /// The names after `context.` in a script's text, e.g. `loggedIn` in `nav.context.loggedIn`.
  private static func mentionedContextKeys(in source: String) -> [String] {
    var keys = Set<String>()
    var rest = Substring(source)
    while let range = rest.range(of: "context.") {
      let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if let first = name.first, first.isLetter || first == "_" { keys.insert(String(name)) }
      rest = rest[range.upperBound...]
    }
    return keys.sorted()
  }

  /// The script's chunk name (`demo.lua`).
  var chunk: String { rules.chunk }

  /// Runs one line and says what happened.
  func execute(_ line: FlowLine) -> LineOutcome {
    lastFailureKind = .input
    lastBatchFailure = nil
    lastTraceback = nil
    lastReports.removeAll(keepingCapacity: true)
    lastContextRule = nil
    warnings.removeAll()
    switch line {
    case .expect, .nothing: break
    default:
      lastEvents.removeAll(keepingCapacity: true)
      lastRejectingGuard = nil
    }
    var outcome = run(line)
    switch outcome {
    case let .failed(message):
      // A message is one line: a line break or escape code from a script is shown, not obeyed.
      outcome = .failed(message.escapingControlCharacters(keepingLineBreaks: false))
      lastFailure = message
    case .changed, .unchanged: lastFailure = nil
    default: break
    }
    return outcome
  }

  /// Notes a line that failed before it could run (it did not parse), so that `expect error`
  /// after it sees that failure rather than the one of the line before.
  func lineFailedToParse(_ message: String) {
    lastFailureKind = .input
    lastFailure = message
    lastEvents.removeAll()
    lastRejectingGuard = nil
  }

  /// The URL of the selected tab's top screen, from the script's links.
  var currentURL: String? { currentURL(of: state) }

  /// The URL of a state's selected top screen.
  func currentURL(of state: State) -> String? { coordinator.deepLinks.url(for: state) }

  /// Why the selected tab's top screen has no URL: no link declares it, or the first link that
  /// does cannot write its state (an empty path field, a list or table field).
  private var noURLReason: String {
    let top = state.selectedStack.top.screen
    let declarations = rules.declarations
    let links = declarations.links.filter { $0.screen == top.name }
    guard let declaration = declarations.screen(named: top.name), !links.isEmpty else {
      return "no link declares \(top.name)"
    }
    return links.lazy.compactMap { $0.urlProblem(for: top.state, declaration: declaration) }.first
      ?? "no link of \(top.name) writes its state"
  }

  /// Whether the system back gesture would go back on the visible layer now, as the
  /// coordinator answers it (``TabCoordinator/backGesture(in:)``): the `updateRoutes` it would
  /// send, tried without committing.
  var backGesture: BackGesture {
    coordinator.backGesture(in: state)
  }

  /// Puts the session in `state` (`map` visits many states); forgets the undo history. A state
  /// the session holds already, bit for bit (the same storage in every field), is not copied in
  /// again.
  func load(_ state: State) {
    if !Self.identical(&self.state, state) { self.state = state }
    history.removeAll(keepingCapacity: true)
    lastFailure = nil
    lastRejected = nil
  }

  /// Whether two states are the same bits (the same storage in every field), and so equal;
  /// `false` says nothing. `state` is read in place.
  static func identical(_ state: inout State, _ other: State) -> Bool {
    withUnsafeBytes(of: &state) { lhs in
      withUnsafeBytes(of: other) { rhs in
        guard let left = lhs.baseAddress, let right = rhs.baseAddress, lhs.count == rhs.count else { return false }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }

  private func run(_ line: FlowLine) -> LineOutcome {
    switch line {
    case .nothing:
      return .nothing
    case let .invalidAction(message):
      return .failed(message)
    case let .action(tab, screen, action, payload):
      do {
        let id = try routeID(forAction: action, of: screen, in: tab.map { TabID($0) })
        // A declared action's sample payload is its schema: a missing or extra field is an error.
        // (The explorer sends the samples themselves: nothing to check.)
        if !isExploring, let name = state.routeContext(for: id)?.screen.name,
          let problem = rules.payloadProblem(screen: name, action: action, payload: payload) {
          return .failed(problem)
        }
        return drive(.router(.routeAction(id: id, action: DynamicAction(action, payload: payload))))
      } catch {
        return .failed(error.description)
      }
    case let .tab(tab):
      guard Self.hasTab(TabID(tab), in: &state) else { return .failed(Self.unknownTab(tab, in: state)) }
      return drive(.tabTapped(TabID(tab)))
    case .back:
      return drive(.back)
    case let .customize(change):
      return drive(.customizeTabs(change))
    case let .url(url):
      let outcome = drive(.openURL(url))
      if case .noDeepLinkMatch? = lastBatchFailure?.reason, let empty = coordinator.deepLinks.emptyParameter(in: url) {
        return .failed(ScriptStepFailure.emptyParameterMessage(url: url, parameter: empty.parameter, pattern: empty.pattern))
      }
      return outcome
    case .currentURL:
      return .info(currentURL ?? "(no url: \(noURLReason))")
    case let .set(key, value):
      if !contextKeys.contains(key), !isExploring {
        let known = contextKeys.isEmpty ? "it reads none" : "it reads " + contextKeys.joined(separator: ", ")
        if let suggestion = Suggestions.closest(to: key, in: contextKeys) {
          return .failed("the script reads no context key '\(key)' (\(known)) — did you mean '\(suggestion)'?")
        }
        warnings.append("the script reads no context key '\(key)' (\(known)); set anyway")
      }
      let newValue = value == .null ? nil : value
      if state.context[key] != newValue, rules.reacts(toContext: key) { lastContextRule = key }
      return drive(.setContext(key, newValue))
    case let .expect(expectation):
      return check(expectation)
    case .command(.undo):
      guard let previous = history.popLast() else { return .failed("nothing to undo") }
      let before = state
      state = previous
      // The rejection was about the state undone.
      lastRejected = nil
      return .changed(ChangeSummary(before: before, after: state, rules: rules).lines, events: [])
    case .command(.confirm):
      guard let rejected = lastRejected else { return .failed("nothing to confirm: no guard rejected a change") }
      // One rejection, confirmed at most once: confirmed or refused as stale, it is gone.
      lastRejected = nil
      return drive(.confirm(rejected))
    case .command(.cancelLink):
      guard state.pendingLink != nil else { return .failed("no pending link to cancel") }
      return drive(.cancelPendingLink)
    case .command(.reload):
      return reload()
    case let .reloadFrom(path):
      return reload(from: path)
    case let .command(command):
      return .command(command)
    }
  }

  /// Sends a coordinator action; remembers the state for `undo` when it changes. A Lua guard
  /// that raised an error while the action ran fails the line as a rule error (see
  /// ``ScriptStepFailure``), whatever the coordinator made of it.
  private func drive(_ action: Coordinator.Action) -> LineOutcome {
    var events: [String] = []
    let guardErrors = rules.guardErrorCount
    guard tellsUnchangedLines || describesChanges || keepsHistory else {
      // Nothing reads the state before the line: it is not copied.
      let outputs = coordinator.apply(action, to: &state)
      return failure(of: outputs, guardErrors: guardErrors, events: &events).map { .failed($0.message) }
        ?? .changed([], events: events)
    }
    let before = state
    let outputs = coordinator.apply(action, to: &state)
    let failure = failure(of: outputs, guardErrors: guardErrors, events: &events)
    if let failure, !failure.changeMade { return .failed(failure.message) }
    if state != before, keepsHistory {
      history.append(before)
      if history.count > 200 { history.removeFirst(history.count - 200) }
    }
    if let failure { return .failed(failure.message) }
    if state == before { return .unchanged(events: events) }
    guard describesChanges else { return .changed([], events: events) }
    return .changed(ChangeSummary(before: before, after: state, rules: rules).lines, events: events)
  }

  /// Notes what the coordinator said of a line (``note(_:events:)``) and how it failed, if it did
  /// (``ScriptStepFailure``, with `guardErrors` the rules' guard error count before it ran). A
  /// Lua guard's error is a failure of the rules (with the guard's error and traceback), never a
  /// rejection the user could be asked about and confirm — as an app counts it
  /// (``ScriptedRules/guardErrorCount``).
  private func failure(
    of outputs: [TabCoordinatorDelegate<DynamicScreen>], guardErrors: Int, events: inout [String]
  ) -> ScriptStepFailure? {
    let batchFailure = note(outputs, events: &events)
    let guardFailed = rules.guardErrorCount != guardErrors
    // The guard's error is read only when one failed: reading it copies its strings.
    let error = guardFailed ? rules.lastGuardError : nil
    guard let failure = ScriptStepFailure(firstFailure: batchFailure, guardFailed: guardFailed, guardError: error) else {
      return nil
    }
    lastFailureKind = failure.kind
    if guardFailed {
      lastBatchFailure = nil
      lastRejected = nil
      lastRejectingGuard = nil
      lastTraceback = error?.traceback
    }
    return failure
  }

  /// Notes what the coordinator said of a line, up to the first batch it discarded — a rejection
  /// to confirm, reports, the events rules emitted (into `events`, when changes are described),
  /// the failure and a rule error's traceback; the first batch discarded, if any.
  private func note(_ outputs: [TabCoordinatorDelegate<DynamicScreen>], events: inout [String]) -> BatchFailure? {
    for output in outputs {
      if case let .rejected(rejected) = output {
        lastRejected = rejected
        lastRejectingGuard = rejected.guardName
      }
      if let failure = output.failure {
        lastBatchFailure = failure
        if case let .ruleFailed(rule) = failure.reason { lastTraceback = rule.traceback }
        return failure
      }
      if case let .report(report) = output {
        lastReports.append(report)
        if case let .event(event) = report { lastEvents.append(event) }
        if describesChanges { events.append(report.description.escapingControlCharacters(keepingLineBreaks: false)) }
      }
    }
    return nil
  }

  /// The topmost route of the selected tab (or of `tab`) showing `screen`, after checking that the
  /// screen and the action are declared (with suggestions).
  func routeID(forAction action: String, of screen: String, in tab: TabID? = nil) throws(ScriptError) -> RouteID {
    // Read where the script holds them (`rules.declarations` would copy them all).
    if let problem = Self.undeclared(screen: screen, action: action, in: rules.script.declarations) {
      throw ScriptError(.unknownName, problem)
    }
    // Un-addressed, the app layer is searched first: what is presented over the tab bar is on top.
    if tab == nil, let id = LineRoute.inAppLayer(showing: screen, in: &state) {
      return id
    }
    // A line the explorer sends, or one addressed to a tab, gets no warning about a cover: found in place.
    if isExploring || tab != nil, let id = LineRoute.inTab(showing: screen, tab: tab, in: &state) {
      return id
    }
    let tabID = tab ?? state.selectedTab
    guard let stack = state.stack(for: tabID) else {
      throw ScriptError(.unknownName, Self.unknownTab(tabID.rawValue, in: state))
    }
    guard let index = stack.routes.lastIndex(where: { $0.screen.name == screen }) else {
      throw ScriptError(.unknownName, Self.noScreen(screen, addressed: tab != nil, tab: tabID, stack: stack))
    }
    if tab == nil, !isExploring, let cover = state.appLayer.first ?? stack.routes[(index + 1)...].first(where: \.isPresented) {
      warnings.append(
        "\(screen) is covered by \(cover.style):\(cover.screen.name): a user cannot tap it "
          + "(an effect finishing on it can send \(screen).\(action); write \(tabID):\(screen).\(action) to say so)")
    }
    return stack.ids[index]
  }

  /// Whether `state` has the tab `tab`. The state is read where the session holds it (`inout`):
  /// a computed view of the stored property (`state.tabIDs`) would copy the whole state first.
  private static func hasTab(_ tab: TabID, in state: inout State) -> Bool {
    state.position(ofTab: tab) != nil
  }

  private func check(_ expectation: Expectation) -> LineOutcome {
    switch expectation {
    case let .tab(tab):
      return verdict(state.selectedTab.rawValue == tab, expected: "tab \(tab)", actual: "tab \(state.selectedTab)")
    case let .depth(depth):
      let actual = state.selectedStack.count
      return verdict(actual == depth, expected: "depth \(depth)", actual: "depth \(actual) (\(StateText.path(state.selectedStack)))")
    case let .stack(tab, entries):
      let tabID = tab.map { TabID($0) } ?? state.selectedTab
      guard let stack = state.stack(for: tabID) else {
        return .expectationFailed(expected: "a tab '\(tabID)'", actual: "tabs \(state.tabIDs.map(\.rawValue).joined(separator: ", "))")
      }
      let actual = stack.routes.map { StackEntry(screen: $0.screen.name, presented: $0.isPresented ? $0.style : nil) }
      return verdict(
        actual == entries, expected: "\(tabID): " + entries.map(\.description).joined(separator: " > "),
        actual: "\(tabID): " + actual.map(\.description).joined(separator: " > "))
    case let .app(entries):
      let actual = state.appLayer.map { StackEntry(screen: $0.screen.name, presented: $0.isPresented ? $0.style : nil) }
      func text(_ routes: [StackEntry]) -> String {
        "app " + (routes.isEmpty ? "none" : routes.map(\.description).joined(separator: " > "))
      }
      return verdict(actual == entries, expected: text(entries), actual: text(actual))
    case let .top(screen, expectedState):
      // What the user sees: the app layer's top when something is presented over the tab bar.
      let top = state.visibleTop.screen
      let matches = top.name == screen && (expectedState.map { FlowValue.object(top.state).contains($0) } ?? true)
      return verdict(
        matches, expected: "top \(screen)" + (expectedState.map { " \($0)" } ?? ""),
        actual: "top \(StateText.screen(top))")
    case let .url(url):
      return verdict(currentURL == url, expected: "url \(url ?? "none")", actual: "url \(currentURL ?? "none")")
    case let .pendingLink(url):
      return verdict(
        state.pendingLink == url, expected: "pending \(url ?? "none")", actual: "pending \(state.pendingLink ?? "none")")
    case let .pendingResume(commands):
      let actual = state.pendingResume.map(StateText.resumeCommands)
      return verdict(
        actual == commands, expected: "resume \(commands.map(FlowName.quoted) ?? "none")",
        actual: "resume \(actual.map(FlowName.quoted) ?? "none")")
    case let .event(name, payload):
      let matches = lastEvents.contains { $0.name == name && (payload.map($0.payload.contains) ?? true) }
      let emitted = lastEvents.isEmpty ? "no event" : "events " + lastEvents.map(\.description).joined(separator: ", ")
      return verdict(
        matches, expected: "event \(name)" + (payload.map { " \($0)" } ?? ""), actual: emitted + " from the previous line")
    case let .context(key, value):
      let actual = state.context[key] ?? .null
      return verdict(
        actual == value, expected: "context \(FlowName.written(key)) \(value)",
        actual: "context \(FlowName.written(key)) \(actual)")
    case let .rejected(name):
      let expected = name.map { "rejected by \(BatchFailure.guardLabel($0))" } ?? "rejected by a guard"
      guard let rejecting = lastRejectingGuard else {
        let actual = lastFailure.map { "error: \($0)" } ?? "the previous line was not rejected"
        return .expectationFailed(expected: expected, actual: actual)
      }
      guard name == nil || name == rejecting else {
        return .expectationFailed(expected: expected, actual: "rejected by \(BatchFailure.guardLabel(rejecting))")
      }
      lastFailure = nil
      return .expectationPassed
    case let .error(text):
      guard let failure = lastFailure else {
        return .expectationFailed(expected: text.map { "an error containing \"\($0)\"" } ?? "an error", actual: "the previous line succeeded")
      }
      if let text, !failure.contains(text) {
        return .expectationFailed(expected: "an error containing \"\(text)\"", actual: "error: \(failure)")
      }
      lastFailure = nil
      return .expectationPassed
    }
  }

  private func verdict(_ passed: Bool, expected: String, actual: String) -> LineOutcome {
    passed ? .expectationPassed : .expectationFailed(expected: expected, actual: actual)
  }

  private func reload() -> LineOutcome {
    switch origin {
    case let .file(path):
      return reload(path: path)
    case let .package(path, _, keys):
      return reloadPackage(path, keys: keys)
    case .bundledDemo:
      return .info("the bundled demo is built in; run flowscript repl scripts/demo.lua to edit and reload it")
    }
  }

  /// Reloads a package file after verifying it again with the same keys.
  private func reloadPackage(_ path: String, keys: [RulePublicKey]) -> LineOutcome {
    let package: RulePackage
    do {
      guard let data = FileManager.default.contents(atPath: path) else {
        return .failed("reload failed, the old rules stay active: cannot read \(path)")
      }
      package = try RulePackageVerification(pinnedKeys: keys).signed(data)
    } catch {
      return .failed("reload failed, the old rules stay active: \(path): \(error)")
    }
    let outcome = reload { () throws(ScriptError) in
      try rules.reload(source: package.script, name: package.chunkName, keeping: state)
    }
    if case .info = outcome {
      origin = .package(path, package, keys: keys)
      contextKeys = Self.contextKeys(of: origin, declarations: rules.declarations)
    }
    return outcome
  }

  /// Replaces the script by the file at `path` (relative to ``relativePathBase`` when set,
  /// otherwise to the current script's folder), which later reloads read.
  private func reload(from path: String) -> LineOutcome {
    var resolved = path
    if !path.hasPrefix("/"), let base = relativePathBase {
      resolved = base.isEmpty ? path : (base as NSString).appendingPathComponent(path)
    } else if !path.hasPrefix("/"), case let .file(current) = origin {
      resolved = ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path)
    }
    let outcome = reload(path: resolved)
    if case .info = outcome {
      origin = .file(resolved)
      contextKeys = Self.contextKeys(of: origin, declarations: rules.declarations)
    }
    return outcome
  }

  private func reload(path: String) -> LineOutcome {
    if let problem = InputFile.problem(path, what: "script") {
      return .failed("reload failed, the old rules stay active: \(problem)")
    }
    return reload { () throws(ScriptError) in try rules.reload(contentsOfFile: path, keeping: state) }
  }

  /// Adopts the state a reload migrated, or says why the old rules stay.
  private func reload(_ migrate: () throws(ScriptError) -> State) -> LineOutcome {
    do {
      state = try migrate()
      // Earlier states may hold what the new script no longer declares: undo starts afresh.
      history.removeAll()
      lastRejected = nil
      contextKeys = Self.contextKeys(of: origin, declarations: rules.declarations)
      return .info("reloaded \(rules.chunk): \(rules.declarations.rules.count) rules; navigation kept (undo history cleared)")
    } catch {
      return .failed("reload failed, the old rules stay active: \(error)")
    }
  }

  /// What a failed line says (``ScriptStepFailure/message(for:)``).
  static func message(for failure: BatchFailure) -> String { ScriptStepFailure.message(for: failure) }

  /// What `show` says of the last rejected change, while it is the last thing that happened:
  /// whether its guard asks (`confirm` re-sends it) or blocks (nothing can). `nil` when there is
  /// none.
  var rejectionLine: String? {
    guard let lastRejected else { return nil }
    let guardLabel = BatchFailure.guardLabel(lastRejected.guardName)
    return lastRejected.asks
      ? "last change: \(guardLabel) asks: \(lastRejected.reason) — `confirm` re-sends it"
      : "last change: blocked by \(guardLabel): \(lastRejected.reason) — it cannot be confirmed"
  }

  /// What a question's failure line ends with (``ScriptStepFailure/askSuffix``).
  static var askSuffix: String { ScriptStepFailure.askSuffix }

  /// Why an action line is refused before it is sent: its screen, or its action, not declared
  /// in `declarations` (with a suggestion); `nil` when both are.
  static func undeclared(screen: String, action: String, in declarations: ScriptDeclarations) -> String? {
    guard let declaration = declarations.screen(named: screen) else {
      return "unknown screen '\(screen)'" + Suggestions.hint(for: screen, in: declarations.screenNames)
    }
    guard declaration.declares(action: action) else {
      let actions = declaration.actionList
      return "screen '\(screen)' has no action '\(action)' (actions: \(actions.isEmpty ? "none" : actions.joined(separator: ", ")))"
        + Suggestions.hint(for: action, in: actions)
    }
    return nil
  }

  /// What a line naming a tab `state` lacks says (with a suggestion).
  static func unknownTab(_ tab: String, in state: State) -> String {
    let known = state.tabIDs.map(\.rawValue)
    return "unknown tab '\(tab)' (tabs: \(known.joined(separator: ", ")))" + Suggestions.hint(for: tab, in: known)
  }

  /// What an action line says when no route of `tab`'s `stack` shows `screen` (the line named the
  /// tab when `addressed`).
  static func noScreen(_ screen: String, addressed: Bool, tab: TabID, stack: RouteStack<DynamicScreen>) -> String {
    "no '\(screen)' screen in \(addressed ? "the tab" : "the selected tab") '\(tab)' (\(StateText.path(stack)))"
  }
}

/// What a line did.
enum LineOutcome: Equatable {
  /// Nothing to do (blank line, comment).
  case nothing
  /// The navigation changed: one or two lines saying how, and events the rules emitted.
  case changed([String], events: [String])
  /// The line was applied and changed nothing (a reselect at root, an action without a rule).
  case unchanged(events: [String])
  /// The line failed; the state is unchanged.
  case failed(String)
  /// An `expect` held.
  case expectationPassed
  /// An `expect` did not hold.
  case expectationFailed(expected: String, actual: String)
  /// A REPL command for the front end (`state`, `tree`, `show`, `help`, `quit`).
  case command(ReplCommand)
  /// A message for the user.
  case info(String)
}
