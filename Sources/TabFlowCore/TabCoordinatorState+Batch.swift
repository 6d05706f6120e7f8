import TabFlowNavigation

/// Batches: every change to a coordinator is applied all or nothing and checked by guards.
extension TabCoordinatorState {
  /// Applies commands in order as one batch. If a command fails or a guard rejects the result,
  /// the state is left exactly as it was and the failure says why; otherwise returns the reports
  /// (events, reselects, redirects) for the host. A guard's redirect is followed (see
  /// ``GuardVerdict/redirect(_:reason:)``).
  ///
  /// ```swift
  /// try state.apply([.tab("profile", .push(.orders)), .selectTab("profile")], source: .rule("item.buyTapped"))
  /// ```
  ///
  /// Stack commands not addressed to a tab (`.push(s)` rather than `.tab(t, .push(s))`) go to
  /// `defaultTab` when it is given — a rule's batch passes the tab of the route that sent the
  /// action, so an effect finishing after the user switched tabs still navigates its own tab —
  /// and otherwise to the tab selected when the command runs. Guards named in `confirmedGuards`
  /// do not run on this batch (the host asked the user) — which it may only be for the last batch
  /// a guard rejected, re-sent as it came (its ``RejectedBatch/commands``, addressed) while nothing
  /// has changed since; otherwise the batch fails with ``/TabFlowNavigation/NavigationError/staleConfirmation(guards:reason:)``
  /// and changes nothing (see ``RejectedBatch``).
  @discardableResult
  @inlinable
  public mutating func apply(
    _ commands: [NavigationCommand<Screen>],
    source: BatchSource = .host,
    guards: [NavigationGuard<Screen>] = [],
    defaultTab: TabID? = nil,
    confirmedGuards: Set<String> = []
  ) throws(BatchFailure) -> [NavigationReport] {
    do {
      return try performApply(
        commands, source: source, guards: guards, defaultTab: defaultTab, confirmedGuards: confirmedGuards
      ).reports
    } catch {
      throw error.failure
    }
  }

  /// ``apply(_:source:guards:defaultTab:confirmedGuards:)``, with the commands it amounted to; a
  /// rejection carries the batch, its commands addressed (to `defaultTab` when given).
  @inlinable
  mutating func performApply(
    _ commands: [NavigationCommand<Screen>],
    source: BatchSource,
    guards: [NavigationGuard<Screen>],
    defaultTab: TabID?,
    confirmedGuards: Set<String> = [],
    overruling: Bool = true
  ) throws(BatchError<Screen>) -> PerformedBatch {
    let stackTab: Int?
    if let defaultTab {
      do throws(NavigationError) {
        stackTab = try index(of: defaultTab)
      } catch {
        throw BatchError(BatchFailure(source: source, reason: .invalidCommand(index: 0, command: "tab \(defaultTab)", error: error)))
      }
    } else {
      stackTab = nil
    }
    if !confirmedGuards.isEmpty, let problem = confirmationProblem(commands, confirmedGuards: confirmedGuards) {
      throw BatchError(BatchFailure(
        source: source, reason: .invalidCommand(index: 0, command: "confirm", error: problem)))
    }
    return try commit(
      source: source, guards: guards, defaultTab: defaultTab, confirmedGuards: confirmedGuards, overruling: overruling
    ) {
      state, reports, journal throws(BatchFailure) in
      for (index, command) in commands.enumerated() {
        do throws(NavigationError) {
          try state.applyCommand(command, stackTab: stackTab, reports: &reports, journal: &journal)
        } catch {
          throw BatchFailure(
            source: source, reason: .invalidCommand(index: index, command: command.description, error: error))
        }
      }
      return commands
    }
  }

