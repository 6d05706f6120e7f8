import Foundation
import SwiftRulesShop
import TabFlowCore
import TabFlowExploration
import TabFlowNavigation
import Testing

/// The Swift-rules shop explored as an app's unit test would explore it.
@Suite("Exploring the Swift-rules shop")
struct SwiftRulesShopExplorationTests {
  /// The shop's rules with a planted bug: the about sheet's contact page is a cover, so a cover
  /// is presented over the sheet.
  struct CoverInSheetRules: NavigationRules {
    let rules = ShopRules()

    func batch(
      for action: ShopAction, on route: RouteContext<ShopScreen>, in state: TabCoordinatorState<ShopScreen>
    ) -> NavigationBatch<ShopScreen>? {
      if route.screen == .about, action == .contactTapped {
        return NavigationBatch(rule: "about.contactTapped", [.presentCover(.contact)])
      }
      return rules.batch(for: action, on: route, in: state)
    }

    func reacts(toContext key: String) -> Bool { rules.reacts(toContext: key) }

    func contextBatch(
      for key: String, value: FlowValue?, in state: TabCoordinatorState<ShopScreen>
    ) -> NavigationBatch<ShopScreen>? {
      rules.contextBatch(for: key, value: value, in: state)
    }
  }

  static let depth = 6

  static func exploration<Rules: NavigationRules>(
    _ rules: Rules
  ) throws -> Exploration<Rules> where Rules.Screen == ShopScreen, Rules.ScreenAction == ShopAction {
    Exploration(
      coordinator: ShopApp.coordinator(rules: rules),
      initialState: try ShopApp.initialState(),
      depth: depth,
      invariants: ShopApp.invariants.map { StateInvariant($0.name, $0.check) },
      expectedScreens: ShopScreen.allNames,
      alphabet: ExplorationAlphabet(
        urls: ["shop://item/7", "shop://checkout", "shop://settings"],
        context: [(ShopApp.loggedInKey, [true, false])],
        screenActions: ShopApp.sampleActions(for:)))
  }

  @Test("The shop passes: every screen is reached, no invariant breaks, no trap, no failed batch")
  func cleanShopPasses() throws {
    let report = try Self.exploration(ShopRules()).run()
    #expect(report.outcome == .passed, "\(report.text)")
    #expect(report.problems.isEmpty)
    #expect(report.states > 100 && !report.truncated)
    // The question before leaving the checkout is a note.
    #expect(report.notes.map(\.message).contains("back: rejected by guard 'discardOrder': discard the order? (asks the user)"))
    // docs/EXPLORATION.md shows this report word for word.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(contentsOf: root.appendingPathComponent("docs/EXPLORATION.md"), encoding: .utf8)
    #expect(page.contains("```\n" + report.text + "```\n"), "\(report.text)")
  }

  @Test("A cover planted in the about sheet is caught, with its exact shortest reproduction")
  func plantedCoverIsCaught() throws {
    let exploration = try Self.exploration(CoverInSheetRules())
    let report = exploration.run()
    #expect(report.outcome == .failed)
    let violations = report.problems.filter { $0.kind == .invariantViolation }
    #expect(violations.map(\.message) == ["no cover over a sheet: contact is a cover over the sheet about"])
    let reproduction = try #require(violations.first?.reproduction)
    #expect(reproduction.labels == ["tap profile", "account: aboutTapped", "about: contactTapped"])
    // The actions replay to the broken state.
    let state = exploration.state(after: reproduction)
    #expect(state.selectedStack.routes.map(\.style) == [.root, .sheet, .cover])
    #expect(report.text.contains("  reproduce: tap profile; account: aboutTapped; about: contactTapped\n"))
  }
}
