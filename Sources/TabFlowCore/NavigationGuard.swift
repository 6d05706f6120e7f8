import TabFlowNavigation

/// A guard's answer about a change.
///
/// ```swift
/// NavigationGuard<Screen>("auth") { change in
///   guard case .checkout = change.after.top.screen, change.after.context["loggedIn"] != true else { return .allow }
///   if case .deepLink = change.source {
///     return .deferLink("login required", redirect: [.presentSheet(.login, withNavigation: true)])
///   }
///   return .redirect([.presentSheet(.login, withNavigation: true)], reason: "login required")
/// }
/// ```
public enum GuardVerdict<Screen> {
  /// Let the change happen.
  case allow
  /// Discard the whole batch, with a reason for the host and the logs.
  case reject(String)
  /// Discard the batch and apply `commands` instead, as a new batch that passes through the
  /// guards again (go_router's `redirect`). More than five redirects in a row, or a cycle, is an
  /// error naming the cycle, and nothing changes.
  case redirect([NavigationCommand<Screen>], reason: String)
  /// Discard the batch; when it came from a deep link, keep the link as the state's
  /// `pendingLink` and open it once a guard allows it. `redirect` commands (may be empty) are
  /// applied now, as with ``redirect(_:reason:)``. For any other batch this is a rejection (with
  /// the redirect, if any).
  case deferLink(String, redirect: [NavigationCommand<Screen>] = [])

  /// The reason of a verdict that is not ``allow``.
  public var reason: String? {
    switch self {
    case .allow: return nil
    case let .reject(reason), let .redirect(_, reason), let .deferLink(reason, _): return reason
    }
  }
}

extension GuardVerdict: Equatable where Screen: Equatable {}
extension GuardVerdict: Sendable where Screen: Sendable {}

/// A change a batch is about to commit, as guards see it.
///
/// `after` is the state the batch produced; `before` is rebuilt from the batch's undo journal
/// only when a guard asks for it, and once per change however many guards ask, so guards that
/// look only at `after` cost nothing extra. (A guard that says it reads `before` — a script's
/// guards, once one of them did — gets the state kept from before the batch instead.)
public struct NavigationChange<Screen> {
  /// The state the batch produced.
  public let after: TabCoordinatorState<Screen>
  /// The commands of the batch, in order.
  public let commands: [NavigationCommand<Screen>]
  /// Where the batch came from.
  public let source: BatchSource
  /// The guards the host confirmed for this batch (``TabCoordinatorAction/perform(_:confirmedGuards:)``):
  /// they do not run on it.
  public let confirmedGuards: Set<String>
  @usableFromInline package let journal: UndoJournal<Screen>.Entries
  /// `before`, once rebuilt (shared by the copies every guard gets).
  @usableFromInline package let rebuilt: RebuiltState

  @inlinable
  init(
    after: TabCoordinatorState<Screen>, commands: [NavigationCommand<Screen>], source: BatchSource,
    confirmedGuards: Set<String>, journal: UndoJournal<Screen>, kept: RebuiltState? = nil
  ) {
    self.after = after
    self.commands = commands
    self.source = source
    self.confirmedGuards = confirmedGuards
    self.journal = journal.entries
    rebuilt = kept ?? RebuiltState()
  }

  /// The state before the batch.
  @inlinable
  public var before: TabCoordinatorState<Screen> {
    if let state = rebuilt.state { return state }
    var state = after
    state.undo(journal)
    rebuilt.state = state
    return state
  }

  /// Holds `before` once a guard has asked for it (or from the start, when it was kept).
  @usableFromInline
  package final class RebuiltState {
    // Set once, read by the guards of one batch, one at a time: no run-time exclusivity checks.
    @exclusivity(unchecked) @usableFromInline package var state: TabCoordinatorState<Screen>?
    @usableFromInline package init(_ state: TabCoordinatorState<Screen>? = nil) { self.state = state }

    /// `body` given the state where this holds it (no copy); `nil` when there is none yet — or
    /// when an optional state is laid out other than as the state itself, with `nil` among its
    /// spare values (then only a copy can be read).
    @inlinable
    package func withState<Result>(_ body: (UnsafePointer<TabCoordinatorState<Screen>>) -> Result) -> Result? {
      guard state != nil,
        MemoryLayout<TabCoordinatorState<Screen>?>.size == MemoryLayout<TabCoordinatorState<Screen>>.size
      else { return nil }
      // A single-payload enum keeps its payload at the start: with no tag byte, the optional's
      // memory is the state's.
      return withUnsafeMutablePointer(to: &state) { optional in
        UnsafeRawPointer(optional).withMemoryRebound(to: TabCoordinatorState<Screen>.self, capacity: 1) { body($0) }
      }
    }

    /// The state, moved out (a change still holding this rebuilds `before` if it reads it).
    @inlinable
    func take() -> TabCoordinatorState<Screen>? {
      var taken: TabCoordinatorState<Screen>?
      swap(&taken, &state)
      return taken
    }
  }
}

