import CoreTestSupport
import Foundation
@testable import TabFlowCore
@testable import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// Back at a tab's root follows the app's back behaviour (React Navigation's `backBehavior`):
  /// `none`, `history`, `firstRoute`, `initialRoute`, `order`; the app starts on any tab.
  @Suite("Back behaviours and the initial tab")
  struct BackBehaviorTests {
    typealias State = TabCoordinatorState<TabTestScreen>

    static func coordinator(_ back: BackBehavior, initialTab: TabID? = nil) throws -> State {
      try State(
        tabs: [
          TabDefinition("home", root: .feed),
          TabDefinition("search", root: .search(query: "")),
          TabDefinition("profile", root: .account, reselect: .none),
        ],
        initialTab: initialTab, backBehavior: back)
    }

    @Test func theAppStartsOnTheInitialTabAndWithoutOneOnTheFirst() throws {
      #expect(try Self.coordinator(.none).selectedTab == "home")
      #expect(try Self.coordinator(.none).initialTab == "home")
      let started = try Self.coordinator(.none, initialTab: "search")
      #expect(started.selectedTab == "search")
      #expect(started.initialTab == "search")
      #expect(started.history.isEmpty)
    }

    @Test func anUnknownInitialTabIsAnErrorNamingTheTabs() {
      #expect(throws: NavigationError.self) { try Self.coordinator(.none, initialTab: "cart") }
      #expect {
        _ = try Self.coordinator(.none, initialTab: "cart")
      } throws: { error in
        "\(error)".contains("cart") && "\(error)".contains("home")
      }
    }

    @Test(arguments: [
      // behaviour, tabs tapped in order, where back goes (nil: already at root)
      (BackBehavior.none, ["search", "profile"], nil),
      (.history, ["search", "profile"], "search"),
      (.firstRoute, ["search", "profile"], "home"),
      (.firstRoute, [], nil),
      (.initialRoute, ["home", "profile"], "search"),
      (.initialRoute, [], nil),
      (.order, ["profile"], "search"),
      (.order, ["search"], "home"),
      (.order, ["home"], nil),
    ] as [(BackBehavior, [TabID], TabID?)])
    func backAtARootGoesWhereTheBehaviourSays(back: BackBehavior, taps: [TabID], target: TabID?) throws {
      // `initialRoute` starts on search, so going back to it differs from `firstRoute`.
      var state = try Self.coordinator(back, initialTab: back == .initialRoute ? "search" : nil)
      for tab in taps { try state.tapTab(tab) }
      #expect(state.backTarget == target)
      let before = state
      if let target {
        try state.userBack()
        #expect(state.selectedTab == target)
      } else {
        #expect(throws: BatchFailure.self) { try state.userBack() }
        #expect(state == before)
      }
    }

    @Test func backPopsTheSelectedTabBeforeChangingTabs() throws {
      var state = try Self.coordinator(.firstRoute)
      try state.tapTab("profile")
      try state.apply([.push(.orders)])
      try state.userBack()
      #expect(state.selectedTab == "profile")
      #expect(state.selectedStack.count == 1)
      try state.userBack()
      #expect(state.selectedTab == "home")
    }

    @Test func goingBackToATabByPlaceAppliesTheLeavePolicyOfTheTabLeft() throws {
      var state = try State(
        tabs: [TabDefinition("home", root: .feed), TabDefinition("search", root: .search(query: ""), onLeave: .popToRoot)],
        backBehavior: .order)
      try state.tapTab("search")
      try state.apply([.sheetLogin])
      try state.userBack()  // closes the sheet
      try state.userBack()  // to home
      #expect(state.selectedTab == "home")
      #expect(state.history == ["search"])
    }

    /// Over generated taps and backs on four tabs, each behaviour goes where a plain model of
    /// React Navigation's tab router says: the first tab, the initial tab, the tab before, or
    /// the last tab in the history (most recent visit last, each tab once).
    @Test(arguments: BackBehavior.allCases)
    func overGeneratedInputsBackFollowsTheModel(back: BackBehavior) throws {
      let tabs: [TabID] = ["a", "b", "c", "d"]
      for seed in 0..<60 as Range<UInt64> {
        var choices = SeededChoices(seed: seed)
        let initial = choices.pick(tabs)
        var state = try State(
          tabs: tabs.map { TabDefinition($0, root: .feed) }, initialTab: initial, backBehavior: back)
        var selected = initial
        var history: [TabID] = []
        for _ in 0..<30 {
          if choices.next(3) == 0 {
            let expected: TabID?
            switch back {
            case .none: expected = nil
            case .history: expected = history.last
            case .firstRoute: expected = selected == tabs[0] ? nil : tabs[0]
            case .initialRoute: expected = selected == initial ? nil : initial
            case .order: expected = tabs.firstIndex(of: selected).flatMap { $0 > 0 ? tabs[$0 - 1] : nil }
            }
            #expect(state.backTarget == expected, "seed \(seed)")
            guard let expected else {
              #expect(throws: BatchFailure.self) { try state.userBack() }
              continue
            }
            try state.userBack()
            if back == .history {
              history.removeLast()
            } else {
              history.removeAll { $0 == expected || $0 == selected }
              history.append(selected)
            }
            selected = expected
          } else {
            let tab = choices.pick(tabs)
            try state.tapTab(tab)
            if tab != selected {
              history.removeAll { $0 == tab || $0 == selected }
              history.append(selected)
              selected = tab
            }
          }
          #expect(state.selectedTab == selected, "seed \(seed)")
          #expect(state.history == history, "seed \(seed)")
        }
      }
    }

    @Test func theInitialTabPersistsAndAnOlderDocumentStartsOnTheFirstTab() throws {
      var state = try Self.coordinator(.initialRoute, initialTab: "profile")
      try state.tapTab("home")
      let data = try NavigationDocument.encode(state)
      let decoded = try NavigationDocument.decode(data, as: TabTestScreen.self)
      #expect(decoded == state)
      #expect(decoded.initialTab == "profile")
      let first = try NavigationDocument.encode(try Self.coordinator(.none))
      #expect(!String(decoding: first, as: UTF8.self).contains("initialTab"))
      #expect(try NavigationDocument.decode(first, as: TabTestScreen.self).initialTab == "home")
    }

    @Test func aDocumentWithAnUnknownInitialTabIsCorruptNamingTheField() throws {
      var text = String(decoding: try NavigationDocument.encode(try Self.coordinator(.none, initialTab: "search")), as: UTF8.self)
      text = text.replacingOccurrences(of: "\"initialTab\":\"search\"", with: "\"initialTab\":\"cart\"")
      #expect {
        _ = try NavigationDocument.decode(Data(text.utf8), as: TabTestScreen.self)
      } throws: { error in
        "\(error)".contains("initialTab")
      }
    }
  }
}

extension NavigationCommand where Screen == TabTestScreen {
  /// A login sheet with navigation.
  fileprivate static var sheetLogin: Self { .presentSheet(.login(reason: "x"), withNavigation: true) }
}
