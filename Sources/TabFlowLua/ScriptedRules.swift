import TabFlowLuaBinding
import Foundation
import Logging
import TabFlowCore
import TabFlowNavigation

/// Routing rules written in Lua: a rule script loaded into a sandboxed VM, used as a coordinator's
/// ``/TabFlowCore/NavigationRules``, with its guards and deep links. Reloadable at any time without losing
/// navigation state.
///
/// ```swift
/// let rules = try ScriptedRules<DynamicScreen, DynamicAction>(source: script, name: "shop.lua")
/// let store = Store(initialState: try rules.initialState()) {
///   TabCoordinator(script: rules)
///     .forEachRoute(\.self, action: .router()) { EmptyReducer() }
/// }
/// try rules.reload(source: edited, name: "shop.lua", keeping: store.state)
/// ```
///
/// A rule error, an exhausted budget or memory cap discards the action's batch and is reported
/// with `file:line`, the rule and a traceback; the state is unchanged. Not `Sendable`: use it
/// where the store runs.
public final class ScriptedRules<Screen, ScreenAction: ScriptableAction>: NavigationRules {
  // Read on every action, swapped only by a reload: no run-time exclusivity check.
  @exclusivity(unchecked) @usableFromInline package var script: RuleScript {
    didSet {
      deepLinksCache = nil
      deepLinksResolve = nil
      // Its observer also writes what the new script's guard needs (``guardNeeds``).
      guardsReadBefore = false
      script.usePrintHandler(printHandler)
      memo = remembersAnswers ? RememberingScript(script) : nil
    }
  }
  /// The script with its answers remembered (``RememberingScript``), in front of ``script``:
  /// what guards, deep links, invariants — and rules when ``remembersRuleAnswers`` — are called
  /// through; `nil` when answers are not remembered (every call runs). A new script starts with
  /// empty memos.
  @exclusivity(unchecked) @usableFromInline package var memo: RememberingScript?
  /// Whether answers are remembered at all (``memo``); off only in tests that compare a
  /// remembering script with one that runs every call.
  package var remembersAnswers = true {
    didSet { memo = remembersAnswers ? RememberingScript(script) : nil }
  }
  /// Where the script's `print` goes: each line with the rule (guard, deep link) that printed it
  /// and its `file:line` (``ScriptPrint``). `nil` drops them; a coordinator made with
  /// `TabCoordinator(script:logger:)` sets it, when it is `nil`, to log them to its logger at
  /// debug level (``logPrints(to:level:)``). Kept across reloads. A call that prints is never
  /// remembered, so it prints every time it runs.
  public var printHandler: ((ScriptPrint) -> Void)? {
    didSet { script.usePrintHandler(printHandler) }
  }

  /// Sends the script's `print` lines to `logger` at `level` (`print feed.itemTapped
  /// (shop.lua:12): hello`), with the metadata `rule` and `location`.
  public func logPrints(to logger: Logger, level: Logger.Level = .debug) {
    printHandler = { line in
      var metadata: Logger.Metadata = [:]
      if let source = line.source { metadata["rule"] = .string(source) }
      if let file = line.file { metadata["location"] = .string(file + (line.line.map { ":\($0)" } ?? "")) }
      logger.log(level: level, "\(line.description)", metadata: metadata)
    }
  }
  /// Whether a guard of the current script read `change.before`: from then on the state before
  /// each batch is kept for the guards rather than rebuilt.
  @exclusivity(unchecked) @usableFromInline package var guardsReadBefore = false {
    didSet { noteGuardNeeds() }
  }
  /// What the script's guard needs of each batch (``scriptGuard``): whether the script declares
  /// a guard, and ``guardsReadBefore``. Kept up to date as they change, so it is read, not
  /// asked, before every batch.
  @usableFromInline package let guardNeeds = GuardNeedsCell(.checking)

