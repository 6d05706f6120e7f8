import TabFlowNavigation

/// What happens when a guard does not allow a batch: a rejection, a redirect, a deferred deep link.
extension TabCoordinatorState {
  /// The most redirects one batch may follow in a row; one more is an error.
  public static var maximumRedirects: Int { 5 }

  /// A guard's verdict that is not `allow`, with the guard's name, where it was declared, and
  /// the top screen the batch would have shown (how a redirect cycle is written).
  @usableFromInline
  package struct Objection {
    @usableFromInline package let verdict: GuardVerdict<Screen>
    @usableFromInline package let guardName: String
    @usableFromInline package let site: DeclarationSite?
    @usableFromInline package let label: String

    @inlinable
    init(verdict: GuardVerdict<Screen>, guardName: String, site: DeclarationSite?, label: String) {
      self.verdict = verdict
      self.guardName = guardName
      self.site = site
      self.label = label
    }
  }

  /// Whether two batches are the same, payloads included (descriptions name screens only), so
  /// a redirect is a cycle only when it repeats an earlier batch exactly. Screens that are
  /// `Equatable` compare as values; others by their dumped form.
  @usableFromInline
  package static func same(_ lhs: [NavigationCommand<Screen>], _ rhs: [NavigationCommand<Screen>]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if let equatable = (lhs as Any) as? any Equatable { return isEqual(equatable, rhs) }
    return identity(of: lhs) == identity(of: rhs)
  }

  /// Whether two batches differ in kind — in length, or in a command's case (or the case of a
  /// command it wraps, or the tab it addresses): then they are not the same (``same(_:_:)``)
  /// whatever their payloads. Told without the run-time cast ``same(_:_:)`` makes (thousands of
  /// instructions for each redirect a guard asks).
  @inlinable
  static func differInKind(_ lhs: [NavigationCommand<Screen>], _ rhs: [NavigationCommand<Screen>]) -> Bool {
    guard lhs.count == rhs.count else { return true }
    for index in lhs.indices where differInKind(lhs[index], rhs[index]) { return true }
    return false
  }

  /// Whether two commands differ in their case, the case of a command they wrap, or the tab
  /// they address: then they differ whatever their payloads.
  @inlinable
  static func differInKind(_ lhs: NavigationCommand<Screen>, _ rhs: NavigationCommand<Screen>) -> Bool {
    switch (lhs, rhs) {
    case let (.tab(lhsTab, lhsInner), .tab(rhsTab, rhsInner)):
      return lhsTab != rhsTab || differInKind(lhsInner, rhsInner)
    case let (.app(lhsInner), .app(rhsInner)):
      return differInKind(lhsInner, rhsInner)
    default:
      return lhs.name != rhs.name
    }
  }

  /// ``same(_:_:)``, the batches told apart by kind first (`differInKind`), which
  /// is cheap where `same` casts at run time.
  @inlinable
  static func sameInKindAndValue(_ lhs: [NavigationCommand<Screen>], _ rhs: [NavigationCommand<Screen>]) -> Bool {
    !differInKind(lhs, rhs) && same(lhs, rhs)
  }

