import CoreTestSupport
import Foundation
@testable import TabFlowCore
@testable import TabFlowNavigation
import Testing

extension TabsTests {
  /// The user's customization of the tab bar (what `TabViewCustomization` holds) is navigation
  /// state: order and hidden tabs, refused with a reason where the tab bar cannot follow.
  @Suite("Tab bar customization")
  struct TabBarCustomizationTests {
    typealias State = TabBarFixtures.State

    @Test("A new state has the declared order, nothing hidden, no badges; the declarations are kept")
    func declaredOrder() throws {
      let state = try TabBarFixtures.state()
      #expect(state.tabOrder == ["home", "search", "profile", "orders"])
      #expect(state.visibleTabIDs == state.tabOrder)
      #expect(state.hiddenTabs.isEmpty && state.badges.isEmpty)
      #expect(state.tabs[1].item == TabBarItem(role: .search, section: "Browse", image: "magnifyingglass", hideable: true))
      #expect(state.tabs[0].item == TabBarItem())
    }

    @Test("Reordering names every declared tab once, hidden ones included")
    func reorder() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.hide("search"))
      try state.customize(.reorder(["orders", "search", "home", "profile"]))
      #expect(state.tabOrder == ["orders", "search", "home", "profile"])
      #expect(state.visibleTabIDs == ["orders", "home", "profile"])
      #expect(state.tabIDs == ["home", "search", "profile", "orders"], "the declared order is unchanged")
      let before = state
      for order: [TabID] in [["home", "profile", "orders"], ["home", "home", "profile", "orders"], []] {
        #expect(throws: NavigationError.tabBar(.notAnOrder(given: order, declared: state.tabIDs))) {
          try state.customize(.reorder(order))
        }
      }
      #expect(throws: NavigationError.unknownTab("cart", known: state.tabIDs)) {
        try state.customize(.reorder(["home", "search", "profile", "cart"]))
      }
      #expect(state == before)
    }

    @Test("Hiding is refused for a tab not hideable, the selected tab and the last visible one")
    func hideRefusals() throws {
      var state = try TabBarFixtures.state()
      #expect(throws: NavigationError.tabBar(.notHideable("orders"))) { try state.customize(.hide("orders")) }
      #expect(throws: NavigationError.tabBar(.notHideable("home"))) { try state.customize(.hide("home")) }
      try state.apply([.selectTab("search")])
      #expect(throws: NavigationError.tabBar(.selected("search"))) { try state.customize(.hide("search")) }
      #expect(throws: NavigationError.unknownTab("cart", known: state.tabIDs)) { try state.customize(.hide("cart")) }
      #expect(state.hiddenTabs.isEmpty)

      // Two tabs, both hideable: the second cannot go.
      var pair = try TabCoordinatorState(tabs: [
        TabDefinition("a", root: TabTestScreen.feed, item: TabBarItem(hideable: true)),
        TabDefinition("b", root: .account, item: TabBarItem(hideable: true)),
      ])
      try pair.apply([.selectTab("b")])
      try pair.customize(.hide("a"))
      #expect(pair.visibleTabIDs == ["b"])
      #expect(throws: NavigationError.tabBar(.selected("b"))) { try pair.customize(.hide("b")) }
      #expect(NavigationError.tabBar(.lastVisible("b")).description == "cannot hide tab 'b': it is the last visible tab")
    }

    @Test("Every tab but the selected one can be hidden: the selected tab is the last visible one")
    func lastVisible() throws {
      var state = try TabCoordinatorState(tabs: [
        TabDefinition("a", root: TabTestScreen.feed, item: TabBarItem(hideable: true)),
        TabDefinition("b", root: .account, item: TabBarItem(hideable: true)),
        TabDefinition("c", root: .orders, item: TabBarItem(hideable: true)),
      ])
      try state.customize(.hide("b"))
      try state.customize(.hide("c"))
      #expect(state.visibleTabIDs == ["a"])
      #expect(throws: NavigationError.tabBar(.selected("a"))) { try state.customize(.hide("a")) }
    }

    @Test("Hiding and showing are idempotent; a hidden tab leaves the history")
    func hideShow() throws {
      var state = try TabBarFixtures.state(backBehavior: .history)
      try state.apply([.selectTab("profile"), .selectTab("orders")])
      #expect(state.history == ["home", "profile"])
      try state.customize(.hide("profile"))
      try state.customize(.hide("profile"))
      #expect(state.hiddenTabs == ["profile"])
      #expect(state.history == ["home"], "back never goes to a tab the user cannot see")
      try state.customize(.show("profile"))
      try state.customize(.show("profile"))
      #expect(state.hiddenTabs.isEmpty)
    }

    @Test("A tap on a hidden tab is an error; the state is unchanged")
    func tapHidden() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.hide("search"))
      let before = state
      #expect(throws: BatchFailure(
        source: .tabTap("search"),
        reason: .invalidCommand(index: 0, command: "tab search", error: .tabBar(.hidden("search"))))
      ) { try state.tapTab("search") }
      #expect(state == before)
    }

    @Test("A rule or deep link selecting a hidden tab shows it and selects it, reported as such")
    func selectingHiddenShows() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.reorder(["orders", "home", "search", "profile"]))
      try state.customize(.hide("search"))
      let reports = try state.apply([.selectTab("search")], source: .rule("go"))
      #expect(reports == [.tabShown("search")])
      #expect(state.selectedTab == "search" && state.hiddenTabs.isEmpty)
      #expect(state.visibleTabIDs == ["orders", "home", "search", "profile"], "in its place in the user's order")

      var reset = try TabBarFixtures.state()
      try reset.customize(.hide("profile"))
      #expect(try reset.apply([.resetTabs(select: "profile")]) == [.tabShown("profile")])
      #expect(reset.hiddenTabs.isEmpty && reset.selectedTab == "profile")
    }

    @Test("A batch that fails after showing a hidden tab leaves it hidden")
    func failedBatchKeepsHidden() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.hide("search"))
      let before = state
      #expect(throws: BatchFailure.self) { try state.apply([.selectTab("search"), .pop()]) }
      #expect(state == before && state.isHidden("search"))
    }

    @Test("The coordinator refuses a customization with the reason, and applies one without guards")
    func coordinatorAction() throws {
      let coordinator = TabBarFixtures.coordinator
      var state = try TabBarFixtures.state()
      #expect(coordinator.apply(.customizeTabs(.hide("profile")), to: &state).isEmpty)
      #expect(state.hiddenTabs == ["profile"])
      let outputs = coordinator.apply(.customizeTabs(.hide("orders")), to: &state)
      #expect(outputs == [.failed(BatchFailure(
        source: .customization,
        reason: .invalidCommand(index: 0, command: "hide tab orders", error: .tabBar(.notHideable("orders")))))])
      #expect(outputs.first?.failure?.description
        == "tab bar customization: command 1 (hide tab orders) failed: cannot hide tab 'orders': it is not declared hideable")
      #expect(state.hiddenTabs == ["profile"])
    }

    // MARK: - Badges

    @Test("Rules set badges, nil clears them; an unknown tab fails the batch")
    func badges() throws {
      var state = try TabBarFixtures.state()
      try state.apply([.setBadge("orders", .count(3)), .setBadge("search", .text("new"))])
      #expect(state.badges == ["orders": .count(3), "search": .text("new")])
      #expect(state.badge(of: "orders") == .count(3))
      try state.apply([.setBadge("orders", nil)])
      #expect(state.badges == ["search": .text("new")])
      let before = state
      #expect(throws: BatchFailure.self) { try state.apply([.setBadge("search", .count(1)), .setBadge("cart", .count(1))]) }
      #expect(state == before, "the first badge of the failed batch is undone")
      #expect(NavigationCommand<TabTestScreen>.setBadge("orders", .count(3)).description == "badge orders 3")
      #expect(NavigationCommand<TabTestScreen>.setBadge("orders", nil).description == "badge orders none")
    }

    // MARK: - Persistence and reloads

    @Test("Order, hidden tabs and badges are saved with the navigation and restored")
    func persisted() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.reorder(["orders", "profile", "home", "search"]))
      try state.customize(.hide("search"))
      try state.apply([.setBadge("orders", .count(2)), .setBadge("home", .text("new"))])
      let data = try NavigationDocument.encode(state)
      let text = String(decoding: data, as: UTF8.self)
      #expect(text.contains(#""order":["orders","profile","home","search"]"#))
      #expect(text.contains(#""hidden":["search"]"#))
      #expect(text.contains(#""badges":{"home":"new","orders":2}"#))
      let restored = try NavigationDocument.decode(data, as: TabTestScreen.self)
      #expect(restored.tabOrder == state.tabOrder)
      #expect(restored.hiddenTabs == ["search"])
      #expect(restored.badges == state.badges)
    }

    @Test("A document without them restores with the declared order, none hidden, no badges")
    func olderDocument() throws {
      let state = try TabBarFixtures.state()
      let text = String(decoding: try NavigationDocument.encode(state), as: UTF8.self)
      #expect(!text.contains("\"order\"") && !text.contains("\"hidden\"") && !text.contains("\"badges\""))
      let restored = try NavigationDocument.decode(Data(text.utf8), as: TabTestScreen.self)
      #expect(restored.tabOrder == state.tabIDs && restored.hiddenTabs.isEmpty && restored.badges.isEmpty)
    }

    @Test("A document hiding the selected tab, ordering some tabs only or naming an unknown tab is corrupt")
    func corruptDocuments() throws {
      let text = String(decoding: try NavigationDocument.encode(try TabBarFixtures.state()), as: UTF8.self)
      for addition in [
        #""hidden":["home"],"#, #""hidden":["cart"],"#, #""order":["home"],"#, #""badges":{"cart":1},"#,
      ] {
        let broken = text.replacingOccurrences(of: #""history""#, with: addition + #""history""#)
        let error = try #require(throws: PersistenceError.self) {
          _ = try NavigationDocument.decode(Data(broken.utf8), as: TabTestScreen.self)
        }
        #expect(error.description.contains("order, hidden or badges: "), "\(error)")
      }
    }

    @Test("A reload keeps the order, hidden tabs and badges; a tab it adds goes after the saved order")
    func reloadKeeps() throws {
      var state = try TabBarFixtures.state()
      try state.customize(.reorder(["orders", "profile", "home", "search"]))
      try state.customize(.hide("search"))
      try state.apply([.setBadge("orders", .count(1))])
      var definitions = TabBarFixtures.definitions
      definitions.insert(TabDefinition("cart", root: .checkout(total: 0)), at: 1)
      let migrated = try state.migrated(toTabs: definitions, backBehavior: .none) { $0 }
      #expect(migrated.tabOrder == ["orders", "profile", "home", "search", "cart"])
      #expect(migrated.hiddenTabs == ["search"] && migrated.badges == ["orders": .count(1)])

      // A hidden tab the reload no longer declares hideable is shown again.
      let search = try #require(definitions.firstIndex { $0.id == "search" })
      definitions[search].item.hideable = false
      let again = try state.migrated(toTabs: definitions, backBehavior: .none) { $0 }
      #expect(again.hiddenTabs.isEmpty)
      #expect(again.tabs[search].item.hideable == false)
    }
  }
}