  /// Writes what the script's guard needs now into ``guardNeeds``.
  @usableFromInline
  func noteGuardNeeds() {
    guardNeeds.needs = GuardNeeds(mayRefuse: !script.declarations.guards.isEmpty, readsBefore: guardsReadBefore)
  }
  @usableFromInline package let codec: ScreenCodec<Screen>
  /// What a rule call's views are lent through (see ``LentStateViews``).
  @usableFromInline let lentState: LentStateViews<Screen>
  /// Whether rules' answers are remembered by what they were called with and the views they
  /// read, so a rule called again in a state that looks the same to it is not run, as guards
  /// and deep-link handlers are not (rules are pure like them: see the rule author's guide). Off
  /// by default: an app rarely repeats an action in a state that looks the same, and every
  /// remembered call costs memory; `flowscript check` turns it on, exploring the same rules from
  /// many states. A rule that prints is not remembered (it would not print again).
  @exclusivity(unchecked) @usableFromInline package var remembersRuleAnswers = false
  /// Starts noting the payload fields rules read that the payload they got does not have —
  /// what `flowscript check` reports, sending each action's declared sample (the action's
  /// schema): such a field is one no line can set — and the context keys rules read that the
  /// context does not have, which the tools then set. For tools exploring the script; a payload
  /// or context watched so answers `getmetatable` with `false`.
  package func watchReads() throws(ScriptError) {
    try script.watchReads()
  }

  /// The payload fields rules read and their payload lacked, by action (`feed.itemTapped`).
  package var missingPayloadFields: [String: Set<String>] { script.missingPayloadFields }
  /// The context keys rules read and the context lacked (``watchReads()``).
  package var contextKeysRead: Set<String> { script.contextKeysRead }

  /// The limits every call of the script runs under; applied to reloads too.
  public let limits: LuaVM.Limits
  /// How many times a Lua guard raised an error (each time it rejected its batch with
  /// `guard failed: …`) since these rules were made — what a canary counts as a failure of the
  /// rules, where the host sees only a rejection.
  // A getter, not stored: a stored property read from another module is checked for exclusive
  // access at run time even when it is declared unchecked (a `swift_beginAccess` on every step
  // an explorer tries).
  public var guardErrorCount: Int { guardErrors }
  // Read around every step an explorer tries, written only where a guard fails, on the rules'
  // one thread (they hold a VM): no run-time exclusivity check.
  @exclusivity(unchecked) private var guardErrors = 0
  /// The error of the last Lua guard that raised one.
  @exclusivity(unchecked) public private(set) var lastGuardError: ScriptError?
  /// The current script's deep links; forgotten whenever the script is replaced.
  // Read on every URL, on the rules' one thread: no run-time exclusivity check.
  @exclusivity(unchecked) @usableFromInline package var deepLinksCache: DeepLinks<Screen>?
  /// Resolves a URL among the current script's deep links, which it holds (made with them, so
  /// a URL is resolved without copying them out of ``deepLinksCache``); forgotten with them.
  @exclusivity(unchecked) @usableFromInline package var deepLinksResolve: ((String) -> (match: DeepLinkMatch, handler: DeepLinks<Screen>.Handler)?)?
  /// Loads a script whose screen names map to typed screens through `catalog`. Throws when the
  /// script does not load, its declarations do not fit together, or it declares a screen the
  /// catalog does not have.
  @inlinable
  public init(
    source: String, name: String = "rules.lua", catalog: ScreenCatalog<Screen>, limits: LuaVM.Limits = LuaVM.Limits()
  ) throws(ScriptError) {
    codec = .catalog(catalog)
    lentState = LentStateViews(codec: codec)
    self.limits = limits
    script = try Self.load(source, name, codec: codec, limits: limits)
    memo = RememberingScript(script)
    noteGuardNeeds()
  }

  init(source: String, name: String, codec: ScreenCodec<Screen>, limits: LuaVM.Limits) throws(ScriptError) {
    self.codec = codec
    lentState = LentStateViews(codec: codec)
    self.limits = limits
    script = try Self.load(source, name, codec: codec, limits: limits)
    memo = RememberingScript(script)
    noteGuardNeeds()
  }

  /// What the current script declares.
  public var declarations: ScriptDeclarations { script.declarations }
  /// The tabs' titles the script declares (its ID where a tab has no `title`), for a tab bar:
  /// `TabFlowPresenter(…, tabTitles: rules.tabTitles)`.
  public var tabTitles: [TabID: String] {
    Dictionary(declarations.tabs.map { (TabID($0.id), $0.title) }, uniquingKeysWith: { first, _ in first })
  }

  /// The chunk name of the current script (`shop.lua`), used in its error messages.
  public var chunk: String { script.chunk }
  /// Bytes the current script's VM uses now.
  package var memoryInUse: Int { script.vm.memoryInUse }

  /// Starts counting which lines of the current script run (`flowscript run --coverage`), for a
  /// script of `lineCount` lines: see ``LuaVM/startLineCoverage(chunk:lineCount:)``. A reload
  /// starts a VM without it.
  package func startLineCoverage(lineCount: Int) {
    script.vm.startLineCoverage(chunk: chunk, lineCount: lineCount)
  }