  private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    (rhs as? Value) == lhs
  }

  /// The commands with every payload written out.
  static func identity(of commands: [NavigationCommand<Screen>]) -> String {
    var text = ""
    dump(commands, to: &text)
    return text
  }

  /// Resolves an objection to a batch that has already been undone: a rejection throws the batch
  /// whole; a redirect applies its commands as a new batch through the guards again, up to
  /// ``maximumRedirects`` in a row, and a cycle or a longer run throws an error naming it, the
  /// guard whose redirect closed it and where that guard was declared; a deferral of a deep link keeps the link as ``pendingLink`` (and applies its redirect, if any).
  /// Whatever fails leaves the state as it was before the first batch. Inlinable, like the batch
  /// it continues, so it runs specialized for the screen type.
  ///
  /// `defaultTab` and `confirmedGuards` are the batch's: a rejection of the batch itself is
  /// addressed with `defaultTab` and keeps its confirmed guards; a redirect's commands go to the
  /// selected tab and run with no guard confirmed.
  @inlinable
  mutating func overrule(
    _ first: Objection, commands: [NavigationCommand<Screen>], source: BatchSource, guards: [NavigationGuard<Screen>],
    defaultTab: TabID? = nil, confirmedGuards: Set<String> = []
  ) throws(BatchError<Screen>) -> PerformedBatch {
    var objection = first
    var objected = commands
    // What the objected commands ran with: the batch's, then a redirect's (none).
    var objectedDefaultTab = defaultTab
    var objectedConfirmed = confirmedGuards
    // The labels of the batches tried and the batches (the objected ones, which a redirect must
    // not repeat): `[first.label]` and `[commands]` while they are empty — made only when a
    // redirect is objected to in turn (most objections reject, defer or redirect once).
    var trail: [String] = []
    var tried: [[NavigationCommand<Screen>]] = []
    var notes: [NavigationReport] = []
    var deferredLink: String?
    // The in-app batch a guard asked to resume (``GuardVerdict/redirectResuming(_:reason:)``): the first.
    var resumed: PendingResume<Screen>?
    let readsBefore = GuardNeeds.combined(guards).readsBefore
    while true {
      let redirect: [NavigationCommand<Screen>]
      switch objection.verdict {
      case .allow:
        return PerformedBatch(commands: objected, reports: notes)
      case let .reject(reason), let .ask(reason):
        throw rejection(
          objected, by: objection.guardName, reason: reason, asks: objection.verdict.asks, source: source,
          defaultTab: objectedDefaultTab, confirmedGuards: objectedConfirmed)
      case let .redirect(commands, reason):
        redirect = commands
        notes.append(.redirected(guard: objection.guardName, reason: reason))
      case let .redirectResuming(commands, reason):
        if case .deepLink = source {
          // A deep link resumes the way it always has: it is deferred.
          objection = Objection(
            verdict: .deferLink(reason, redirect: commands), guardName: objection.guardName, site: objection.site,
            label: objection.label)
          continue
        }
        redirect = commands
        notes.append(.redirected(guard: objection.guardName, reason: reason))
        if resumed == nil {
          resumed = PendingResume(
            commands: addressedForConfirmation(objected, defaultTab: objectedDefaultTab), source: source)
          notes.append(.resumeKept(source: source.description, guard: objection.guardName, reason: reason))
        }
      case let .deferLink(reason, commands):
        guard case let .deepLink(url) = source, deferredLink == nil else {
          guard !commands.isEmpty else {
            throw rejection(
              objected, by: objection.guardName, reason: reason, asks: false, source: source,
              defaultTab: objectedDefaultTab, confirmedGuards: objectedConfirmed)
          }
          redirect = commands
          notes.append(.redirected(guard: objection.guardName, reason: reason))
          break
        }
        deferredLink = url
        notes.append(.linkDeferred(url: url, guard: objection.guardName, reason: reason))
        guard !commands.isEmpty else {
          setPendingLink(url)
          return PerformedBatch(commands: [], reports: notes)
        }
        redirect = commands
      }
      let repeated =
        tried.isEmpty
        ? (Self.sameInKindAndValue(commands, redirect) ? 0 : nil)
        : tried.firstIndex(where: { Self.sameInKindAndValue($0, redirect) })
      if let start = repeated {
        let labels = trail.isEmpty ? [first.label] : trail
        throw BatchError(BatchFailure(
          source: source,
          reason: .redirectLoop(
            Array(labels[start...]) + [labels[start]], cycle: true, guard: objection.guardName, site: objection.site)))
      }
      guard tried.count <= Self.maximumRedirects else {
        throw BatchError(BatchFailure(
          source: source, reason: .redirectLoop(trail, cycle: false, guard: objection.guardName, site: objection.site)))
      }
      var reports: [NavigationReport] = []
      // Kept for guards that read it, as ``commit(source:guards:defaultTab:confirmedGuards:overruling:change:)``
      // keeps it (instead of rebuilt from the redirect's journal for the first that reads it).
      let original: TabCoordinatorState? = readsBefore ? self : nil
      // What is kept is put back instead of undoing the redirect.
      var journal = UndoJournal<Screen>(recordingUndo: original == nil)
      for (index, command) in redirect.enumerated() {
        do throws(NavigationError) {
          try applyCommand(command, reports: &reports, journal: &journal)
        } catch {
          restore(undoing: journal, original: original, box: nil)
          // The guard made the command: its declaration is where the failure is.
          throw BatchError(BatchFailure(
            source: source,
            reason: .invalidCommand(
              index: index, command: "redirect by \(BatchFailure.guardLabel(objection.guardName)): \(command)",
              error: error),
            location: objection.site?.description))
        }
      }
      guard
        let next = firstObjection(
          by: guards, commands: redirect, source: source, confirmedGuards: [], journal: journal, kept: original)
      else {
        if let deferredLink { setPendingLink(deferredLink) }
        if let resumed { setPendingResume(resumed) }
        noteRemovals(journal.removed)
        return PerformedBatch(commands: redirect, reports: reports.isEmpty ? notes : notes + reports)
      }
      if tried.isEmpty {
        trail = [first.label]
        tried = [commands]
      }
      trail.append(topLabel)
      tried.append(redirect)
      restore(undoing: journal, original: original, box: nil)
      objected = redirect
      objectedDefaultTab = nil
      objectedConfirmed = []
      objection = Objection(verdict: next.verdict, guardName: next.name, site: next.site, label: trail[trail.count - 1])
    }
  }

  /// The error of a rejected batch, carrying the batch — the one place a rejection is made,
  /// whatever made the batch (back, a swipe, a tap, a rule, a deep link, a host batch, a guard's
  /// redirect). Called with the state as it was before the batch: its commands are addressed
  /// (``addressedForConfirmation(_:defaultTab:)``), and kept as the batch a confirmation may
  /// re-send, skipping `guardName` and the guards already confirmed for it, until the state
  /// changes (``confirmable``) — when the guard asked; a block is kept only to refuse its
  /// confirmation with the reason.
  @inlinable
  mutating func rejection(
    _ commands: [NavigationCommand<Screen>], by guardName: String, reason: String, asks: Bool,
    source: BatchSource, defaultTab: TabID?, confirmedGuards: Set<String>
  ) -> BatchError<Screen> {
    let addressed = addressedForConfirmation(commands, defaultTab: defaultTab)
    confirmable = ConfirmableRejection(
      commands: addressed, guards: confirmedGuards.isEmpty ? [guardName] : confirmedGuards.union([guardName]),
      block: asks ? nil : (guardName, reason))
    return BatchError(
      BatchFailure(source: source, reason: .rejected(guard: guardName, reason: reason), asks: asks),
      rejected: addressed)
  }

  /// `commands` with every stack command wrapped in `.tab(id, …)` for the tab it went to when
  /// applied to this state: `defaultTab` when given (a rule's batch), otherwise the tab selected
  /// when the command ran — this state's selected tab, then the one each `selectTab` or
  /// `resetTabs` before it selected (also inside `.tab(t, …)`, where coordinator commands act on
  /// the coordinator). Commands already addressed, selections and events stay as they are.
  @inlinable
  func addressedForConfirmation(
    _ commands: [NavigationCommand<Screen>], defaultTab: TabID?
  ) -> [NavigationCommand<Screen>] {
    var selected = selectedTab
    var addressed: [NavigationCommand<Screen>] = []
    addressed.reserveCapacity(commands.count)
    for command in commands {
      if let tab = Self.selection(made: command) {
        selected = tab
        addressed.append(command)
      } else {
        addressed.append(command.addressed(to: defaultTab ?? selected))
      }
    }
    return addressed
  }

  /// The tab a coordinator command selects (`selectTab`, `resetTabs`, either inside `tab(…)`);
  /// `nil` for any other command.
  @inlinable
  static func selection(made command: NavigationCommand<Screen>) -> TabID? {
    switch command {
    case let .selectTab(tab), let .resetTabs(select: tab): return tab
    case let .tab(_, inner), let .app(inner): return selection(made: inner)
    default: return nil
    }
  }

  /// Why `commands`, sent with `confirmedGuards` skipped, are not a confirmation of the last batch a
  /// guard rejected on this state (``confirmable``); `nil` when they are.
  @usableFromInline
  package func confirmationProblem(
    _ commands: [NavigationCommand<Screen>], confirmedGuards: Set<String>
  ) -> NavigationError? {
    let names = confirmedGuards.sorted()
    guard let confirmable else {
      return .staleConfirmation(
        guards: names,
        reason: "the state changed after the batch was rejected, or none was: "
          + "only the last rejected batch can be confirmed, and only while nothing else has changed")
    }
    guard Self.same(commands, confirmable.commands) else {
      return .staleConfirmation(
        guards: names, reason: "these are not the commands of the last rejected batch (confirm that batch as it came)")
    }
    if let block = confirmable.block {
      return .blockedConfirmation(guard: block.guardName, reason: block.reason)
    }
    let unknown = names.filter { !confirmable.guards.contains($0) }
    guard unknown.isEmpty else {
      let allowed = confirmable.guards.sorted().map(BatchFailure.guardLabel).joined(separator: ", ")
      return .staleConfirmation(
        guards: names,
        reason: "\(unknown.map(BatchFailure.guardLabel).joined(separator: ", ")) did not reject the last rejected batch "
          + "(it can skip \(allowed))")
    }
    return nil
  }
}
