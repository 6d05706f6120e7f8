import TabFlowNavigation

/// The deep links an app understands: URL patterns, each with a handler that turns the matched
/// parameters into a batch of commands. The first registered pattern that matches wins.
///
/// ```swift
/// var links = DeepLinks<Screen>()
/// try links.register("shop://item/:id") { match, state in
///   guard let id = Int(match["id"] ?? "") else { throw DeepLinkHandlerError("id must be a number") }
///   return DeepLinks.open(tab: "home", [.push(.item(id: id))], mode: .keepRoot)
/// }
/// try state.open(url: "shop://item/3", deepLinks: links)
/// ```
///
/// Handlers run where the coordinator runs (on the store's actor) and may call into state confined
/// there, such as a Lua rule engine, so they are not `Sendable`.
public struct DeepLinks<Screen> {
  /// Turns a match into commands; may throw to refuse the URL (e.g. a malformed parameter).
  public typealias Handler = (DeepLinkMatch, TabCoordinatorState<Screen>) throws -> [NavigationCommand<Screen>]

  /// The parameters a linked screen has in its URL, or `nil` when the screen is not this link's.
  public typealias Parameters = (Screen) -> [String: String]?

  /// The registered patterns, in the order they are tried, and their handlers (same order).
  @usableFromInline package var entryPatterns: [DeepLinkPattern] = []
  @usableFromInline package var handlers: [Handler] = []
  /// Links that map screens back to URLs (``link(_:tab:screen:parameters:)``), in registration order.
  @usableFromInline package var links: [(pattern: DeepLinkPattern, parameters: Parameters)] = []
  @usableFromInline package var source: (() -> DeepLinks<Screen>)?
  /// Resolves a URL among `source`'s links where it keeps them, without copying them out
  /// (``init(dynamic:resolving:)``); `nil`: `source`'s links are resolved among.
  @usableFromInline package var sourceResolve: ((String) -> (match: DeepLinkMatch, handler: Handler)?)?
  /// Links tried after these (see ``followed(by:)``).
  @usableFromInline package var fallback: [DeepLinks<Screen>] = []
  /// Which pattern recent URLs matched; replaced (not cleared) when a pattern is added, so
  /// copies made before keep theirs.
  @usableFromInline package var matches = URLMatchCache()

  /// No deep links.
  public init() {}

  /// Deep links looked up anew on every URL, from `source` (e.g. the current rule script, so a
  /// reload's patterns apply at once); registered ones are tried after them.
  public init(dynamic source: @escaping () -> DeepLinks<Screen>) {
    self.source = source
  }

  /// Deep links looked up anew on every URL from `source`, as ``init(dynamic:)``, which
  /// `resolve` resolves a URL among where they are kept: resolving copies no links out of it
  /// (a URL is resolved for every link the checker opens and every retry of a pending one).
  @usableFromInline
  package init(
    dynamic source: @escaping () -> DeepLinks<Screen>,
    resolving resolve: @escaping (String) -> (match: DeepLinkMatch, handler: Handler)?
  ) {
    self.source = source
    sourceResolve = resolve
  }

  /// The patterns, in the order they are tried.
  public var patterns: [DeepLinkPattern] {
    (source?().patterns ?? []) + entryPatterns + fallback.flatMap(\.patterns)
  }

  /// These links, then `other`'s: a URL opens with the first pattern that matches, these first.
  public func followed(by other: DeepLinks<Screen>) -> DeepLinks<Screen> {
    var combined = self
    combined.fallback.append(other)
    return combined
  }

  /// Adds a pattern and its handler; throws when the pattern is malformed.
  public mutating func register(_ pattern: String, _ handler: @escaping Handler) throws(DeepLinkError) {
    add(try DeepLinkPattern(pattern), handler)
  }

  /// Adds an entry; URLs matched before are matched anew.
  @usableFromInline
  package mutating func add(_ pattern: DeepLinkPattern, _ handler: @escaping Handler) {
    entryPatterns.append(pattern)
    handlers.append(handler)
    matches = URLMatchCache()
  }