  /// The lines holding code of every function `text` (the current script's text) defines, its
  /// top level left out, whether or not they ran: see ``LuaVM/functionLines(ofChunk:)``.
  package func functionLines(of text: String) -> Set<Int>? {
    script.vm.functionLines(ofChunk: text)
  }

  /// What line coverage counted in the current script's VM: hits per line that ran, and the
  /// executable lines of the functions that ran.
  package func lineCoverage() -> (hits: [Int: Int], executable: Set<Int>) {
    script.vm.lineCoverage()
  }

  /// The state the script declares: every tab with its root screen (state defaults applied),
  /// the declared initial tab (the first unless `app { initialTab = … }` says) selected.
  public func initialState() throws(ScriptError) -> TabCoordinatorState<Screen> {
    let tabs = try Self.tabDefinitions(declarations, codec: codec)
    do {
      return try TabCoordinatorState(
        tabs: tabs, initialTab: declarations.initialTab.map { TabID($0) }, backBehavior: declarations.backBehavior)
    } catch {
      throw ScriptError(.declaration, reason: error.description, file: chunk)
    }
  }

  /// The script name and state of a screen (`item {id=3}`).
  public func describe(_ screen: Screen) -> DynamicScreen { codec.describe(screen) }

  /// Why `payload` does not fit the sample payload `screen` declares for `action` (its schema:
  /// see ``ScreenDeclaration/payloadProblem(action:payload:)``), or `nil`. `flowscript` checks
  /// every action line with it; an app's typed actions are checked by their types.
  package func payloadProblem(screen: String, action: String, payload: FlowValue) -> String? {
    declarations.screen(named: screen)?.payloadProblem(action: action, payload: payload)
  }

  /// The screen a script name and payload open (declared defaults merged in); an unknown screen
  /// or field is an error with suggestions.
  public func screen(named name: String, payload: [String: FlowValue] = [:]) throws(ScriptError) -> Screen {
    guard let declaration = declarations.screen(named: name) else {
      throw ScriptError(.unknownName, "unknown screen '\(name)'" + Suggestions.hint(for: name, in: declarations.screenNames))
    }
    do {
      return try codec.make(try declaration.instantiate(with: payload))
    } catch let error as ScriptError {
      throw error
    } catch {
      throw ScriptError(.payload, "\(error)")
    }
  }

  // MARK: - Rules

  /// The batch of the script's rule for this action (`screen.action`, else `*.action`), or `nil`
  /// when the script has none.
  @inlinable @inline(__always)
  public func batch(
    for action: ScreenAction, on route: RouteContext<Screen>, in state: TabCoordinatorState<Screen>
  ) throws(ScriptError) -> NavigationBatch<Screen>? {
    let screenName = codec.name(route.screen)
    let script = self.script
    guard let rule = script.rule(screen: screenName, action: action.scriptName) else { return nil }
    // The rule's views read `state` where the caller holds it, for the length of the call.
    // A route presented over the tab bar: the rule's views describe the app layer.
    let tab = route.isInAppLayer ? RuleDSL.appLayerTab : route.tab.rawValue
    let (name, payload) = (action.scriptName, action.scriptPayload)
    // Plain, the views lent; or remembered, when asked.
    let commands =
      if remembersRuleAnswers, let memo {
        try withViews(of: state) { views throws(ScriptError) in
          try memo.call(rule, screen: screenName, action: name, tab: tab, payload: payload, views: views)
        }
      } else {
        try lentState.lending(state, to: script.vm) { () throws(ScriptError) in
          try script.call(rule, screen: screenName, action: name, tab: tab, payload: payload, lent: lentState)
        }
      }
    // Dynamic screens need no conversion.
    let converted: [NavigationCommand<Screen>]
    if let dynamic = commands as? [NavigationCommand<Screen>] {
      converted = dynamic
    } else {
      converted = try convert(commands, rule: rule.key, line: script.line(of: rule))
    }
    // The rule's own key names it unless it is a wildcard (`*.cancelled` ran for `login`).
    let label = rule.isWildcard ? "\(screenName).\(action.scriptName)" : rule.key
    return NavigationBatch(rule: label, converted, location: script.location(of: rule))
  }

  /// Runs one action's rule, guards and deep-link handler under one shared budget: however many
  /// guards run, an action is bounded by the limits of one call.
  @inlinable
  public func withinAction<Result>(_ body: () -> Result) -> Result {
    script.vm.withSharedBudget(body)
  }

