import CoreTestSupport
@testable import TabFlowCore
import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// A state keeps its fields in one box shared by its copies (`TabCoordinatorStorage`), and
  /// the fields a batch rarely writes in another (`TabCoordinatorRareFields`); each write first
  /// gives the state, and the rare fields when it writes one, a box of its own. Attacked with
  /// generated changes — every kind of write a state has (the rare fields' among them: the back
  /// behaviour, the tab bar, the app layer, a rejection a guard asks about), to the state and to
  /// copies of it, kept and dropped at random — against two oracles: no copy ever changes but
  /// the one written, and a write to a state that shares its boxes does exactly what it does to
  /// the same state holding boxes of its own.
  @Suite("A state's copies stay values")
  struct StateCopyOnWriteTests {
    typealias State = TabCoordinatorState<TabTestScreen>

    /// Everything the state holds, bookkeeping included, as its mirror shows it.
    static func text(of state: State) -> String {
      var text = ""
      dump(state, to: &text)
      return text
    }

    /// Whether two states hold the same: `==` (navigation, route IDs included) and the
    /// bookkeeping `==` leaves out — the confirmable batch (its guards as a set) and the record of
    /// removed routes. (Their texts may differ where they hold no difference: two dictionaries
    /// with the same keys list them in orders of their own.)
    static func same(_ lhs: State, _ rhs: State) -> Bool {
      func bookkeeping(_ state: State) -> String {
        var text = ""
        dump(state.confirmable.map { ($0.commands, $0.guards.sorted(), $0.block) }, to: &text)
        dump(state.removalLog, to: &text)
        return text
      }
      return lhs == rhs && bookkeeping(lhs) == bookkeeping(rhs)
    }

    /// `state` with a box of its own (the same fields), and its rarely written fields too: a
    /// write to it never meets a sharer.
    static func unshared(_ state: State) -> State {
      var copy = state
      copy.storage = TabCoordinatorStorage(state.storage.fields.pointee)
      copy.storage.fields.pointee.rare = CopyOnWriteBox(state.rare.pointee)
      return copy
    }

    /// One generated write, through the state's public and package API: batches (some refused,
    /// some a guard asks about, which keeps the confirmable batch), taps, backs, context,
    /// back-behaviour and pending-link writes, tab-bar customization, removal marks.
    static func write(_ choice: Int, _ argument: Int, to state: inout State) {
      let tabs = TabFixtures.tabIDs
      let tab = tabs[argument % tabs.count]
      let asking = NavigationGuard<TabTestScreen>("asks") { change in
        change.commands.count > 1 ? .ask("sure?") : .allow
      }
      switch choice {
      case 0: _ = try? state.apply([.push(.item(id: argument))])
      case 1: _ = try? state.apply([.tab(tab, .push(.orders)), .selectTab(tab)], guards: [asking])
      case 2: _ = try? state.apply([.presentSheet(.login(reason: "r\(argument)"), withNavigation: true)])
      case 3: _ = try? state.apply([.goBack(count: 1 + argument % 3)])
      case 4: _ = try? state.apply([.app(.presentCover(.checkout(total: Double(argument))))])
      case 5: _ = try? state.apply([.app(.dismissAll)])
      case 6: _ = try? state.tapTab(tab)
      case 7: _ = try? state.userBack()
      case 8: state.context["k\(argument % 3)"] = .int(argument)
      case 9: state.backBehavior = argument.isMultiple(of: 2) ? .history : .none
      case 10: state.setPendingLink("app://item/\(argument)")
      case 11: state.cancelPendingLink()
      case 12: _ = try? state.customize(argument.isMultiple(of: 2) ? .hide(tab) : .show(tab))
      case 13: _ = state.markRemovals()
      default: _ = try? state.apply([.tab(tab, .popToRoot)], guards: [asking])
      }
    }

    static let writeKinds = 15

    @Test("Generated writes to states and their copies change only the state written", arguments: 0..<40)
    func copiesStayValues(seed: Int) throws {
      var choices = SeededChoices(seed: UInt64(seed))
      // A generator of this case's own: the writes below rewind it, which would hand IDs out
      // twice to the tests and cases running beside it on the process-wide one.
      var start = try TabFixtures.deepCoordinator()
      start.adoptIDs(from: RouteIDGenerator())
      // Copies kept, each with the text it had when it was last written.
      var kept: [(state: State, text: String)] = [(start, Self.text(of: start))]
      for _ in 0..<120 {
        // Sometimes keep a copy of one of the states (it shares that state's box).
        if kept.count < 6, choices.next(3) == 0 {
          let copied = kept[choices.next(kept.count)]
          kept.append(copied)
        }
        // Sometimes drop one, so a box is shared by fewer states again.
        if kept.count > 1, choices.next(6) == 0 { kept.remove(at: choices.next(kept.count)) }

        let written = choices.next(kept.count)
        let choice = choices.next(Self.writeKinds)
        let argument = choices.next(100)
        // The same write to the state alone, its route IDs handed out again for the shared one.
        var alone = Self.unshared(kept[written].state)
        let ids = alone.idGenerator
        let mark = ids.mark
        Self.write(choice, argument, to: &alone)
        ids.rewind(to: mark)
        Self.write(choice, argument, to: &kept[written].state)
        #expect(
          Self.same(kept[written].state, alone), "write \(choice)(\(argument)) to a shared state, seed \(seed)")
        kept[written].text = Self.text(of: kept[written].state)
        for index in kept.indices where index != written {
          #expect(Self.text(of: kept[index].state) == kept[index].text, "a copy changed, seed \(seed)")
        }
      }
    }

    @Test("Copies of one state written on several threads at once end as written alone")
    func copiesWrittenConcurrently() async throws {
      let start = try TabFixtures.deepCoordinator()
      let before = Self.text(of: start)
      /// The state after the writes of `seed`, from `state`, its routes numbered by a generator
      /// of its own (the threads would otherwise take IDs from one generator in any order).
      @Sendable func written(_ state: State, seed: Int) -> State {
        var state = state
        state.adoptIDs(from: RouteIDGenerator())
        var choices = SeededChoices(seed: UInt64(1_000 + seed))
        for _ in 0..<200 { Self.write(choices.next(Self.writeKinds), choices.next(100), to: &state) }
        return state
      }
      let alone = (0..<8).map { written(Self.unshared(start), seed: $0) }
      let together = await withTaskGroup(of: (Int, State).self) { group in
        for seed in 0..<8 { group.addTask { (seed, written(start, seed: seed)) } }
        var states = [State?](repeating: nil, count: 8)
        for await (seed, state) in group { states[seed] = state }
        return states
      }
      for seed in 0..<8 {
        let state = try #require(together[seed])
        #expect(Self.same(state, alone[seed]), "seed \(seed)")
      }
      #expect(Self.text(of: start) == before, "the shared state itself never changed")
    }

    @Test("A batch on a copied state leaves the rare fields shared; writing one unshares them")
    func rareFieldsStayShared() throws {
      let state = try TabFixtures.deepCoordinator()
      let before = Self.text(of: state)
      var copy = state
      try copy.apply([.tab(TabFixtures.tabIDs[1], .push(.orders)), .selectTab(TabFixtures.tabIDs[1])])
      #expect(!copy.storage.isSameBox(as: state.storage))
      #expect(copy.storage.fields.pointee.rare.isSameBox(as: state.storage.fields.pointee.rare))
      copy.backBehavior = .history
      #expect(!copy.storage.fields.pointee.rare.isSameBox(as: state.storage.fields.pointee.rare))
      #expect(state.backBehavior == .none && copy.backBehavior == .history)
      #expect(Self.text(of: state) == before, "the state copied never changed")
    }

    @Test("A write that changes nothing keeps the box shared; a write that changes gives a box of its own")
    func emptyWritesShare() throws {
      let state = try TabFixtures.deepCoordinator()
      var copy = state
      copy.confirmable = nil
      _ = copy.markRemovals()
      #expect(copy.storage.isSameBox(as: state.storage))
      copy.context["k"] = .bool(true)
      #expect(!copy.storage.isSameBox(as: state.storage))
      #expect(state.context["k"] == nil)
    }
  }
}
