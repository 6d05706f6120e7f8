import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// `NavigationError`: every refusal says which screen, which style and why.
  @Suite("NavigationError")
  struct NavigationErrorTests {
    @Test(
      "each error's message",
      arguments: [
        (NavigationError.emptyStack(operation: "push"), "cannot push: the stack is empty (it has no root)"),
        (.cannotPush(screen: "checkout", layer: "login", layerStyle: .sheet),
         "cannot push 'checkout': the top layer 'login' (sheet) has no navigation — present it with navigation: true"),
        (.cannotPush(screen: "checkout", layer: "pay", layerStyle: .cover),
         "cannot push 'checkout': the top layer 'pay' (cover) has no navigation — present it with navigation: true"),
        (.cannotPush(screen: "item", layer: "feed", layerStyle: .root),
         "cannot push 'item': the top layer 'feed' (root) has no navigation — declare the root with navigation: true"),
        (.countOutOfRange(operation: "goBack", count: 0, routeCount: 3, root: "feed"),
         "cannot goBack 0: the count must be at least 1"),
        (.countOutOfRange(operation: "pop", count: 4, routeCount: 3, root: "feed"),
         "cannot pop 4: the stack has 3 routes and its root 'feed' is never removed (at most 2)"),
        (.countOutOfRange(operation: "goBack", count: 1, routeCount: 1, root: "feed"),
         "cannot goBack 1: the stack has 1 route and its root 'feed' is never removed (at most 0)"),
        (.noMatch(operation: "popTo", match: "cart", stack: "'feed > item'"),
         "cannot popTo 'cart': no route matches in 'feed > item'"),
        (.wouldRemovePresented(operation: "popToRoot", screen: "login", style: .sheet),
         "cannot popToRoot: 'login' (sheet) is presented, and popToRoot removes pushes only — use goBack or dismiss"),
        (.notEnoughPresented(requested: 1, presented: 0), "cannot dismiss 1: nothing is presented"),
        (.notEnoughPresented(requested: 2, presented: 1), "cannot dismiss 2: only 1 layer is presented"),
        (.notEnoughPresented(requested: 5, presented: 3), "cannot dismiss 5: only 3 layers are presented"),
        (.notEnoughPresented(requested: -1, presented: 3), "cannot dismiss -1: the count must be at least 1"),
        (.invalidRoutes(operation: "reset", reason: "a stack needs at least its root"),
         "cannot reset: a stack needs at least its root"),
        (.notAStackCommand(command: "selectTab"), "'selectTab' is a tab coordinator command; a single stack cannot apply it"),
        (.unknownTab("cart", known: ["home", "profile"]), "unknown tab 'cart' (tabs: home, profile)"),
        (.alreadyAtRoot(tab: "home", root: "feed"), "cannot go back: tab 'home' is already at root 'feed'"),
      ]
    )
    func message(error: NavigationError, expected: String) {
      #expect(error.description == expected)
    }

    @Test("the design's example, produced by the model")
    func designExample() {
      var routes: [TestRoute] = [.root(.feed), .push(.item(id: 3)), .sheet(.login)]
      #expect(throws: NavigationError.cannotPush(screen: "checkout", layer: "login", layerStyle: .sheet)) {
        try routes.apply(.push(.checkout))
      }
      #expect(
        NavigationError.cannotPush(screen: "checkout", layer: "login", layerStyle: .sheet).description
          == "cannot push 'checkout': the top layer 'login' (sheet) has no navigation — present it with navigation: true")
    }

    @Test("an enum screen is named after its case, with or without a payload")
    func enumScreenNames() {
      var routes: [TestRoute] = [.root(.feed), .sheet(.item(id: 7))]
      let error = #expect(throws: NavigationError.self) { try routes.apply(.push(.orders)) }
      #expect(error == .cannotPush(screen: "orders", layer: "item", layerStyle: .sheet))
    }

    @Test("a screen conforming to ScreenNaming chooses its name")
    func screenNaming() {
      var routes: [Route<NamedScreen>] = [.root(.init(title: "Home feed")), .cover(.init(title: "Payment"))]
      let error = #expect(throws: NavigationError.self) { try routes.apply(.push(.init(title: "Receipt"))) }
      #expect(
        error?.description
          == "cannot push 'Receipt': the top layer 'Payment' (cover) has no navigation — present it with navigation: true")
      #expect(routes.pathDescription() == "Home feed > cover:Payment")
    }

    @Test("any other screen is named after its type")
    func typeNames() {
      var routes: [Route<Int>] = [.root(1, withNavigation: false)]
      let error = #expect(throws: NavigationError.self) { try routes.apply(.push(2)) }
      #expect(error == .cannotPush(screen: "Int", layer: "Int", layerStyle: .root))
    }

    @Test("a ScreenMatch's label names the match; matches with the same label are equal")
    func screenMatchLabel() {
      var routes: [TestRoute] = [.root(.feed), .push(.item(id: 1))]
      let error = #expect(throws: NavigationError.self) {
        try routes.apply(.goBackTo(.where("any checkout screen") { $0 == .checkout }))
      }
      #expect(error?.description == "cannot goBackTo 'any checkout screen': no route matches in 'feed > item'")
      #expect(ScreenMatch<TestScreen>.screen(.login).label == "login")
      #expect(ScreenMatch<TestScreen>.screen(.item(id: 2)).label == "item(id: 2)")
      #expect(ScreenMatch<TestScreen>.where("x") { _ in true } == .where("x") { _ in false })
      #expect(ScreenMatch<TestScreen>.screen(.login) != .screen(.checkout))
    }

    @Test("errors are values: the same refusal twice gives equal errors")
    func equality() {
      var first: [TestRoute] = OperationCase.pushed
      var second = RouteStack(root: TestScreen.feed)
      second.push(.item(id: 1))
      second.push(.item(id: 2))
      let fromArray = #expect(throws: NavigationError.self) { try first.apply(.dismiss(count: 1)) }
      let fromStack = #expect(throws: NavigationError.self) { try second.apply(.dismiss(count: 1)) }
      #expect(fromArray == fromStack)
      #expect(Set([fromArray, fromStack]).count == 1)
    }
  }
}

/// A screen that names itself in messages and tools.
private struct NamedScreen: ScreenNaming, Equatable, Sendable {
  var title: String
  var screenName: String { title }
}
