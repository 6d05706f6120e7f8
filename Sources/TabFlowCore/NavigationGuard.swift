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
  /// Discard the whole batch, with a reason for the host and the logs: a **block**. The host
  /// cannot re-send it confirmed (``TabCoordinatorAction/confirm(_:)`` refuses it) — for a rule
  /// the user may not override, such as a login requirement or a legal hold.
  case reject(String)
  /// Discard the whole batch and ask: a **question** (`"discard the review?"`). The host shows
  /// it and, when the user agrees, re-sends the batch confirmed
  /// (``TabCoordinatorAction/confirm(_:)``), which skips this guard once.
  case ask(String)
  /// Discard the batch and apply `commands` instead, as a new batch that passes through the
  /// guards again (go_router's `redirect`). More than five redirects in a row, or a cycle, is an
  /// error naming the cycle, and nothing changes.
  case redirect([NavigationCommand<Screen>], reason: String)
  /// Discard the batch; when it came from a deep link, keep the link as the state's
  /// `pendingLink` and open it once a guard allows it. `redirect` commands (may be empty) are
  /// applied now, as with ``redirect(_:reason:)``. For any other batch this is a rejection (with
  /// the redirect, if any).
  case deferLink(String, redirect: [NavigationCommand<Screen>] = [])
  /// Discard the batch and apply `redirect` instead, as ``redirect(_:reason:)`` does, keeping
  /// the discarded batch as the state's `pendingResume`: re-sent once the guards allow it (a
  /// login redirect that resumes the tap after login). For a deep link this is ``deferLink(_:redirect:)``.
  case redirectResuming([NavigationCommand<Screen>], reason: String)

  /// The reason of a verdict that is not ``allow``.
  public var reason: String? {
    switch self {
    case .allow: return nil
    case let .reject(reason), let .ask(reason), let .redirect(_, reason), let .deferLink(reason, _): return reason
    case let .redirectResuming(_, reason): return reason
    }
  }

  /// Whether the verdict is a question the host may confirm (``ask(_:)``).
  public var asks: Bool {
    if case .ask = self { return true }
    return false
  }
}

extension GuardVerdict: Equatable where Screen: Equatable {}
extension GuardVerdict: Sendable where Screen: Sendable {}

/// A change a batch is about to commit, as guards see it.
///
/// `after` is the state the batch produced; `before` is rebuilt from the batch's undo journal
/// only when a guard asks for it, and once per change however many guards ask, so guards that
/// look only at `after` cost nothing extra. (When a guard says beforehand that it reads
/// `before`, as the Lua rules' guards do, the state is kept from before the batch instead.)
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
  /// `before`: kept from before the batch, or held once rebuilt (shared by the copies every
  /// guard gets).
  @usableFromInline let beforeState: Before

  /// A change to `after` by `commands`; `kept` is the state before them when it was kept for
  /// guards that read it (else it is rebuilt from `journal` for the first that does).
  @inlinable
  init(
    after: TabCoordinatorState<Screen>, commands: [NavigationCommand<Screen>], source: BatchSource,
    confirmedGuards: Set<String>, journal: UndoJournal<Screen>, kept: TabCoordinatorState<Screen>? = nil
  ) {
    self.after = after
    self.commands = commands
    self.source = source
    self.confirmedGuards = confirmedGuards
    // A kept state needs no journal: the journal is copied only where `before` may be rebuilt.
    beforeState = kept.map { .kept($0) } ?? .rebuilt(BeforeState.rebuilding(journal.entries))
  }

  /// The state before the batch.
  @inlinable
  public var before: TabCoordinatorState<Screen> {
    withBefore { $0 }
  }

  /// `body` given ``before`` where this change holds it (no copy), rebuilt from the batch's
  /// journal first when no reader made it yet: for a guard that reads many views of `before`.
  /// `inout` only so that `body` reads it in place; it never writes it.
  @inlinable
  package func withBefore<Result, Failure>(
    _ body: (inout TabCoordinatorState<Screen>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch beforeState {
    case let .kept(state):
      // A copy of the state (its box retained), not of its fields.
      var before = state
      return try body(&before)
    case let .rebuilt(holder):
      return try holder.withState(rebuiltFrom: after, body)
    }
  }

  /// ``before`` when it was kept from before the batch (`nil` when it is rebuilt, or is to be).
  @inlinable
  package var keptBefore: TabCoordinatorState<Screen>? {
    if case let .kept(state) = beforeState { return state }
    return nil
  }

  /// Whether ``before`` is made: kept from before the batch, or rebuilt for a reader.
  @inlinable
  package var isBeforeMade: Bool {
    switch beforeState {
    case .kept: true
    case let .rebuilt(holder): holder.holdsState
    }
  }
}

