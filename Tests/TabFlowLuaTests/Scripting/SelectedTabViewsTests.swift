@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// The views of the selected tab — `nav.top`, `nav.depth`, `nav:contains(name)` with no tab
/// named — read its routes where the state holds them, apart from the views of a named tab:
/// over seeded stacks in several tabs, whichever is selected, they read what the selected
/// tab's stack shows, as the same views of that tab by name do, and charge the budget alike.
@Suite struct SelectedTabViewsTests {
  static let tabs = ["home", "search", "profile"]
  static let names = ["feed", "item", "login", "\u{E9}", "e\u{301}", String(repeating: "long", count: 8)]

  /// Three tabs with seeded stacks of their own, a seeded one of them selected.
  static func state(_ choices: inout SeededChoices) throws -> TabCoordinatorState<DynamicScreen> {
    var state = try TabCoordinatorState(tabs: tabs.map { TabDefinition(TabID($0), root: DynamicScreen("feed")) })
    for tab in tabs {
      try state.apply([.selectTab(TabID(tab))])
      var routes: [Route<DynamicScreen>] = [.root(DynamicScreen(choices.pick(names)))]
      for _ in 0..<choices.next(5) {
        let screen = DynamicScreen(choices.pick(names), state: choices.next(2) == 0 ? [:] : ["id": .int(choices.next(9))])
        routes.append(choices.next(2) == 0 ? .push(screen) : .sheet(screen, withNavigation: true))
      }
      try state.updateSelectedRoutes(routes)
    }
    try state.apply([.selectTab(TabID(choices.pick(tabs)))])
    return state
  }

  /// ``TabCoordinatorState/quickValue(of:codec:vm:)`` answers every view — of the selected
  /// tab or a named one, with a dynamic codec or a renaming one — as
  /// ``TabCoordinatorState/value(of:codec:vm:)`` does, failing where it fails, charging what
  /// it charges.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theQuickViewsReadAsTheViews(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    let vm = try LuaVM()
    var reads: [ViewRead] = []
    for tab in [nil, "nowhere"] + Self.tabs as [String?] {
      for field in [ViewField.top, .depth, .tab, .context, .stack] { reads.append(ViewRead(.current, tab: tab, field)) }
      for name in Self.names { reads.append(ViewRead(.current, tab: tab, .contains, argument: .string(name))) }
    }
    for _ in 0..<100 {
      let state = try Self.state(&choices)
      for codec in [ScreenCodec<DynamicScreen>.dynamic, ScreenNameViewTests.renaming] {
        for read in reads {
          vm.context.pointee.instructionsLeft = 1_000_000
          let quick = Result { () throws(ScriptError) in try state.quickValue(of: read, codec: codec, vm: vm) }
          let charged = vm.context.pointee.instructionsLeft
          vm.context.pointee.instructionsLeft = 1_000_000
          let full = Result { () throws(ScriptError) in try state.value(of: read, codec: codec, vm: vm) }
          #expect(charged == vm.context.pointee.instructionsLeft, "\(read)")
          switch (quick, full) {
          case let (.success(lhs), .success(rhs)): #expect(lhs.isLuaIdentical(to: rhs), "\(read)")
          case (.failure, .failure): break
          default: Issue.record("\(read): \(quick) \(full)")
          }
        }
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func theSelectedTabsViewsReadItsStack(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    let vm = try LuaVM()
    for _ in 0..<200 {
      let state = try Self.state(&choices)
      let routes = state.selectedStack.routes
      let named = state.selectedTab.rawValue
      let top = try state.value(of: ViewRead(.current, .top), codec: .dynamic, vm: vm)
      #expect(top.isLuaIdentical(to: .string(routes[routes.count - 1].screen.name)))
      #expect(top.isLuaIdentical(to: try state.value(of: ViewRead(.current, tab: named, .top), codec: .dynamic, vm: vm)))
      let depth = try state.value(of: ViewRead(.current, .depth), codec: .dynamic, vm: vm)
      #expect(depth.isLuaIdentical(to: .int(routes.count)))
      for name in Self.names + ["nothing"] {
        vm.context.pointee.instructionsLeft = 1_000_000
        let contains = try state.value(of: ViewRead(.current, .contains, argument: .string(name)), codec: .dynamic, vm: vm)
        let charged = vm.context.pointee.instructionsLeft
        vm.context.pointee.instructionsLeft = 1_000_000
        let byName = try state.value(of: ViewRead(.current, tab: named, .contains, argument: .string(name)), codec: .dynamic, vm: vm)
        #expect(contains == .bool(routes.contains { $0.screen.name == name }), "\(name)")
        #expect(contains.isLuaIdentical(to: byName))
        #expect(charged == vm.context.pointee.instructionsLeft)
        #expect(charged == 1_000_000 - Int64(routes.count))
      }
    }
  }
}