  /// A tap on a tab-bar item: selects the tab, or reselects it with its policy (docs/ARCHITECTURE.md §5).
  /// Guards see what the tap did: `[.selectTab(t)]`, `[.tab(t, .goBackToRoot)]`, or `[]`.
  @discardableResult
  public mutating func tapTab(
    _ tab: TabID, guards: [NavigationGuard<Screen>] = []
  ) throws(BatchFailure) -> [NavigationReport] {
    do {
      return try performTap(tab, guards: guards).reports
    } catch {
      throw error.failure
    }
  }

  /// ``tapTab(_:guards:)``, with the commands the tap amounted to.
  @inlinable
  mutating func performTap(
    _ tab: TabID, guards: [NavigationGuard<Screen>]
  ) throws(BatchError<Screen>) -> PerformedBatch {
    let source = BatchSource.tabTap(tab)
    return try commit(source: source, guards: guards) {
      state, reports, journal throws(BatchFailure) in
      do throws(NavigationError) {
        return try state.tap(tab, reports: &reports, journal: &journal)
      } catch {
        throw BatchFailure(source: source, reason: .invalidCommand(index: 0, command: "tab \(tab)", error: error))
      }
    }
  }

  /// The user's back gesture: removes the selected tab's top route; at its root goes to the
  /// previous tab with ``BackBehavior/history``, otherwise fails with `already at root`.
  /// Guards see what it did: `[.goBack(count: 1)]` or `[.selectTab(previous)]`.
  @discardableResult
  public mutating func userBack(guards: [NavigationGuard<Screen>] = []) throws(BatchFailure) -> [NavigationReport] {
    do {
      return try performBack(guards: guards).reports
    } catch {
      throw error.failure
    }
  }

  /// ``userBack(guards:)``, with the command the gesture amounted to.
  @inlinable
  mutating func performBack(guards: [NavigationGuard<Screen>]) throws(BatchError<Screen>) -> PerformedBatch {
    try commit(source: .userBack, guards: guards) {
      state, _, journal throws(BatchFailure) in
      do throws(NavigationError) {
        return try state.back(journal: &journal)
      } catch {
        throw BatchFailure(source: .userBack, reason: .invalidCommand(index: 0, command: "back", error: error))
      }
    }
  }

  /// The routes the UI reports for the selected tab (a swipe back, a drag-dismissed sheet), as a
  /// batch through the guards: guards see `[.tab(t, .goBack(count: n))]` when the UI removed the
  /// top `n` routes, else `[.tab(t, .reset(routes))]`. A rejection leaves the stack as it was, so
  /// the UI snaps back.
  @usableFromInline
  package mutating func performUpdateRoutes(
    _ routes: [Route<Screen>], guards: [NavigationGuard<Screen>], confirmedGuards: Set<String> = []
  ) throws(BatchError<Screen>) -> PerformedBatch {
    let position = selectedIndex
    let tab = selectedTab
    let before = storedTabs[position].stack
    return try commit(source: .userBack, guards: guards, confirmedGuards: confirmedGuards) {
      state, _, journal throws(BatchFailure) in
      do throws(NavigationError) {
        try state.storedTabs[position].stack.updateRoutes(routes)
      } catch {
        throw BatchFailure(source: .userBack, reason: .invalidCommand(index: 0, command: "updateRoutes", error: error))
      }
      journal.append(replacedStack: before, tab: position)
      let removed = before.count - routes.count
      let isPrefix = removed > 0 && zip(before.routes, routes).allSatisfy {
        $0.style == $1.style && $0.withNavigation == $1.withNavigation
      }
      return [.tab(tab, isPrefix ? .goBack(count: removed) : .reset(routes))]
    }
  }

  /// What a committed batch did: the commands it amounted to (what guards saw, and what is
  /// logged) and its reports. The routes its changes removed are noted in the state's
  /// ``RouteRemovalLog``.
  @usableFromInline
  package struct PerformedBatch {
    @usableFromInline package var commands: [NavigationCommand<Screen>]
    @usableFromInline package var reports: [NavigationReport]

    @inlinable
    init(commands: [NavigationCommand<Screen>], reports: [NavigationReport]) {
      self.commands = commands
      self.reports = reports
    }

    /// Whether a guard deferred a deep link in this batch (no retry right after it).
    @usableFromInline package var deferredALink: Bool {
      reports.contains { if case .linkDeferred = $0 { true } else { false } }
    }
  }