  /// Whether the script declares `on_context(key, …)`.
  public func reacts(toContext key: String) -> Bool {
    script.declarations.contextRules.contains(key)
  }

  /// The batch of the script's `on_context(key, …)` rule for the key's new `value` (`nil`:
  /// removed), its nav describing the selected tab; `nil` when the script has none or it queued
  /// nothing.
  public func contextBatch(
    for key: String, value: FlowValue?, in state: TabCoordinatorState<Screen>
  ) throws(ScriptError) -> NavigationBatch<Screen>? {
    let script = self.script
    guard let index = script.declarations.contextRules.firstIndex(of: key) else { return nil }
    let line = script.declarations.contextRuleLines[index]
    let commands = try withViews(of: state) { views throws(ScriptError) in
      try script.callContextRule(index, key: key, value: value, tab: state.selectedTab.rawValue, views: views)
    }
    guard !commands.isEmpty else { return nil }
    let converted: [NavigationCommand<Screen>]
    if let dynamic = commands as? [NavigationCommand<Screen>] {
      converted = dynamic
    } else {
      converted = try convert(commands, rule: "on_context \(key)", line: line)
    }
    return NavigationBatch(
      rule: "on_context \(key)", converted, location: line.map { "\(script.chunk):\($0)" })
  }

  /// Whether the script has a rule for this action of a screen named `screen`.
  package func handles(action: String, on screen: String) -> Bool {
    script.rule(screen: screen, action: action) != nil
  }

  /// The script's guards as one coordinator guard: the first Lua guard that returns
  /// `false, reason` rejects the batch — a block — and the rejection names it (`guard('auth', fn)`,
  /// or `guard #2` for an unnamed one). A third value `{ ask = true }` makes the rejection a
  /// question the host may confirm, `{ redirect = function(nav) … end }` redirects (the queued
  /// commands replace the batch), `{ defer = true }` keeps a rejected deep link for later. A
  /// guard that fails with an error blocks the batch and counts as a failure of the rules
  /// (``guardErrorCount``). Guards named in the change's `confirmedGuards` do not run.
  @inlinable
  public var scriptGuard: NavigationGuard<Screen> {
    NavigationGuard(
      composite: "\(chunk) guards",
      // Without guards the script refuses nothing; once one of them read `change.before`, the
      // state before each batch is kept for them.
      needs: .held(guardNeeds)
    ) { [self] change in
      guard !script.declarations.guards.isEmpty else { return (.allow, nil, nil) }
      // A guard reading `change.before` makes the change rebuild it; from then on it is kept
      // from before each batch instead (``guardsReadBefore``).
      let beforeWasMade = guardsReadBefore || change.isBeforeMade
      let answer = withBoundViews(of: change) { views in objection(to: change, views: views) }
      if !beforeWasMade, change.isBeforeMade { guardsReadBefore = true }
      return answer
    }
  }

  /// The first objection of the script's guards to `change`, whose views they read through
  /// `views`, with the guard's name and the line that declared it; `.allow` when none objects.
  @inlinable
  func objection(
    to change: NavigationChange<Screen>, views: ViewReader
  ) -> (verdict: GuardVerdict<Screen>, by: String?, at: DeclarationSite?) {
    // Most batches find the guards' answer remembered; the guards run (and their answer is
    // remembered) only when it is not.
    if let memo, change.confirmedGuards.isEmpty, let known = memo.recalledRefusal(source: change.source, views: views) {
      guard let (index, refusal) = known else { return (.allow, nil, nil) }
      return objection(refusal, index: index)
    }
    var failing = 0
    do throws(ScriptError) {
      let answer =
        if let memo {
          try memo.firstRefusal(
            source: change.source, skipping: change.confirmedGuards, views: views, failingGuard: &failing)
        } else {
          try script.firstRefusal(
            source: change.source, skipping: change.confirmedGuards, views: views, failingGuard: &failing)
        }
      guard let (index, refusal) = answer else { return (.allow, nil, nil) }
      return objection(refusal, index: index)
    } catch {
      noteGuardError(error)
      let declared = script.declarations.guards
      return (.reject("guard failed: \(error)"), declared[failing], guardSite(failing))
    }
  }

