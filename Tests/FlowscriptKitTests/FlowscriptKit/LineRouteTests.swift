@testable import FlowscriptKit
import Foundation
@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// `LineRoute.inTab`, which reads each route's screen where the stack holds it, against the
/// plain search it replaced (`lastIndex(where:)` over the tab's routes): over the states the
/// bundled scripts reach, for every tab (and the selected one) and every screen name met, and a
/// name no route shows, the same route.
@Suite struct LineRouteTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  /// The topmost route of `tab` (the selected tab when `nil`) showing `screen`, found plainly.
  static func plainInTab(showing screen: String, tab: TabID?, in state: State) -> RouteID? {
    let wanted = tab ?? state.storedSelectedTab
    guard let position = state.storedTabs.firstIndex(where: { $0.id == wanted }) else { return nil }
    let stack = state.storedTabs[position].stack
    guard let index = stack.storedRoutes.lastIndex(where: { $0.screen.name == screen }) else { return nil }
    return stack.storedIDs[index]
  }

  @Test func topmostRouteInTabIsThePlainSearchs() throws {
    var choices = SeededChoices(seed: 44)
    var found = 0
    var belowTop = 0
    for path in try StateNumberingTests.bundledScripts() {
      let (_, reached) = try StateNumberingTests.reached(path, depth: 4, maxStates: 400, choices: &choices)
      for (state, _) in reached {
        let names = Set(state.storedTabs.flatMap { $0.stack.storedRoutes.map(\.screen.name) }).sorted()
        for tab in [nil] + state.storedTabs.map(\.id) + [TabID("no such tab")] {
          for screen in names + ["no such screen"] {
            var scratch = state
            let id = LineRoute.inTab(showing: screen, tab: tab, in: &scratch)
            #expect(id == Self.plainInTab(showing: screen, tab: tab, in: state), "\(path) \(screen)")
            guard let id else { continue }
            found += 1
            let position = state.storedTabs.firstIndex { $0.id == (tab ?? state.storedSelectedTab) }
            if let position, state.storedTabs[position].stack.storedIDs.last != id { belowTop += 1 }
          }
        }
      }
    }
    // Routes were found, some of them below the top of their stack.
    #expect(found > 0 && belowTop > 0, "found \(found), below the top \(belowTop)")
  }
}
