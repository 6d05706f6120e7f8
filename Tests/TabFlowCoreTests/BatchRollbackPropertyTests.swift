import CoreTestSupport
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// Random batches — pushes, pops, opens, resets, presents, dismisses, tab switches away from
  /// tabs that pop to their root when left, app-layer commands, invalid commands — applied to a
  /// copy of a state (sharing its storage, as the explorer's copies do), from the first batch on.
  ///
  /// Each batch is applied five ways: plainly; followed by an invalid command; under a guard that
  /// rejects it; under a guard that reads ``NavigationChange/before`` (made by undoing the
  /// journal) before rejecting it; and under one that says beforehand that it reads it (the
  /// state is kept from before the batch, and its changes are not journaled to be undone) — all
  /// but the first both on a copy sharing the state's box and on one with a box of its own.
  /// A batch that fails or is rejected leaves the state exactly as it was (route IDs and
  /// structure tokens included), and the `before` the guard read is that state exactly; a batch
  /// that succeeds gives the state its commands give one at a time. Batches of one, two and more
  /// journal entries, and stack changes removing one route or several, are all exercised.
  @Suite("Batch rollback properties")
  struct BatchRollbackPropertyTests {
    /// SplitMix64: deterministic, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
      var state: UInt64
      mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }
    }

    /// What the guard that reads `before` saw.
    final class Sighting {
      var before: TabCoordinatorState<TabTestScreen>?
    }

    static let tabs: [TabID] = ["home", "search", "profile"]

    static func screen(_ rng: inout Generator) -> TabTestScreen {
      switch Int.random(in: 0...4, using: &rng) {
      case 0: return .item(id: Int.random(in: 1...3, using: &rng))
      case 1: return .orders
      case 2: return .login(reason: "r")
      case 3: return .checkout(total: 1)
      default: return .picker(options: ["a"])
      }
    }

    static func stackCommand(_ rng: inout Generator) -> NavigationCommand<TabTestScreen> {
      switch Int.random(in: 0...11, using: &rng) {
      case 0, 1: return .push(screen(&rng))
      case 2: return .pop(count: Int.random(in: 1...3, using: &rng))
      case 3: return .goBack(count: Int.random(in: 1...4, using: &rng))
      case 4: return .goBackToRoot
      case 5: return .open([.push(screen(&rng))], mode: .keepRoot)
      case 6: return .open([.root(screen(&rng)), .push(screen(&rng)), .push(screen(&rng))], mode: .replace)
      case 7: return .presentSheet(screen(&rng), withNavigation: Bool.random(using: &rng))
      case 8: return .dismiss(count: Int.random(in: 1...2, using: &rng))
      case 9: return .reset([.root(screen(&rng)), .push(screen(&rng))])
      case 10: return .setTopScreen(screen(&rng))
      default: return .open([.push(screen(&rng)), .push(screen(&rng))], mode: .append)
      }
    }

    static func command(_ rng: inout Generator) -> NavigationCommand<TabTestScreen> {
      let tab = tabs[Int.random(in: 0..<tabs.count, using: &rng)]
      switch Int.random(in: 0...13, using: &rng) {
      case 0...2: return .selectTab(tab)
      case 3...6: return .tab(tab, stackCommand(&rng))
      case 7: return .resetTabs(select: tab)
      case 8: return .app(Bool.random(using: &rng) ? .presentSheet(screen(&rng)) : .goBack(count: 1))
      case 9: return .selectTab("nowhere")
      default: return stackCommand(&rng)
      }
    }

    static func coordinator() throws -> TabCoordinatorState<TabTestScreen> {
      try TabCoordinatorState(tabs: [
        TabDefinition("home", root: .feed, onLeave: .popToRoot),
        TabDefinition("search", root: .search(query: "")),
        TabDefinition("profile", root: .account, reselect: .none, onLeave: .popToRoot),
      ])
    }

    @Test("failed and rejected batches leave the state exactly as it was")
    func failedAndRejectedBatchesRollBackExactly() throws {
      var rng = Generator(state: 44)
      let sighting = Sighting()
      let reject = NavigationGuard<TabTestScreen>("reject") { _ in .reject("no") }
      let readBefore = NavigationGuard<TabTestScreen>("readBefore") { change in
        sighting.before = change.before
        return .reject("no")
      }
      // Says beforehand that it reads `before`: the batch keeps the state instead of journaling
      // its changes to undo, and puts it back.
      let keptBefore = NavigationGuard<TabTestScreen>(
        "keptBefore", needs: { GuardNeeds(mayRefuse: true, readsBefore: true) }
      ) { change in
        sighting.before = change.before
        return .reject("no")
      }
      var applied = 0
      var failed = 0
      var failures = 0
      for session in 0..<300 where failures < 3 {
        var state = try Self.coordinator()
        for _ in 0..<30 {
          let commands = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.command(&rng) }
          let before = TabsSnapshot(state)
          var problems: [String] = []

          // Sharing the state's box, and with a box of its own.
          for owned in [false, true] {
            var rejected = state
            if owned { rejected.context = rejected.context }
            if (try? rejected.apply(commands, guards: [reject])) != nil { problems.append("a rejected batch was applied") }
            if TabsSnapshot(rejected) != before { problems.append("the rejected batch changed the state (owned: \(owned))") }
            var failing = state
            if owned { failing.context = failing.context }
            if (try? failing.apply(commands + [.selectTab("nowhere")])) != nil { problems.append("an invalid batch was applied") }
            if TabsSnapshot(failing) != before { problems.append("the invalid batch changed the state (owned: \(owned))") }
          }

          for (guardName, readingGuard) in [("rebuilt", readBefore), ("kept", keptBefore)] {
            for owned in [false, true] {
              sighting.before = nil
              var read = state
              if owned { read.context = read.context }
              _ = try? read.apply(commands, guards: [readingGuard])
              if TabsSnapshot(read) != before {
                problems.append("the batch rejected after reading `before` (\(guardName), owned: \(owned)) changed the state")
              }
              if let seen = sighting.before, TabsSnapshot(seen) != before {
                problems.append("`before` (\(guardName), owned: \(owned)) is not the state before")
              }
            }
          }

          var next = state
          do {
            try next.apply(commands)
            applied += 1
            var stepwise = state
            for command in commands { try stepwise.apply([command]) }
            if stepwise != next { problems.append("one at a time: \(stepwise.tabs.map(\.stack.description))") }
          } catch {
            failed += 1
            if TabsSnapshot(next) != before { problems.append("the failed batch changed the state") }
            next = state
          }
          if !problems.isEmpty {
            Issue.record("session \(session), batch \(commands): \(problems.joined(separator: "; "))")
            failures += 1
            break
          }
          state = next
        }
      }
      #expect(applied > 1_000)
      #expect(failed > 1_000)
    }
  }
}
