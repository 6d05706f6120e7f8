/// Batches: every change to a coordinator is applied all or nothing and checked by guards.
extension TabCoordinatorState {
  /// Applies commands in order as one batch. If a command fails or a guard rejects the result,
  /// the state is left exactly as it was and the failure says why; otherwise returns the reports
  /// (events, reselects) for the host.
  ///
  /// ```swift
  /// try state.apply([.tab("profile", .push(.orders)), .selectTab("profile")], source: .rule("item.buyTapped"))
  /// ```
  ///
  /// Stack commands not addressed to a tab (`.push(s)` rather than `.tab(t, .push(s))`) go to
  /// `defaultTab` when it is given — a rule's batch passes the tab of the route that sent the
  /// action, so an effect finishing after the user switched tabs still navigates its own tab —
  /// and otherwise to the tab selected when the command runs.
  @discardableResult
  @inlinable
  public mutating func apply(
    _ commands: [NavigationCommand<Screen>],
    source: BatchSource = .host,
    guards: [NavigationGuard<Screen>] = [],
    defaultTab: TabID? = nil
  ) throws(BatchFailure) -> [NavigationReport] {
    let stackTab: Int?
    if let defaultTab {
      do throws(NavigationError) {
        stackTab = try index(of: defaultTab)
      } catch {
        throw BatchFailure(source: source, reason: .invalidCommand(index: 0, command: "tab \(defaultTab)", error: error))
      }
    } else {
      stackTab = nil
    }
    return try commit(source: source, guards: guards) {
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
    }.reports
  }

  /// A tap on a tab-bar item: selects the tab, or reselects it with its policy (docs/ARCHITECTURE.md §5).
  /// Guards see what the tap did: `[.selectTab(t)]`, `[.tab(t, .goBackToRoot)]`, or `[]`.
  @discardableResult
  public mutating func tapTab(
    _ tab: TabID, guards: [NavigationGuard<Screen>] = []
  ) throws(BatchFailure) -> [NavigationReport] {
    try performTap(tab, guards: guards).reports
  }

  /// ``tapTab(_:guards:)``, with the commands the tap amounted to.
  @usableFromInline
  mutating func performTap(
    _ tab: TabID, guards: [NavigationGuard<Screen>]
  ) throws(BatchFailure) -> PerformedBatch {
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
    try performBack(guards: guards).reports
  }

  /// ``userBack(guards:)``, with the command the gesture amounted to.
  @usableFromInline
  mutating func performBack(guards: [NavigationGuard<Screen>]) throws(BatchFailure) -> PerformedBatch {
    try commit(source: .userBack, guards: guards) {
      state, _, journal throws(BatchFailure) in
      do throws(NavigationError) {
        return try state.back(journal: &journal)
      } catch {
        throw BatchFailure(source: .userBack, reason: .invalidCommand(index: 0, command: "back", error: error))
      }
    }
  }

  /// What a committed batch did: the commands it amounted to (what guards saw, and what is
  /// logged) and its reports.
  @usableFromInline
  struct PerformedBatch {
    @usableFromInline var commands: [NavigationCommand<Screen>]
    @usableFromInline var reports: [NavigationReport]

    @inlinable
    init(commands: [NavigationCommand<Screen>], reports: [NavigationReport]) {
      self.commands = commands
      self.reports = reports
    }
  }

  /// Runs `change` in place, journaling every primitive change; on failure or rejection undoes
  /// the journal, so the state is exactly as before. `change` returns the commands it performed,
  /// which guards see.
  @inlinable
  mutating func commit(
    source: BatchSource,
    guards: [NavigationGuard<Screen>],
    change: (inout TabCoordinatorState, inout [NavigationReport], inout [CoordinatorUndo<Screen>])
      throws(BatchFailure) -> [NavigationCommand<Screen>]
  ) throws(BatchFailure) -> PerformedBatch {
    var reports: [NavigationReport] = []
    var journal: [CoordinatorUndo<Screen>] = []
    let commands: [NavigationCommand<Screen>]
    do {
      commands = try change(&self, &reports, &journal)
    } catch {
      undo(journal)
      throw error
    }
    if let rejection = firstRejection(by: guards, commands: commands, source: source, journal: journal) {
      undo(journal)
      throw BatchFailure(source: source, reason: .rejected(guard: rejection.guard, reason: rejection.reason))
    }
    return PerformedBatch(commands: commands, reports: reports)
  }

  @inlinable
  func firstRejection(
    by guards: [NavigationGuard<Screen>],
    commands: [NavigationCommand<Screen>],
    source: BatchSource,
    journal: [CoordinatorUndo<Screen>]
  ) -> (guard: String, reason: String)? {
    guard !guards.isEmpty else { return nil }
    let change = NavigationChange(after: self, commands: commands, source: source, journal: journal)
    for navigationGuard in guards {
      let (verdict, name) = navigationGuard.namedVerdict(on: change)
      if case let .reject(reason) = verdict {
        return (name, reason)
      }
    }
    return nil
  }
}