  /// Maps a screen to a URL both ways (React Navigation's linking config, go_router's typed
  /// routes): opening a URL that matches `pattern` shows the screen `screen` makes from its
  /// parameters — pushed above the root of `tab` (selecting it), or of the selected tab when `tab`
  /// is `nil` (`keepRoot`: the root stays, the rest is replaced; the root itself, its state set in
  /// place from the URL, when the screen is the tab's root screen) — and ``url(for:)-(TabCoordinatorState<Screen>)`` gives the URL of a state whose top screen
  /// `parameters` recognizes. Parameters a pattern has no `:segment` for travel as query items.
  ///
  /// ```swift
  /// try links.link("shop://item/:id", tab: "home",
  ///   screen: { parameters in Int(parameters["id"] ?? "").map { .item(id: $0) } },
  ///   parameters: { screen in if case let .item(id) = screen { ["id": "\(id)"] } else { nil } })
  /// ```
  ///
  /// `screen` returning `nil` refuses the URL (its parameters do not make that screen).
  @inlinable
  public mutating func link(
    _ pattern: String, tab: TabID? = nil,
    screen: @escaping ([String: String]) throws -> Screen?,
    parameters: @escaping Parameters
  ) throws(DeepLinkError) {
    let parsed = try DeepLinkPattern(pattern)
    let shown = ShownLinkCommands<Screen>()
    add(parsed) { match, state in
      guard let made = try screen(match.parameters) else {
        throw DeepLinkHandlerError("the parameters of \(match.url) do not make a screen for \(pattern)")
      }
      let isRoot = Self.isRootScreen(made, of: tab, in: state)
      return shown.commands(showing: made, isRoot: isRoot) { Self.show(made, in: tab, isRoot: isRoot) }
    }
    links.append((parsed, parameters))
  }

  /// The commands that show a linked screen: above the root of `tab` (selected first), or of the
  /// selected tab; when the screen is the tab's root screen, the root itself, back to it and
  /// showing the linked screen's state in place (the root keeps its route ID), so the URL a root
  /// state is written as opens that state.
  @inlinable
  public static func show(_ screen: Screen, in tab: TabID?, of state: TabCoordinatorState<Screen>) -> [NavigationCommand<Screen>] {
    show(screen, in: tab, isRoot: isRootScreen(screen, of: tab, in: state))
  }

  /// Whether `screen` is the root screen of `tab` (of the selected tab when `nil`) in `state`:
  /// whether ``show(_:in:of:)`` shows it as the root.
  @inlinable
  static func isRootScreen(_ screen: Screen, of tab: TabID?, in state: TabCoordinatorState<Screen>) -> Bool {
    // The root read where the state holds it (`stack(for:)` copies the stack).
    state.position(ofTab: tab ?? state.selectedTab).map { position in
      screenName(of: state.storedTabs[position].stack.storedRoutes[0].screen) == screenName(of: screen)
    } ?? false
  }

  /// The commands that show `screen` in `tab` (``show(_:in:of:)``), as the root when `isRoot`.
  @inlinable
  static func show(_ screen: Screen, in tab: TabID?, isRoot: Bool) -> [NavigationCommand<Screen>] {
    // The batch made at once (no array per step: links open from every state the checker explores).
    var commands: [NavigationCommand<Screen>] = []
    commands.reserveCapacity(tab == nil ? 2 : 3)
    if let tab { commands.append(.selectTab(tab)) }
    func add(_ command: NavigationCommand<Screen>) { commands.append(tab.map { .tab($0, command) } ?? command) }
    if isRoot {
      add(.goBackToRoot)
      add(.setTopScreen(screen))
    } else {
      add(.open([.push(screen)], mode: .keepRoot))
    }
    return commands
  }

  /// The URL of the screen the user sees (``TabCoordinatorState/visibleTop``: the app layer's top
  /// when something is presented over the tab bar, else the selected tab's top): the first link
  /// whose `parameters` recognizes it, filled in; `nil` when no link does (or a path parameter is missing).
  @inlinable
  public func url(for state: TabCoordinatorState<Screen>) -> String? {
    url(for: state.visibleTop.screen)
  }

  /// The URL of a screen (see ``url(for:)-(TabCoordinatorState<Screen>)``).
  @inlinable
  public func url(for screen: Screen) -> String? {
    if let found = source?().url(for: screen) { return found }
    for link in links {
      if let parameters = link.parameters(screen), let url = link.pattern.url(with: parameters) { return url }
    }
    for links in fallback {
      if let found = links.url(for: screen) { return found }
    }
    return nil
  }

  /// Why `url` matches no pattern when it is a pattern's URL with a path parameter left empty
  /// (`shop://item/` for `shop://item/:id`: an empty segment is no segment, so it matches
  /// nothing): that pattern, as written, and the parameter's name; `nil` when there is none.
  public func emptyParameter(in url: String) -> (pattern: String, parameter: String)? {
    guard let separator = url.firstRange(of: "://") else { return nil }
    let scheme = url[..<separator.lowerBound].lowercased()
    var rest = url[separator.upperBound...]
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
    for pattern in patterns where pattern.scheme == scheme && pattern.segments.count == parts.count {
      var empty: String?
      let matches = zip(pattern.segments, parts).allSatisfy { segment, part in
        switch segment {
        case let .literal(literal):
          return literal == part
        case let .parameter(name):
          if part.isEmpty, empty == nil { empty = name }
          return true
        }
      }
      if matches, let empty { return (pattern.text, empty) }
    }
    return nil
  }

