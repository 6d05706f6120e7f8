@testable import TabFlowCore
@testable import TabFlowLua
@testable import TabFlowLuaBinding
@testable import TabFlowNavigation
import TestSupport
import Testing

/// `nav.top` and `nav:contains(name)` name a route's screen as the codec does: a dynamic
/// screen's name read in place, any other codec's name by calling it. Over seeded stacks of
/// every route style, screens with and without state, names in storage of their own.
@Suite struct ScreenNameViewTests {
  /// A codec of dynamic screens that names them its own way (as a catalog would).
  static let renaming = ScreenCodec<DynamicScreen>(
    make: { screen throws(ScriptError) in screen }, describe: { $0 }, name: { "app." + $0.name }, names: ["app.feed"])

  static let names = ["feed", "item", "login", "\u{E9}", "e\u{301}", String(repeating: "long", count: 8)]

  static func routes(_ choices: inout SeededChoices) -> [Route<DynamicScreen>] {
    func screen() -> DynamicScreen {
      let name = MemoBranchMatchingTests.rebuilt(choices.pick(names))
      return DynamicScreen(name, state: choices.next(2) == 0 ? [:] : ["id": .int(choices.next(9))])
    }
    var routes: [Route<DynamicScreen>] = [.root(screen())]
    for _ in 0..<choices.next(5) {
      switch choices.next(3) {
      case 0: routes.append(.push(screen()))
      case 1: routes.append(.sheet(screen(), withNavigation: true))
      default: routes.append(.cover(screen(), withNavigation: true))
      }
    }
    return routes
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func topAndContainsNameScreensAsTheCodecDoes(seed: UInt64) throws {
    var choices = SeededChoices(seed: seed)
    let vm = try LuaVM()
    for _ in 0..<200 {
      let routes = Self.routes(&choices)
      var state = try TabCoordinatorState(tabs: [TabDefinition("home", root: DynamicScreen("feed"))])
      try state.updateSelectedRoutes(routes)
      for codec in [ScreenCodec<DynamicScreen>.dynamic, Self.renaming] {
        let top = try state.value(of: ViewRead(.current, .top), codec: codec, vm: vm)
        #expect(top.isLuaIdentical(to: .string(codec.name(routes[routes.count - 1].screen))))
        for name in Self.names + Self.names.map({ "app." + $0 }) {
          // A whole budget for the host's work on the stack.
          vm.context.pointee.instructionsLeft = 1_000_000
          let contains = try state.value(of: ViewRead(.current, .contains, argument: .string(name)), codec: codec, vm: vm)
          #expect(contains == .bool(routes.contains { codec.name($0.screen) == name }), "\(name)")
        }
      }
    }
  }
}