/// A check that runs on every batch — rules, taps, back, swipes, deep links, host commands — and
/// can reject it with a reason (a block, or a question the host may confirm), redirect it, or
/// defer a deep link. A rejected batch changes nothing and reaches the host whole; when the guard
/// asked, the host can ask the user and re-send it confirmed.
///
/// Guards run where the coordinator runs (on the store's actor), so they may call into state
/// confined there, such as a Lua rule engine; they are therefore not `Sendable`.
///
/// ```swift
/// let auth = NavigationGuard<Screen>("auth") { change in
///   if case .checkout = change.after.top.screen, change.after.context["loggedIn"] != true {
///     return .reject("login required")          // blocks: confirm refuses it
///   }
///   return .allow
/// }
/// let draft = NavigationGuard<Screen>("unsaved draft") { change in
///   change.before.top.screen == .editor && change.after.top.screen != .editor
///     ? .ask("discard the draft?")              // asks: the host may confirm it
///     : .allow
/// }
/// ```
public struct NavigationGuard<Screen> {
  /// The guard's name, shown with its rejections.
  public let name: String
  /// Where the guard was declared: the file and line of the `NavigationGuard(…)` expression
  /// (`nil` for a guard made of several checks, whose checks say where they were declared).
  public let site: DeclarationSite?
  /// The check; a guard made of several named checks also says which one rejected, and where
  /// that check was declared.
  @usableFromInline package let check:
    (NavigationChange<Screen>) -> (verdict: GuardVerdict<Screen>, by: String?, at: DeclarationSite?)
  /// What the guard needs of a batch, read once before each (``GuardNeeds``); `nil`: it may
  /// always refuse and does not say it reads ``NavigationChange/before``.
  @usableFromInline package let needs: GuardNeedsSource?

  /// A guard with a name and a check, declared where this initializer is called (errors its
  /// redirects cause without a line of their own, such as a redirect cycle, name that place).
  public init(
    _ name: String, fileID: String = #fileID, line: Int = #line,
    _ check: @escaping (NavigationChange<Screen>) -> GuardVerdict<Screen>
  ) {
    self.init(name, fileID: fileID, line: line, needs: nil, check)
  }

  /// A guard whose `needs`, when given, is asked before each batch what the guard needs of it
  /// (see ``GuardNeeds``): the Lua rules' guards say whether any is declared and whether any
  /// reads `before`.
  package init(
    _ name: String, fileID: String = #fileID, line: Int = #line, needs: (() -> GuardNeeds)?,
    _ check: @escaping (NavigationChange<Screen>) -> GuardVerdict<Screen>
  ) {
    self.name = name
    site = DeclarationSite(file: fileID, line: line)
    self.check = { change in (check(change), nil, nil) }
    self.needs = needs.map { .asked($0) }
  }

  /// A guard made of several named checks: a rejection names the check that made it, and where
  /// that check was declared. The checks skip the ones named in the change's `confirmedGuards`
  /// themselves.
  @usableFromInline
  package init(
    composite name: String, needs: GuardNeedsSource? = nil,
    _ check: @escaping (NavigationChange<Screen>) -> (verdict: GuardVerdict<Screen>, by: String?, at: DeclarationSite?)
  ) {
    self.name = name
    site = nil
    self.check = check
    self.needs = needs
  }

  /// What the guard needs of the next batch, as it says now (``needs``).
  package var currentNeeds: GuardNeeds { needs?.needs ?? .checking }

  /// The guard's verdict on a change.
  public func verdict(on change: NavigationChange<Screen>) -> GuardVerdict<Screen> {
    check(change).verdict
  }
}