  /// The first pattern matching `url`, with its parameters and handler. Inlinable (the
  /// matching itself is not generic), so opening a link runs specialized for the screen type.
  @inlinable
  package func resolve(_ url: String) -> (match: DeepLinkMatch, handler: Handler)? {
    if let sourceResolve {
      if let found = sourceResolve(url) { return found }
    } else if let found = source?().resolve(url) {
      return found
    }
    if let (index, parameters) = matches.match(for: url, among: entryPatterns) {
      return (DeepLinkMatch(url: url, pattern: entryPatterns[index].text, parameters: parameters), handlers[index])
    }
    for links in fallback {
      if let found = links.resolve(url) { return found }
    }
    return nil
  }

  /// The usual deep-link batch: select `tab` and open `routes` in its stack with `mode`, in one batch.
  public static func open(tab: TabID, _ routes: [Route<Screen>], mode: OpenMode) -> [NavigationCommand<Screen>] {
    [.selectTab(tab), .tab(tab, .open(routes, mode: mode))]
  }
}

/// A URL that matched a deep-link pattern.
public struct DeepLinkMatch: Hashable, Sendable {
  /// The URL as given.
  public let url: String
  /// The pattern it matched, as written.
  public let pattern: String
  /// Path parameters and query items.
  public let parameters: [String: String]

  @usableFromInline
  package init(url: String, pattern: String, parameters: [String: String]) {
    self.url = url
    self.pattern = pattern
    self.parameters = parameters
  }

  /// The parameter `name`, or `nil`.
  public subscript(name: String) -> String? { parameters[name] }
}

/// An error a deep-link handler throws to refuse a URL; its message reaches the host.
public struct DeepLinkHandlerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the URL was refused.
  public let message: String
  /// An error with a message.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

extension TabCoordinatorState {
  /// Opens a deep link: the first matching pattern's handler produces a batch, applied all or
  /// nothing with the guards. No match, a refusing handler, an invalid command or a rejecting
  /// guard leaves the state unchanged. A guard may defer the link (``GuardVerdict/deferLink(_:redirect:)``):
  /// it becomes ``pendingLink``. A link that opens or is deferred supersedes the pending one.
  @discardableResult
  public mutating func open(
    url: String, deepLinks: DeepLinks<Screen>, guards: [NavigationGuard<Screen>] = []
  ) throws(BatchFailure) -> [NavigationReport] {
    do {
      return try performOpen(url: url, deepLinks: deepLinks, guards: guards).reports
    } catch {
      throw error.failure
    }
  }

  /// ``open(url:deepLinks:guards:)``, with the commands the handler produced. When `retrying`
  /// (the pending link), any objection of a guard rejects: no redirect, no new deferral.
  @inlinable
  mutating func performOpen(
    url: String, deepLinks: DeepLinks<Screen>, guards: [NavigationGuard<Screen>], retrying: Bool = false
  ) throws(BatchError<Screen>) -> PerformedBatch {
    let source = BatchSource.deepLink(url)
    guard let (match, handler) = deepLinks.resolve(url) else {
      throw BatchError(BatchFailure(
        source: source, reason: .noDeepLinkMatch(url: url, patterns: deepLinks.patterns.map(\.text))))
    }
    let commands: [NavigationCommand<Screen>]
    do {
      commands = try handler(match, self)
    } catch {
      throw BatchError(BatchFailure(source: source, reason: .ruleFailed(RuleFailure(error))))
    }
    let performed = try performApply(
      commands, source: source, guards: guards, defaultTab: nil, overruling: !retrying)
    // The newest link supersedes a pending one, unless it was just deferred itself (no write
    // when none is pending).
    if pendingLink != nil, !performed.deferredALink {
      cancelPendingLink()
    }
    return performed
  }

  /// Tries the pending link again. Returns `nil` when there is none or a guard still objects
  /// (it stays pending); otherwise the link is no longer pending, and the result is what opening
  /// it did (ending with ``NavigationReport/pendingLinkOpened(_:)``) or why it was dropped.
  @inlinable
  mutating func retryPendingLink(
    deepLinks: DeepLinks<Screen>, guards: [NavigationGuard<Screen>]
  ) -> Result<PerformedBatch, BatchFailure>? {
    guard let url = pendingLink else { return nil }
    // A retry the guards still refuse reaches no host: it is no rejection to confirm.
    let confirmable = self.confirmable
    do {
      var performed = try performOpen(url: url, deepLinks: deepLinks, guards: guards, retrying: true)
      performed.reports.append(.pendingLinkOpened(url))
      return .success(performed)
    } catch {
      if case .rejected = error.failure.reason {
        self.confirmable = confirmable
        return nil
      }
      cancelPendingLink()
      return .failure(error.failure)
    }
  }

  /// Forgets the pending deep link, if any.
  public mutating func cancelPendingLink() {
    pendingLink = nil
  }

  /// Keeps `url` as the pending deep link (a guard deferred it).
  @usableFromInline
  package mutating func setPendingLink(_ url: String) {
    pendingLink = url
  }
}
