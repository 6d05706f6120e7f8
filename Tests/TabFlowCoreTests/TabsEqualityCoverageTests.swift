import CoreTestSupport
import NavigationTestSupport
@testable import TabFlowCore
@testable import TabFlowNavigation
import Testing

extension TabsTests {
  /// Every hand-written `==` of the Tabs layer compares every stored property (or says why one
  /// is left out), so a property added later fails here until `==` takes it in (see
  /// ``EqualityCoverage``).
  @Suite("Equality coverage")
  struct TabsEqualityCoverageTests {
    typealias State = TabCoordinatorState<TabTestScreen>

    /// A change of each stored property of a tab, by name.
    static var tabMutations: [(name: String, mutate: (inout TabState<TabTestScreen>) -> Void)] {
      [
        ("id", { $0 = TabState(id: "other", reselect: $0.reselect, onLeave: $0.onLeave, stack: $0.stack) }),
        ("reselect", { $0.reselect = $0.reselect == .none ? .popToRoot : .none }),
        ("onLeave", { $0.onLeave = $0.onLeave == .keep ? .popToRoot : .keep }),
        ("stack", { $0.stack.push(.orders) }),
        ("item", { $0.item.hideable.toggle() }),
      ]
    }

    static func coordinator() throws -> State {
      var state = try TabFixtures.coordinator(backBehavior: .history)
      try state.apply([.tab("home", .push(.item(id: 1))), .selectTab("search")])
      return state
    }

    @Test("TabState's synthesized == compares every stored property")
    func tabState() throws {
      let tab = try Self.coordinator().tabs[0]
      var coverage = EqualityCoverage(tab)
      for (name, mutate) in Self.tabMutations { coverage = coverage.compares(name, mutate) }
      coverage.check()
    }

    @Test("TabCoordinatorState's == compares every stored property but the bookkeeping")
    func coordinatorState() throws {
      EqualityCoverage(try Self.coordinator())
        .compares("storedTabs") { $0.storedTabs[1].stack.push(.orders) }
        .compares("storedSelectedTab") { $0.storedSelectedTab = "profile" }
        .compares("selectedIndex") { $0.selectedIndex = 2 }
        .compares("storedHistory") { $0.storedHistory = [] }
        .compares("positions") { $0.positions["home"] = 7 }
        .compares("backBehavior") { $0.backBehavior = .none }
        .compares("context") { $0.context = ["loggedIn": true] }
        .compares("pendingLink") { $0.pendingLink = "shop://item/1" }
        .compares("storedTabBar") { $0.storedTabBar.badges["home"] = .count(1) }
        .compares("storedInitialTab") { $0.storedInitialTab = "profile" }
        .compares("pendingResume") { $0.pendingResume = PendingResume(commands: [.push(.orders)], source: .rule("a.b")) }
        .compares("storedAppLayer") { _ = try? $0.storedAppLayer.applyToAppLayer(.presentSheet(.orders)) }
        .ignores("confirmable", because: "bookkeeping, not navigation") {
          $0.confirmable = ConfirmableRejection(commands: [.push(.orders)], guards: ["login"])
        }
        .ignores("removalLog", because: "bookkeeping: the routes removed since the last mark") {
          $0.removalLog.append($0.storedTabs[0].stack.ids[0], tab: 0)
        }
        .check()
    }

    /// `==` compares the tabs in place, field by field (`sameTabs`), not through `TabState`'s
    /// `==`: a state whose one tab differs in any one of the tab's stored properties is unequal.
    @Test("TabCoordinatorState's == compares every stored property of every tab")
    func coordinatorTabs() throws {
      let state = try Self.coordinator()
      let stored = EqualityCoverage<TabState<TabTestScreen>>.properties(of: state.tabs[0]).map(\.name)
      #expect(Self.tabMutations.map(\.name).sorted() == stored.sorted(), "every stored property of TabState must be listed")
      for index in state.tabs.indices {
        for (name, mutate) in Self.tabMutations {
          var changed = state
          mutate(&changed.storedTabs[index])
          #expect(changed != state, "tab \(index): \(name) is not compared by TabCoordinatorState.sameTabs")
          #expect(state != changed, "tab \(index): \(name) is not compared by TabCoordinatorState.sameTabs")
        }
      }
    }

    @Test("RuleFailure's == compares the message only")
    func ruleFailure() {
      EqualityCoverage(RuleFailure("rules.lua:4: feed.crash: boom", traceback: "stack traceback:"))
        .compares("message") { $0.message += "!" }
        .ignores("traceback", because: "detail for a person reading the log") { $0.traceback = nil }
        .ignores("refusesInput", because: "failures are equal when their messages are (documented)") { $0.refusesInput.toggle() }
        .check()
    }
  }
}
