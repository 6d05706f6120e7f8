import TabFlowNavigation

/// What a ``TabCoordinator`` understands.
public enum TabCoordinatorAction<Screen, ScreenAction> {
  /// A screen action addressed by route ID (run by `forEachRoute`, then offered to the rules), or
  /// the routes of the selected tab as the UI reports them after a swipe back or drag-dismiss.
  case router(RouterAction<Screen, ScreenAction>)
  /// A tap on a tab-bar item: select, or reselect with the tab's policy.
  case tabTapped(TabID)
  /// The user's back gesture or back button.
  case back
  /// A deep link to open.
  case openURL(String)
  /// Commands from the host app, applied as one batch through the guards — except the guards
  /// named in `confirmedGuards`, which the host asked the user about (a rejected batch re-sent:
  /// see ``confirm(_:)``); they are skipped for this batch only. With guards confirmed, the
  /// commands must be those of the last batch a guard rejected, and nothing may have changed
  /// since; otherwise the batch is refused (``BatchFailure/isStaleConfirmation``) and the state
  /// is unchanged.
  case perform([NavigationCommand<Screen>], confirmedGuards: Set<String> = [])
  /// Sets a context value rules and guards can read (`nil` removes it). A pending deep link is
  /// retried afterwards.
  case setContext(String, FlowValue?)
  /// Forgets the pending deep link (``TabCoordinatorState/pendingLink``).
  case cancelPendingLink
  /// The user reordered, hid or showed tabs in the sidebar's customization. No guard runs (what
  /// the user sees does not change: the selected tab cannot be hidden); a refusal comes back as
  /// `.delegate(.failed(failure))` with the reason, the state unchanged.
  case customizeTabs(TabCustomization)
  /// Adopts the state a rule-script reload migrated to the new script's declarations
  /// (`ScriptedRules.reload` returns it): new tabs with their roots, screens with the new state
  /// fields. Route IDs are kept, so no route's effects are cancelled. A state whose stacks use
  /// another ``/TabFlowNavigation/RouteIDGenerator`` (a document restored while the app runs)
  /// is given fresh IDs from the coordinator's (``TabCoordinatorState/adoptIDs(from:)``): its
  /// routes are new, and no ID the coordinator handed out before is handed out again.
  ///
  /// This case and ``delegate(_:)`` are rare and their payloads large: they are held in a box, so
  /// an action — and every effect that carries one — stays the size of a screen action, which
  /// every action moves through the store, `forEachRoute` and the coordinator.
  indirect case adoptReloaded(TabCoordinatorState<Screen>)
  /// What the coordinator tells the host; it handles none of these itself.
  indirect case delegate(TabCoordinatorDelegate<Screen>)

  /// Re-sends a rejected batch with its guard confirmed: the same commands, each addressed to the
  /// tab it was meant for, that guard skipped once (React Navigation's `usePreventRemove` +
  /// `dispatch(data.action)`).
  ///
  /// Only the last rejected batch can be confirmed, and only while the state has not changed
  /// since it was rejected (see ``RejectedBatch`` for what counts as a change). Otherwise — the
  /// user switched tabs while the alert was up, an effect updated a screen, another batch was
  /// rejected — it is refused with `.delegate(.failed(failure))`, ``BatchFailure/isStaleConfirmation``,
  /// and the state is unchanged.
  ///
  /// ```swift
  /// case let .delegate(.rejected(batch)):
  ///   return .send(.confirm(batch))   // after the user chose "Discard"
  /// ```
  public static func confirm(_ batch: RejectedBatch<Screen>) -> Self {
    .perform(batch.commands, confirmedGuards: [batch.guardName])
  }
}

extension TabCoordinatorAction: Equatable where Screen: Equatable, ScreenAction: Equatable {}
extension TabCoordinatorAction: Sendable where Screen: Sendable, ScreenAction: Sendable {}

/// What a ``TabCoordinator`` tells the host app.
public enum TabCoordinatorDelegate<Screen> {
  /// A batch did something the host may react to: a reselect, an event a rule emitted, a
  /// redirect, a deferred or opened pending link.
  case report(NavigationReport)
  /// A batch was discarded for a reason other than a guard (an invalid command, a rule error,
  /// no matching deep link, a redirect loop); the state is unchanged. The failure says where and why.
  case failed(BatchFailure)
  /// A guard rejected a batch; the state is unchanged. The batch comes whole, so the host can
  /// ask the user and re-send it confirmed (``TabCoordinatorAction/confirm(_:)``).
  case rejected(RejectedBatch<Screen>)

  /// The failure of a discarded batch, rejected or failed; `nil` for a report.
  public var failure: BatchFailure? {
    switch self {
    case .report: return nil
    case let .failed(failure): return failure
    case let .rejected(batch): return batch.failure
    }
  }
}

extension TabCoordinatorDelegate: Equatable where Screen: Equatable {}
extension TabCoordinatorDelegate: Sendable where Screen: Sendable {}