  /// The objection guard number `index` (0-based) makes by `refusal`, with the guard's name and
  /// the line that declared it: a block naming the error when the refusal's redirect does not
  /// convert (counted as a guard error).
  @inlinable
  func objection(
    _ refusal: RuleScript.GuardRefusal, index: Int
  ) -> (verdict: GuardVerdict<Screen>, by: String?, at: DeclarationSite?) {
    let name = script.declarations.guards[index]
    do throws(ScriptError) {
      return (try verdict(for: refusal, guard: name, index: index), name, guardSite(index))
    } catch {
      noteGuardError(error)
      return (.reject("guard failed: \(error)"), name, guardSite(index))
    }
  }

  /// Where guard number `index` (0-based) was declared, when the line is known.
  @usableFromInline
  package func guardSite(_ index: Int) -> DeclarationSite? {
    script.line(ofGuard: index).map { DeclarationSite(file: chunk, line: $0) }
  }

  /// Counts a guard that raised an error, and keeps the error.
  @usableFromInline
  package func noteGuardError(_ error: ScriptError) {
    guardErrors += 1
    lastGuardError = error
  }

  /// The verdict a guard's refusal stands for: a question, redirect, defer (with its redirect),
  /// or a block.
  @inlinable
  func verdict(
    for refusal: RuleScript.GuardRefusal, guard name: String, index: Int
  ) throws(ScriptError) -> GuardVerdict<Screen> {
    if refusal.asks { return .ask(refusal.reason) }
    var redirect: [NavigationCommand<Screen>] = []
    if let commands = refusal.redirect {
      // Dynamic screens need no conversion.
      if let dynamic = commands as? [NavigationCommand<Screen>] {
        redirect = dynamic
      } else {
        redirect = try convert(commands, rule: BatchFailure.guardLabel(name), line: script.line(ofGuard: index))
      }
    }
    if refusal.deferLink { return .deferLink(refusal.reason, redirect: redirect) }
    if refusal.resume, !redirect.isEmpty { return .redirectResuming(redirect, reason: refusal.reason) }
    return redirect.isEmpty ? .reject(refusal.reason) : .redirect(redirect, reason: refusal.reason)
  }

  /// The script's deep links, looked up in the current script on every URL.
  @inlinable
  public var deepLinks: DeepLinks<Screen> {
    DeepLinks(dynamic: { [self] in currentDeepLinks() }, resolving: { [self] url in resolveDeepLink(url) })
  }

  /// The first of the current script's deep links that matches `url`, resolved where they are
  /// kept (``deepLinksResolve``).
  @inlinable
  func resolveDeepLink(_ url: String) -> (match: DeepLinkMatch, handler: DeepLinks<Screen>.Handler)? {
    if let deepLinksResolve { return deepLinksResolve(url) }
    // The first URL of this script: its links are made, and their resolver with them.
    return currentDeepLinks().resolve(url)
  }

  /// The current script's deep links, built once per script (patterns are parsed once, not on
  /// every URL). Inlinable, with its handlers, so an app's screen type specializes them.
  @inlinable
  func currentDeepLinks() -> DeepLinks<Screen> {
    if let cached = deepLinksCache { return cached }
    var links = DeepLinks<Screen>()
    for (index, pattern) in declarations.deepLinks.enumerated() {
      // Patterns were checked when the script loaded.
      try? links.register(pattern) { [self] match, state in
        try deepLinkCommands(index, pattern: pattern, match: match, state: state)
      }
    }
    addLinks(to: &links)
    deepLinksCache = links
    let kept = links
    // The same few URLs come back (a pending link after every batch): their answers are kept.
    let resolved = ResolvedURLs<Screen>()
    deepLinksResolve = { url in resolved.resolution(of: url) { kept.resolve($0) } }
    return links
  }

  /// The commands of the handler of deep-link pattern number `index` for a URL it matched.
  @inlinable
  func deepLinkCommands(
    _ index: Int, pattern: String, match: DeepLinkMatch, state: TabCoordinatorState<Screen>
  ) throws(ScriptError) -> [NavigationCommand<Screen>] {
    let commands = try withViews(of: state) { views throws(ScriptError) in
      if let memo {
        try memo.callDeepLink(index, url: match.url, parameters: match.parameters, views: views)
      } else {
        try script.callDeepLink(index, url: match.url, parameters: match.parameters, views: views)
      }
    }
    // Dynamic screens need no conversion.
    if let dynamic = commands as? [NavigationCommand<Screen>] { return dynamic }
    return try convert(commands, rule: "deeplink \(pattern)", line: script.line(ofDeepLink: index))
  }

