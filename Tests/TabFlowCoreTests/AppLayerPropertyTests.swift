import CoreTestSupport
@testable import TabFlowCore
@testable import TabFlowNavigation
import TestSupport
import Testing

extension TabsTests {
  /// Generated batches mixing app-layer and tab commands, user backs and tab taps, checked
  /// against a simple model: plain arrays of routes, one per tab and one for the app layer.
  @Suite("The app layer against a model")
  struct AppLayerPropertyTests {
    typealias State = TabCoordinatorState<TabTestScreen>
    typealias Command = NavigationCommand<TabTestScreen>

    /// What the coordinator should hold: each tab's routes, the app layer's and the selected tab.
    struct Model: Equatable {
      var tabs: [[Route<TabTestScreen>]]
      var app: [Route<TabTestScreen>]
      var selected: Int
      /// Reselect `none` for the third tab (`profile`), `popToRoot` for the others.
      static let reselectsToRoot = [true, true, false]

      struct Refused: Error {}

      /// The routes of a stack after `command`, or `Refused`; `hasRoot`: a tab's stack (its
      /// first route is never removed), else the app layer.
      static func apply(_ command: Command, to routes: [Route<TabTestScreen>], hasRoot: Bool) throws(Refused) -> [Route<TabTestScreen>] {
        let floor = hasRoot ? 1 : 0
        var routes = routes
        let presented = routes.indices.filter { routes[$0].isPresented }
        switch command {
        case let .push(screen):
          guard let start = presented.last ?? (hasRoot ? 0 : nil), routes[start].withNavigation else { throw Refused() }
          routes.append(.push(screen))
        case let .presentSheet(screen, navigation, configuration):
          routes.append(.sheet(screen, withNavigation: navigation, configuration: configuration))
        case let .presentCover(screen, navigation):
          routes.append(.cover(screen, withNavigation: navigation))
        case let .goBack(count):
          guard count >= 1, count <= routes.count - floor else { throw Refused() }
          routes.removeLast(count)
        case let .pop(count):
          guard count >= 1, count <= routes.count - floor, routes.suffix(count).allSatisfy({ $0.style == .push }) else {
            throw Refused()
          }
          routes.removeLast(count)
        case let .dismiss(count):
          guard count >= 1, count <= presented.count else { throw Refused() }
          routes.removeLast(routes.count - presented[presented.count - count])
        case .dismissAll:
          routes.removeLast(routes.count - (presented.first ?? routes.count))
        case .goBackToRoot:
          routes.removeLast(routes.count - floor)
        default:
          throw Refused()
        }
        return routes
      }

      mutating func apply(_ command: Command) throws(Refused) {
        switch command {
        case let .app(inner): app = try Self.apply(inner, to: app, hasRoot: false)
        case let .tab(tab, inner): tabs[Self.position(tab)] = try Self.apply(inner, to: tabs[Self.position(tab)], hasRoot: true)
        case let .selectTab(tab): selected = Self.position(tab)
        default: tabs[selected] = try Self.apply(command, to: tabs[selected], hasRoot: true)
        }
      }

      mutating func back() throws(Refused) {
        if !app.isEmpty {
          app.removeLast()
        } else if tabs[selected].count > 1 {
          tabs[selected].removeLast()
        } else {
          throw Refused()
        }
      }

      mutating func tap(_ tab: TabID) throws(Refused) {
        guard app.isEmpty else { throw Refused() }
        let position = Self.position(tab)
        if position == selected, Self.reselectsToRoot[position] { tabs[position].removeLast(tabs[position].count - 1) }
        selected = position
      }

      static func position(_ tab: TabID) -> Int { TabFixtures.tabIDs.firstIndex(of: tab) ?? 0 }

      init(_ state: State) {
        tabs = state.tabs.map(\.stack.routes)
        app = state.appLayer
        selected = Self.position(state.selectedTab)
      }
    }

    static func randomCommand(_ choices: inout SeededChoices) -> Command {
      let screens: [TabTestScreen] = [.orders, .account, .item(id: choices.next(3)), .login(reason: "r")]
      let screen = choices.pick(screens)
      let stack: Command
      switch choices.next(11) {
      case 0, 1: stack = .push(screen)
      case 2: stack = .presentSheet(screen, withNavigation: choices.next(2) == 0)
      case 3: stack = .presentCover(screen, withNavigation: choices.next(2) == 0)
      case 4: stack = .goBack(count: choices.next(4))
      case 5: stack = .pop(count: 1 + choices.next(2))
      case 6: stack = .dismiss(count: choices.next(3))
      case 7: stack = .dismissAll
      case 8: stack = .goBackToRoot
      case 9: return .selectTab(choices.pick(TabFixtures.tabIDs))
      default: stack = .push(screen)
      }
      switch choices.next(3) {
      case 0: return .app(stack)
      case 1: return .tab(choices.pick(TabFixtures.tabIDs), stack)
      default: return stack
      }
    }

    /// Every route ID of the state, tabs' and app layer's: all distinct, each stack's increasing.
    static func checkIDs(_ state: State, seed: UInt64, step: Int) {
      let stacks = state.tabs.map(\.stack.ids) + [state.appLayerIDs]
      let all = stacks.flatMap { $0 }
      #expect(Set(all).count == all.count, "seed \(seed) step \(step): a route ID is held twice")
      for ids in stacks {
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed) step \(step): IDs out of order")
      }
    }

    @Test(arguments: 0..<40)
    func generatedBatchesMatchTheModel(seed: Int) throws {
      var choices = SeededChoices(seed: UInt64(seed) &* 7919)
      var state = try TabFixtures.coordinator()
      var model = Model(state)
      for step in 0..<60 {
        let before = state
        let beforeIDs = (state.tabs.map(\.stack.ids), state.appLayerIDs)
        var expected = model
        var refused = false
        var threw = false
        switch choices.next(6) {
        case 0:
          do throws(Model.Refused) { try expected.back() } catch { refused = true }
          do { try state.userBack() } catch { threw = true }
        case 1:
          let tab = choices.pick(TabFixtures.tabIDs)
          do throws(Model.Refused) { try expected.tap(tab) } catch { refused = true }
          do { try state.tapTab(tab) } catch { threw = true }
        default:
          let batch = (0..<(1 + choices.next(3))).map { _ in Self.randomCommand(&choices) }
          do throws(Model.Refused) {
            for command in batch { try expected.apply(command) }
          } catch {
            refused = true
          }
          do { try state.apply(batch) } catch { threw = true }
        }
        #expect(threw == refused, "seed \(seed) step \(step)")
        if refused {
          // A failed change leaves everything as it was, route IDs included.
          #expect(state == before, "seed \(seed) step \(step)")
          #expect(state.tabs.map(\.stack.ids) == beforeIDs.0 && state.appLayerIDs == beforeIDs.1)
        } else {
          model = expected
        }
        #expect(Model(state) == model, "seed \(seed) step \(step)")
        #expect(state.visibleTop == (model.app.last ?? model.tabs[model.selected].last))
        #expect(state.top == model.tabs[model.selected].last)
        Self.checkIDs(state, seed: UInt64(seed), step: step)
      }
    }
  }
}
