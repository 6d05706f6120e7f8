import CoreTestSupport
@testable import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// ``GuardNeeds``: a guard says before each batch whether it may refuse it and whether it
  /// reads `before`; the coordinator does only the work some guard needs, with the same outcome.
  @Suite("Guard needs")
  struct GuardNeedsTests {
    /// A guard that counts its calls, says `needs`, and reads `before` when `readsBefore`.
    final class Probe: @unchecked Sendable {
      var calls = 0
      var needs: GuardNeeds
      var befores: [Int] = []
      var heldBefore: [Bool] = []
      /// How many times the guard was asked what it needs.
      var asked = 0
      init(_ needs: GuardNeeds) { self.needs = needs }

      var navigationGuard: NavigationGuard<TabTestScreen> {
        NavigationGuard("probe", needs: { [self] in
          asked += 1
          return needs
        }) { [self] change in
          calls += 1
          heldBefore.append(change.isBeforeMade)
          if needs.readsBefore { befores.append(change.before.selectedStack.count) }
          return .allow
        }
      }
    }

    /// Each guard is asked what it needs once per batch, whatever it answers.
    @Test(arguments: [
      GuardNeeds(mayRefuse: false, readsBefore: false), .checking, GuardNeeds(mayRefuse: true, readsBefore: true),
    ])
    func needsAreAskedOncePerBatch(needs: GuardNeeds) throws {
      let probe = Probe(needs)
      let other = Probe(.checking)
      var state = try TabFixtures.coordinator()
      try state.apply([.push(.orders)], guards: [probe.navigationGuard, other.navigationGuard])
      try state.apply([.pop()], guards: [probe.navigationGuard, other.navigationGuard])
      #expect(probe.asked == 2)
      #expect(other.asked == 2)
    }

    @Test func aGuardThatMayNotRefuseIsNotAsked() throws {
      let probe = Probe(GuardNeeds(mayRefuse: false, readsBefore: false))
      var state = try TabFixtures.coordinator()
      try state.apply([.push(.orders)], guards: [probe.navigationGuard])
      #expect(probe.calls == 0)
      #expect(state.selectedStack.count == 2)
      probe.needs.mayRefuse = true
      try state.apply([.pop(count: 1)], guards: [probe.navigationGuard])
      #expect(probe.calls == 1)
    }

    /// Kept from before the batch or rebuilt from its journal, `before` is the same state; only
    /// a kept one is held before any guard reads it.
    @Test func beforeIsTheSameKeptOrRebuilt() throws {
      let keeping = Probe(GuardNeeds(mayRefuse: true, readsBefore: true))
      let rebuilding = Probe(.checking)
      var kept = try TabFixtures.coordinator()
      var rebuilt = try TabFixtures.coordinator()
      try kept.apply([.push(.orders), .push(.orders)], guards: [keeping.navigationGuard])
      try rebuilt.apply([.push(.orders), .push(.orders)], guards: [rebuilding.navigationGuard])
      #expect(kept == rebuilt)
      #expect(keeping.befores == [1])
      #expect(keeping.heldBefore == [true])
      #expect(rebuilding.heldBefore == [false])
      var change = NavigationChange(
        after: rebuilt, commands: [], source: .host, confirmedGuards: [], journal: UndoJournal())
      #expect(!change.isBeforeMade)
      #expect(change.before.selectedStack.count == 3)
      #expect(change.isBeforeMade)
      #expect(change.withBefore { $0.selectedStack.count } == 3)
      change = NavigationChange(
        after: rebuilt, commands: [], source: .host, confirmedGuards: [], journal: UndoJournal(),
        kept: kept)
      #expect(change.isBeforeMade)
      #expect(change.withBefore { $0 == kept })
    }

    /// A kept `before` is the state the change was given, held in the change itself: not
    /// rebuilt from the journal (which a change with a kept state does not keep), the same in
    /// every copy of the change, and with the very box of the state it was kept from.
    @Test func aKeptBeforeIsTheStateKept() throws {
      let kept = try TabFixtures.coordinator()
      var after = kept
      try after.apply([.push(.orders), .push(.orders)])
      var journal = UndoJournal<TabTestScreen>()
      // Undoing it would put `after`'s stack back: a `before` rebuilt from it is not `kept`.
      journal.append(.replacedStack(tab: after.selectedIndex, after.selectedStack))
      let change = NavigationChange(
        after: after, commands: [], source: .host, confirmedGuards: [], journal: journal, kept: kept)
      let copy = change
      #expect(change.isBeforeMade)
      #expect(change.keptBefore == kept)
      #expect(change.before == kept)
      #expect(copy.withBefore { $0.storage.isSameBox(as: kept.storage) })
      #expect(change.before.selectedStack.count == 1)
      #expect(after.selectedStack.count == 3)
      let rebuilding = NavigationChange(
        after: after, commands: [], source: .host, confirmedGuards: [], journal: UndoJournal())
      #expect(rebuilding.keptBefore == nil)
      #expect(!rebuilding.isBeforeMade)
    }

    /// A rejected batch whose state was kept for the guards is put back from the kept copy.
    @Test func aRejectionRestoresTheKeptState() throws {
      var state = try TabFixtures.coordinator()
      let original = state
      let refusing = NavigationGuard<TabTestScreen>("no", needs: { GuardNeeds(mayRefuse: true, readsBefore: true) }) {
        _ in .reject("no")
      }
      #expect(throws: (any Error).self) {
        try state.apply([.push(.orders)], guards: [refusing])
      }
      #expect(state == original)
    }

    /// A redirect's guards see `before` as the state before the redirect's commands, whether it
    /// was kept for them or rebuilt from the redirect's journal; a redirect that is rejected, or
    /// whose command fails, leaves the state exactly as it was, either way.
    @Test(arguments: [
      [TabTestScreen.login(reason: "orders")], [.login(reason: "orders"), .checkout(total: 1)], [.checkout(total: 2)],
    ])
    func aRedirectSeesTheSameBeforeKeptOrRebuilt(redirect: [TabTestScreen]) throws {
      /// The state after the batch, or the failure, and what the probe saw of `before`.
      func run(_ needs: GuardNeeds) throws -> (state: TabCoordinatorState<TabTestScreen>, failure: BatchFailure?, befores: [String], held: [Bool]) {
        var befores: [String] = []
        var held: [Bool] = []
        let probe = NavigationGuard<TabTestScreen>("probe", needs: { needs }) { change in
          held.append(change.isBeforeMade)
          befores.append("\(change.before.selectedStack.count) \(change.before.top.screen)")
          return .allow
        }
        let redirecting = NavigationGuard<TabTestScreen>("orders") { change in
          if case .orders = change.after.top.screen { return .redirect(redirect.map { .push($0) }, reason: "login") }
          return .allow
        }
        let checkout = NavigationGuard<TabTestScreen>("checkout") { change in
          if case .checkout(total: 2) = change.after.top.screen { return .reject("no") }
          return .allow
        }
        var state = try TabFixtures.coordinator()
        try state.apply([.push(.item(id: 1))])
        let original = state
        do {
          try state.apply([.push(.orders)], guards: [probe, redirecting, checkout])
          return (state, nil, befores, held)
        } catch {
          #expect(state == original)
          return (state, error, befores, held)
        }
      }
      let kept = try run(GuardNeeds(mayRefuse: true, readsBefore: true))
      let rebuilt = try run(.checking)
      #expect(kept.state == rebuilt.state)
      #expect(kept.failure == rebuilt.failure)
      #expect(kept.befores == rebuilt.befores)
      #expect(kept.befores == ["2 item(id: 1)", "2 item(id: 1)"])
      #expect(kept.held == [true, true])
      #expect(rebuilt.held == [false, false])
    }

    @Test func theGuardsTogetherNeedWhatAnyNeeds() {
      func guardNeeding(_ needs: GuardNeeds?) -> NavigationGuard<TabTestScreen> {
        NavigationGuard("g", needs: needs.map { value in { value } }) { _ in .allow }
      }
      let none: [NavigationGuard<TabTestScreen>] = []
      #expect(!GuardNeeds.combined(none).mayRefuse)
      #expect(GuardNeeds.combined([guardNeeding(nil)]).mayRefuse)
      #expect(!GuardNeeds.combined([guardNeeding(nil), guardNeeding(.checking)]).readsBefore)
      let idle = guardNeeding(GuardNeeds(mayRefuse: false, readsBefore: false))
      #expect(GuardNeeds.combined([idle, idle]) == GuardNeeds(mayRefuse: false, readsBefore: false))
      #expect(GuardNeeds.combined([idle, guardNeeding(.checking)]) == .checking)
      #expect(GuardNeeds.combined([idle, guardNeeding(GuardNeeds(mayRefuse: true, readsBefore: true))]).readsBefore)
    }
  }
}