  /// Adds the script's `link` declarations (typed two-way links) to `links`.
  @inlinable
  func addLinks(to links: inout DeepLinks<Screen>) {
    for link in declarations.links {
      guard let declaration = declarations.screen(named: link.screen),
        let path = try? DeepLinkPattern(link.pattern).parameterNames
      else { continue }
      let codec = self.codec
      // The screen a URL's parameters make, made once per parameters (``LinkedScreens``).
      let made = LinkedScreens()
      try? links.link(
        link.pattern, tab: link.tab.map { TabID($0) },
        screen: { parameters in
          try codec.make(try made.screen(for: parameters) { () throws -> DynamicScreen in
            try declaration.instantiate(with: try link.payload(from: parameters, declaration: declaration))
          })
        },
        parameters: { screen in
          let described = codec.describe(screen)
          guard described.name == link.screen else { return nil }
          return link.parameters(of: described.state, declaration: declaration, path: path)
        })
    }
  }

  // MARK: - Reload

  /// Replaces the script and returns `state` migrated to it. The new script is loaded and checked
  /// in a fresh VM and swapped in only if that succeeds, it still declares every tab and screen
  /// `state` uses, and migrating loses nothing; otherwise the old rules stay active, nothing
  /// changes, and the error says which tab or screen is in use, or what would be lost: pushes on
  /// a root the new script declares `navigation = false`, or the value of a screen's field whose
  /// kind changed (`id = 0` became `id = ""` while `item(id=3)` is on a stack; the error names
  /// the screen, the field, both kinds and the value). A value that is the old default becomes
  /// the new default.
  ///
  /// The migrated state has the new script's tabs in its order (tabs it adds start at their
  /// roots, each root takes its tab's `navigation` option; selection, history and context are
  /// kept), and every dynamic screen on a stack has the new script's state defaults for fields
  /// it lacked and none of the fields it no longer declares. Route IDs are kept. Adopt it: a `Store` user sends it as
  /// `.adoptReloaded(migrated)`; code that holds the state assigns it.
  ///
  /// ```swift
  /// let migrated = try rules.reload(source: edited, keeping: store.state)
  /// store.send(.adoptReloaded(migrated))
  /// ```
  public func reload(
    source: String, name: String? = nil, keeping state: TabCoordinatorState<Screen>
  ) throws(ScriptError) -> TabCoordinatorState<Screen> {
    let candidate = try Self.load(source, name ?? chunk, codec: codec, limits: limits)
    let migrated = try compatibility(of: candidate, keeping: state)
    script = candidate
    return migrated
  }

  /// A script loaded and validated in a fresh VM under ``limits``, not swapped in: what
  /// ``reload(source:name:keeping:)`` and rule packages check first.
  package func candidate(source: String, name: String) throws(ScriptError) -> RuleScript {
    try RuleScript(source: source, chunk: name, limits: limits)
  }

  /// `state` migrated to `candidate`, or an error naming what does not fit: a screen the catalog
  /// lacks, a tab or screen `state` uses that `candidate` drops, — when
  /// `requiringCatalogScreens` — a catalog screen `candidate` does not declare, and what
  /// migrating would lose (a ``MigrationConflict``): a value of a dynamic screen's field whose
  /// kind changed (unless it is the current script's default, never set), pushes on a root that
  /// loses its navigation.
  package func compatibility(
    of candidate: RuleScript, keeping state: TabCoordinatorState<Screen>, requiringCatalogScreens: Bool = false
  ) throws(ScriptError) -> TabCoordinatorState<Screen> {
    try Self.checkCatalog(candidate, codec: codec)
    let screens = Set(candidate.declarations.screenNames)
    if requiringCatalogScreens, let names = codec.names {
      for name in names where !screens.contains(name) {
        throw ScriptError(
          .declaration, reason: "screen '\(name)' is in the app's screen catalog but the new script does not declare it",
          file: candidate.chunk)
      }
    }
    let declared = Set(candidate.declarations.tabIDs)
    for tab in state.tabs where !declared.contains(tab.id.rawValue) {
      throw ScriptError(
        .declaration, reason: "reload rejected: tab '\(tab.id)' is in use but the new script does not declare it",
        file: candidate.chunk)
    }
    for tab in state.tabs {
      let path = { tab.stack.routes.map { self.codec.name($0.screen) }.joined(separator: " > ") }
      for route in tab.stack.routes {
        let name = codec.name(route.screen)
        guard screens.contains(name) else {
          throw ScriptError(
            .declaration,
            reason: "reload rejected: screen '\(name)' is in use (\(tab.id): \(path())) but the new script does not declare it",
            file: candidate.chunk)
        }
        // Dynamic screens take the new fields: a value of a kind its field no longer takes
        // would be lost (typed screens keep their Swift shape).
        guard codec.names == nil, let declaration = candidate.declarations.screen(named: name) else { continue }
        let state = codec.describe(route.screen).state
        if let lost = declaration.lostField(in: state, previous: script.declarations.screen(named: name)) {
          let conflict = MigrationConflict(.fieldKindChanged(
            screen: name, field: lost.name, from: lost.value.kindName, to: lost.declared.kindName,
            value: Self.shortened(lost.value.description), tab: tab.id, path: path()))
          throw ScriptError(.declaration, reason: "reload rejected: \(conflict)", file: candidate.chunk)
        }
      }
    }
    return try Self.migrate(state, to: candidate.declarations, codec: codec, chunk: candidate.chunk)
  }

