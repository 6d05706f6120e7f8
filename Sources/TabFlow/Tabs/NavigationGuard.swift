/// A guard's answer about a change.
public enum GuardVerdict: Hashable, Sendable {
  /// Let the change happen.
  case allow
  /// Discard the whole batch, with a reason for the host and the logs.
  case reject(String)
}

/// A change a batch is about to commit, as guards see it.
///
/// `after` is the state the batch produced; `before` is rebuilt from the batch's undo journal
/// only when a guard asks for it, so guards that look only at `after` cost nothing extra.
public struct NavigationChange<Screen> {
  /// The state the batch produced.
  public let after: TabCoordinatorState<Screen>
  /// The commands of the batch, in order.
  public let commands: [NavigationCommand<Screen>]
  /// Where the batch came from.
  public let source: BatchSource
  @usableFromInline let journal: [CoordinatorUndo<Screen>]

  @inlinable
  init(after: TabCoordinatorState<Screen>, commands: [NavigationCommand<Screen>], source: BatchSource, journal: [CoordinatorUndo<Screen>]) {
    self.after = after
    self.commands = commands
    self.source = source
    self.journal = journal
  }

  /// The state before the batch.
  public var before: TabCoordinatorState<Screen> {
    var state = after
    state.undo(journal)
    return state
  }
}

/// A check that runs on every batch — rules, taps, back, deep links, host commands — and can
/// reject it with a reason. A rejected batch changes nothing.
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
  /// The check; a guard made of several named checks (a script's guards) also says which one
  /// rejected.
  @usableFromInline let check: (NavigationChange<Screen>) -> (verdict: GuardVerdict, by: String?)

  /// A guard with a name and a check.
  public init(_ name: String, _ check: @escaping (NavigationChange<Screen>) -> GuardVerdict) {
    self.name = name
    self.check = { change in (check(change), nil) }
  }

  /// A guard made of several named checks: a rejection names the check that made it.
  init(composite name: String, _ check: @escaping (NavigationChange<Screen>) -> (verdict: GuardVerdict, by: String?)) {
    self.name = name
    self.check = check
  }

  /// The guard's verdict on a change.
  public func verdict(on change: NavigationChange<Screen>) -> GuardVerdict {
    check(change).verdict
  }

  /// The verdict with the name of the guard (or inner check) that gave it.
  @inlinable
  func namedVerdict(on change: NavigationChange<Screen>) -> (verdict: GuardVerdict, name: String) {
    let result = check(change)
    return (result.verdict, result.by ?? name)
  }
}