  /// Runs `change` in place, journaling every primitive change; on failure or rejection undoes
  /// the journal, so the state is exactly as before. `change` returns the commands it performed,
  /// which guards see. A guard's redirect or deferral is resolved by ``overrule(_:commands:source:guards:defaultTab:confirmedGuards:)``
  /// — unless `overruling` is off (retrying a pending link), when any objection rejects. A
  /// rejection is made by ``rejection(_:by:reason:source:defaultTab:confirmedGuards:)``, which
  /// addresses the commands with `defaultTab` (where `change` sent un-addressed stack commands;
  /// `nil`: the selected tab). A committed batch is a change: no earlier rejection can be
  /// confirmed after it.
  @inlinable @inline(__always)
  mutating func commit(
    source: BatchSource,
    guards: [NavigationGuard<Screen>],
    defaultTab: TabID? = nil,
    confirmedGuards: Set<String> = [],
    overruling: Bool = true,
    change: (inout TabCoordinatorState, inout [NavigationReport], inout UndoJournal<Screen>)
      throws(BatchFailure) -> [NavigationCommand<Screen>]
  ) throws(BatchError<Screen>) -> PerformedBatch {
    var reports: [NavigationReport] = []
    let needs = GuardNeeds.combined(guards)
    let checking = needs.mayRefuse
    // Kept for guards that read it (copied as the batch changes it, instead of rebuilt).
    let original: TabCoordinatorState? = checking && needs.readsBefore ? self : nil
    // A state whose box another shares (a copy the explorer keeps) is copied by the batch's
    // first write anyway: the box is kept too, so a discarded batch puts it back, not undone.
    let box = original == nil && storage.isShared() ? storage : nil
    // Undone only when nothing is kept to put back — or when guards may rebuild `before` from
    // the journal (they said they do not read it, but may).
    var journal = UndoJournal<Screen>(recordingUndo: original == nil && (box == nil || checking))
    let commands: [NavigationCommand<Screen>]
    do {
      commands = try change(&self, &reports, &journal)
    } catch {
      restore(undoing: journal, original: original, box: box)
      throw BatchError(error)
    }
    guard checking,
      let objection = objection(
        by: guards,
        to: NavigationChange(
          after: self, commands: commands, source: source, confirmedGuards: confirmedGuards, journal: journal,
          kept: original))
    else {
      confirmable = nil
      noteRemovals(journal.removed)
      return PerformedBatch(commands: commands, reports: reports)
    }
    guard overruling else {
      restore(undoing: journal, original: original, box: box)
      // Only a pending link's retry does not overrule, and a retry the guards still refuse
      // reaches no host (the link stays pending): there is no rejection to address or confirm.
      throw BatchError(BatchFailure(
        source: source, reason: .rejected(guard: objection.name, reason: objection.verdict.reason ?? "rejected")))
    }
    let label = topLabel
    restore(undoing: journal, original: original, box: box)
    let performed = try overrule(
      Objection(verdict: objection.verdict, guardName: objection.name, site: objection.site, label: label),
      commands: commands, source: source, guards: guards, defaultTab: defaultTab, confirmedGuards: confirmedGuards)
    confirmable = nil
    return performed
  }

  /// Puts the state back as it was before a discarded batch: the state kept from before it, or
  /// its box, when there is one (the same values as undoing, for less — and the very box, which
  /// the explorer recognizes as unchanged), else by undoing its journal.
  @inlinable
  mutating func restore(
    undoing journal: UndoJournal<Screen>, original: TabCoordinatorState?,
    box: TabCoordinatorStorage<Screen>?
  ) {
    if let original {
      self = original
    } else if let box {
      storage = box
    } else {
      undo(journal)
    }
  }