  /// `text`, or its first 40 characters and `…` when it is longer (a value quoted in a message).
  static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : text.prefix(40) + "…"
  }

  /// Swaps in a script ``compatibility(of:keeping:requiringCatalogScreens:)`` accepted.
  package func adopt(_ candidate: RuleScript) {
    script = candidate
  }

  /// `state` with the tabs and screen fields `declarations` declare (see ``reload(source:name:keeping:)``),
  /// or an error in `chunk` saying what does not fit.
  static func migrate(
    _ state: TabCoordinatorState<Screen>, to declarations: ScriptDeclarations, codec: ScreenCodec<Screen>,
    chunk: String
  ) throws(ScriptError) -> TabCoordinatorState<Screen> {
    let definitions = try tabDefinitions(declarations, codec: codec)
    do {
      return try state.migrated(
        toTabs: definitions, initialTab: declarations.initialTab.map { TabID($0) }, backBehavior: declarations.backBehavior
      ) { screen in
        // Typed screens keep their Swift shape; dynamic screens take the declared fields.
        guard codec.names == nil else { return screen }
        let described = codec.describe(screen)
        guard let declaration = declarations.screen(named: described.name) else { return screen }
        let fields = declaration.migrated(described.state)
        return fields == described.state ? screen : try codec.make(DynamicScreen(described.name, state: fields))
      }
    } catch let error as ScriptError {
      throw error
    } catch {
      throw ScriptError(.declaration, reason: "reload rejected: \(error)", file: chunk)
    }
  }

  /// The tabs `declarations` declare, each with its root screen (state defaults applied).
  static func tabDefinitions(
    _ declarations: ScriptDeclarations, codec: ScreenCodec<Screen>
  ) throws(ScriptError) -> [TabDefinition<Screen>] {
    var definitions: [TabDefinition<Screen>] = []
    for tab in declarations.tabs {
      let defaults = declarations.screen(named: tab.root)?.stateDefaults ?? [:]
      let root = try codec.make(DynamicScreen(tab.root, state: defaults))
      definitions.append(TabDefinition(
        TabID(tab.id), root: root, rootWithNavigation: tab.navigation, reselect: tab.reselect, onLeave: tab.leave,
        item: tab.item))
    }
    return definitions
  }

  /// Reloads from a file (see ``reload(source:name:keeping:)``); the chunk name is the file's name.
  public func reload(
    contentsOfFile path: String, keeping state: TabCoordinatorState<Screen>
  ) throws(ScriptError) -> TabCoordinatorState<Screen> {
    try reload(source: try Self.read(path), name: (path as NSString).lastPathComponent, keeping: state)
  }

  /// The text of a script file, or an error naming the file.
  static func read(_ path: String) throws(ScriptError) -> String {
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw ScriptError(.runtime, "cannot read \(path): \((error as NSError).localizedDescription)")
    }
  }

  // MARK: - Internals

  @usableFromInline
  package static func load(
    _ source: String, _ name: String, codec: ScreenCodec<Screen>, limits: LuaVM.Limits
  ) throws(ScriptError) -> RuleScript {
    let script = try RuleScript(source: source, chunk: name, limits: limits)
    try checkCatalog(script, codec: codec)
    return script
  }

  /// An error naming the first screen `script` declares that the catalog has no entry for.
  private static func checkCatalog(_ script: RuleScript, codec: ScreenCodec<Screen>) throws(ScriptError) {
    guard let names = codec.names else { return }
    for screen in script.declarations.screenNames where !names.contains(screen) {
      throw ScriptError(
        .declaration,
        reason: "screen '\(screen)' has no entry in the screen catalog" + Suggestions.hint(for: screen, in: names),
        file: script.chunk)
    }
  }

  /// The commands on this coordinator's screens; an error names the rule and the line declaring it.
  @usableFromInline
  package func convert(
    _ commands: [NavigationCommand<DynamicScreen>], rule: String, line: Int?
  ) throws(ScriptError) -> [NavigationCommand<Screen>] {
    var converted: [NavigationCommand<Screen>] = []
    converted.reserveCapacity(commands.count)
    let codec = self.codec
    for command in commands {
      do {
        converted.append(try command.map({ screen in try codec.make(screen) }, match: { match in
          ScreenMatch<Screen>(match.label) { codec.name($0) == match.label }
        }))
      } catch let error as ScriptError {
        var failure = error
        failure.rule = rule
        throw failure.located(in: chunk, line: line)
      } catch {
        throw ScriptError(.payload, "\(error)", rule: rule).located(in: chunk, line: line)
      }
    }
    return converted
  }

  /// `body` given the reader of `views` — the state or change a script call is about — for the
  /// calls it makes: the one way the script's views reach the host, while it runs and when a
  /// remembered answer is recalled. The reader borrows `views` (no copy, no pointer kept) and
  /// cannot outlive `body`: a call that runs makes it escaping with `withoutActuallyEscaping`,
  /// which the runtime checks, and hands it to the VM only while it runs (``RuleScript``'s
  /// calls, and ``RememberingScript``'s when a call runs). The codec and the VM are read when a view is,
  /// not copied for every call.
  @inlinable
  func withViews<Views: ScriptViews<Screen>, Result, Failure>(
    of views: Views, _ body: (_ views: ViewReader) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body { read throws(ScriptError) in try views.value(of: read, codec: codec, vm: script.vm) }
  }

  /// ``withViews(of:_:)`` of a guard's change, with the codec and the VM read once for `body`,
  /// not once per view: for the guards, whose answers — run or recalled — read several views of
  /// every batch. `change.after`, the state most of their views read, is held apart: a view of
  /// it is read from it directly, not through the change's ``NavigationChange/value(of:codec:vm:)``.
  ///
  /// Once `change.before` is made — kept from before the batch for guards that read it, as it
  /// is from the second batch on — the reader reads it where the change holds it too, and
  /// captures nothing of the change but its states and commands: a reader that could call the
  /// change's own ``NavigationChange/value(of:codec:vm:)`` would copy the whole change for
  /// every view it reads.
  @inlinable
  func withBoundViews<Result, Failure>(
    of change: NavigationChange<Screen>, _ body: (_ views: ViewReader) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let codec = self.codec
    let vm = script.vm
    let after = change.after
    // Read as a constant, not through an `inout` address: a call on an `inout` state copies it
    // (retains its storage) at every read.
    let before: TabCoordinatorState<Screen>
    if let kept = change.keptBefore {
      before = kept
    } else if change.isBeforeMade {
      before = change.before
    } else {
      return try body { read throws(ScriptError) in
        // `nav.commands` and `change.before` are the change's to answer (the first `before`
        // read rebuilds it).
        guard read.field != .commands, read.side != .before else { return try change.value(of: read, codec: codec, vm: vm) }
        return try after.quickValue(of: read, codec: codec, vm: vm)
      }
    }
    let commands = change.commands
    return try body { read throws(ScriptError) in
      if read.field == .commands { return try NavigationChange.value(ofCommands: commands, vm: vm) }
      if read.side == .before { return try before.quickValue(of: read, codec: codec, vm: vm) }
      return try after.quickValue(of: read, codec: codec, vm: vm)
    }
  }
}

extension ScriptedRules where Screen == DynamicScreen {
  /// Loads a script-only flow: screens are the script's dynamic screens.
  public convenience init(source: String, name: String = "rules.lua", limits: LuaVM.Limits = LuaVM.Limits()) throws(ScriptError) {
    try self.init(source: source, name: name, codec: .dynamic, limits: limits)
  }

  /// Loads a script-only flow from a file; the chunk name is the file's name.
  public convenience init(contentsOfFile path: String, limits: LuaVM.Limits = LuaVM.Limits()) throws(ScriptError) {
    try self.init(source: try Self.read(path), name: (path as NSString).lastPathComponent, limits: limits)
  }
}