/// A check that runs on every batch — rules, taps, back, swipes, deep links, host commands — and
/// can reject it with a reason, redirect it, or defer a deep link. A rejected batch changes
/// nothing and reaches the host whole, so it can ask the user and re-send it confirmed.
///
/// Guards run where the coordinator runs (on the store's actor), so they may call into state
/// confined there, such as a Lua rule engine; they are therefore not `Sendable`.
///
/// ```swift
/// let auth = NavigationGuard<Screen>("auth") { change in
///   if case .checkout = change.after.top.screen, change.after.context["loggedIn"] != true {
///     return .reject("login required")
///   }
///   return .allow
/// }
/// ```
public struct NavigationGuard<Screen> {
  /// The guard's name, shown with its rejections.
  public let name: String
  /// Where the guard was declared: the file and line of the `NavigationGuard(…)` expression
  /// (`nil` for a guard made of several checks, whose checks say where they were declared).
  public let site: DeclarationSite?
  /// The check; a guard made of several named checks (a script's guards) also says which one
  /// rejected, and where that check was declared.
  @usableFromInline package let check:
    (NavigationChange<Screen>) -> (verdict: GuardVerdict<Screen>, by: String?, at: DeclarationSite?)
  /// Whether the guard has nothing to check right now (a script that declares no guards): then
  /// no change is even described to it. `nil`: it always checks.
  @usableFromInline package let isIdle: (() -> Bool)?
  /// Whether the guard is expected to read ``NavigationChange/before``: then the state is kept
  /// as it was before the batch, rather than rebuilt from the batch's journal when read. `nil`:
  /// it is rebuilt if a guard reads it.
  @usableFromInline package let readsBefore: (() -> Bool)?

  /// A guard with a name and a check, declared where this initializer is called (errors its
  /// redirects cause without a line of their own, such as a redirect cycle, name that place).
  public init(
    _ name: String, fileID: String = #fileID, line: Int = #line,
    _ check: @escaping (NavigationChange<Screen>) -> GuardVerdict<Screen>
  ) {
    self.name = name
    site = DeclarationSite(file: fileID, line: line)
    self.check = { change in (check(change), nil, nil) }
    isIdle = nil
    readsBefore = nil
  }

  /// A guard made of several named checks: a rejection names the check that made it, and where
  /// that check was declared. The checks skip the ones named in the change's `confirmedGuards`
  /// themselves.
  @usableFromInline
  package init(
    composite name: String, isIdle: (() -> Bool)? = nil, readsBefore: (() -> Bool)? = nil,
    _ check: @escaping (NavigationChange<Screen>) -> (verdict: GuardVerdict<Screen>, by: String?, at: DeclarationSite?)
  ) {
    self.name = name
    site = nil
    self.check = check
    self.isIdle = isIdle
    self.readsBefore = readsBefore
  }

  /// The guard's verdict on a change.
  public func verdict(on change: NavigationChange<Screen>) -> GuardVerdict<Screen> {
    check(change).verdict
  }

  /// The verdict with the name of the guard (or inner check) that gave it, and where that was
  /// declared.
  @inlinable
  func namedVerdict(
    on change: NavigationChange<Screen>
  ) -> (verdict: GuardVerdict<Screen>, name: String, site: DeclarationSite?) {
    if !change.confirmedGuards.isEmpty, change.confirmedGuards.contains(name) { return (.allow, name, site) }
    let result = check(change)
    return (result.verdict, result.by ?? name, result.at ?? site)
  }
}
