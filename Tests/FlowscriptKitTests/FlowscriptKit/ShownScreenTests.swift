import TabFlowCore
import TabFlowLua
import TabFlowNavigation
@testable import TabFlowScriptExploration
import TestSupport
import Testing

/// What `check`'s analyses read of every state in place — ``TabCoordinatorState/shownScreen``,
/// ``TabCoordinatorState/showsCover`` and whether the selected tab presents something
/// (``ScriptStepRecorder/selectedTabPresents(_:)``, from the stack's presented indices) — against
/// the route they read it from (``TabCoordinatorState/shownTop``) and the routes themselves, over
/// states random commands made: pushes, sheets and covers in the tabs and over the tab bar,
/// dismissals, tab selections.
@Suite struct ShownScreenTests {
  typealias State = TabCoordinatorState<DynamicScreen>

  static let screens = ["feed", "item", "gate", "promo", "a screen whose name is far too long to be small"]

  static func command(_ choices: inout SeededChoices) -> NavigationCommand<DynamicScreen> {
    let screen = DynamicScreen(choices.pick(screens), state: choices.next(2) == 0 ? [:] : ["id": .int(choices.next(3))])
    let command: NavigationCommand<DynamicScreen> =
      switch choices.next(7) {
      case 0: .push(screen)
      case 1: .presentSheet(screen, withNavigation: choices.next(2) == 0)
      case 2: .presentCover(screen, withNavigation: choices.next(2) == 0)
      case 3: .goBack()
      case 4: .dismiss()
      case 5: .selectTab(choices.pick(["home", "shop"]))
      default: .setTopScreen(screen)
      }
    return switch choices.next(4) {
    case 0: .app(command)
    case 1: .tab(choices.pick(["home", "shop"]), command)
    default: command
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func whatIsReadInPlaceIsWhatTheRoutesShow(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    var state = try State(tabs: [
      TabDefinition("home", root: DynamicScreen("feed")), TabDefinition("shop", root: DynamicScreen("item")),
    ])
    var seen: Set<String> = []
    for _ in 0..<600 {
      _ = try? state.apply([Self.command(&choices)])
      let top = state.shownTop
      #expect(state.shownScreen == top.screen)
      #expect(state.showsCover == (top.style == .cover))
      let routes = state.storedTabs[state.selectedIndex].stack.storedRoutes
      let presents = routes.indices.dropFirst().contains { routes[$0].isPresented }
      #expect(ScriptStepRecorder.selectedTabPresents(state) == presents)
      seen.insert("\(state.isAppLayerPresented) \(top.style) \(presents)")
    }
    // The states covered what is read: covers over the tab bar or not, a tab presenting or not.
    #expect(seen.contains { $0.hasPrefix("true cover") } && seen.contains { $0.hasPrefix("false cover") })
    #expect(seen.contains { $0.hasSuffix("true") } && seen.contains { $0.hasSuffix("false") })
  }
}