  /// The first guard's verdict that is not `allow`, with the guard's name; `kept` holds the
  /// state before `commands`, when it was kept for guards that read it.
  @inlinable
  func firstObjection(
    by guards: [NavigationGuard<Screen>],
    commands: [NavigationCommand<Screen>],
    source: BatchSource,
    confirmedGuards: Set<String>,
    journal: UndoJournal<Screen>,
    kept: TabCoordinatorState? = nil
  ) -> (verdict: GuardVerdict<Screen>, name: String, site: DeclarationSite?)? {
    guard GuardNeeds.combined(guards).mayRefuse else { return nil }
    return objection(
      by: guards,
      to: NavigationChange(
        after: self, commands: commands, source: source, confirmedGuards: confirmedGuards, journal: journal,
        kept: kept))
  }

  /// The first verdict of `guards` on `change` that is not `allow`, with the name of the guard
  /// (or inner check) that gave it and where that was declared; a guard the user confirmed for
  /// this change (`change.confirmedGuards`) allows it without being asked. Each guard is asked
  /// in place and named only when it objects: copying a guard out of the array, or naming every
  /// verdict, would retain its name, site and closures for each guard of each batch.
  @inlinable
  func objection(
    by guards: [NavigationGuard<Screen>], to change: NavigationChange<Screen>
  ) -> (verdict: GuardVerdict<Screen>, name: String, site: DeclarationSite?)? {
    for index in guards.indices {
      if !change.confirmedGuards.isEmpty, change.confirmedGuards.contains(guards[index].name) { continue }
      // Taken apart, so the verdict is moved into the answer rather than copied out of the result.
      let (verdict, by, site) = guards[index].check(change)
      if case .allow = verdict { continue }
      return (verdict, by ?? guards[index].name, site ?? guards[index].site)
    }
    return nil
  }

  /// The name of the selected tab's top screen: how redirect cycles are written.
  @usableFromInline
  package var topLabel: String { screenName(of: top.screen) }
}

extension NavigationCommand {
  /// The command addressed to `tab` when it is a stack command not addressed to any tab;
  /// coordinator commands as they are.
  @inlinable
  func addressed(to tab: TabID) -> NavigationCommand {
    switch self {
    case .selectTab, .resetTabs, .tab, .app, .emit, .setBadge: return self
    default: return .tab(tab, self)
    }
  }

  /// The command addressed to the app layer when it is a stack command not addressed to a tab
  /// or the app layer (a rule's command for a route presented over the tab bar); coordinator
  /// commands as they are.
  @inlinable
  package var addressedToAppLayer: NavigationCommand {
    switch self {
    case .selectTab, .resetTabs, .tab, .app, .emit, .setBadge: return self
    default: return .app(self)
    }
  }
}

extension GuardNeeds {
  /// What `guards` need together, each asked once: whether any may refuse the batch (a guard
  /// that says nothing may) and whether any reads ``NavigationChange/before``. Asked before every
  /// batch: each guard's `needs` is read in place (copying a guard out of the array would retain
  /// its name, site and both closures).
  @inlinable
  static func combined<Screen>(_ guards: [NavigationGuard<Screen>]) -> GuardNeeds {
    var together = GuardNeeds(mayRefuse: false, readsBefore: false)
    for index in guards.indices {
      // Switched on in place (as ``GuardNeedsSource/needs`` does): a source bound first is a
      // copy, its closure or cell retained.
      let needs: GuardNeeds
      switch guards[index].needs {
      case let .held(cell)?: needs = cell.needs
      case let .asked(ask)?: needs = ask()
      case nil: needs = .checking
      }
      together.mayRefuse = together.mayRefuse || needs.mayRefuse
      together.readsBefore = together.readsBefore || needs.readsBefore
    }
    return together
  }
}
