import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Every row of the operations table on a `RouteStack`, in both forms: `try apply(_:)` throws a
  /// `NavigationError` that says why; the convenience method returns `false` and reports the same
  /// message through IssueReporting. A refused operation leaves the routes and their IDs as they were.
  @Suite("RouteStack operations")
  struct RouteStackOperationsTests {
    @Test("a valid command leads to the expected stack", arguments: OperationCase.validCommands)
    func validCommand(_ spec: OperationCase) throws {
      var stack = try RouteStack(validating: spec.start)
      let command = try #require(spec.operation.command)
      try stack.apply(command)
      #expect(stack.routes == spec.expectedRoutes)
      #expect(stack.ids.count == stack.routes.count)
    }

    @Test(
      "a valid convenience call returns true and leads to the expected stack",
      arguments: OperationCase.validConvenienceCalls)
    func validConvenienceCall(_ spec: OperationCase) throws {
      var stack = try RouteStack(validating: spec.start)
      let returned = stack.callConvenienceMethod(spec.operation)
      #expect(returned == true)
      #expect(stack.routes == spec.expectedRoutes)
      #expect(stack.ids.count == stack.routes.count)
    }

    @Test("an invalid command throws why and changes nothing", arguments: OperationCase.invalidCommands)
    func invalidCommand(_ spec: OperationCase) throws {
      let original = try RouteStack(validating: spec.start)
      var stack = original
      let command = try #require(spec.operation.command)
      let error = #expect(throws: NavigationError.self) { try stack.apply(command) }
      #expect(error?.description == spec.expectedMessage)
      #expect(stack.routes == original.routes)
      #expect(stack.ids == original.ids)
    }

    @Test(
      "an invalid convenience call returns false, reports why and changes nothing",
      arguments: OperationCase.invalidConvenienceCalls)
    func invalidConvenienceCall(_ spec: OperationCase) throws {
      let original = try RouteStack(validating: spec.start)
      var stack = original
      let message = try #require(spec.expectedMessage)
      var returned: Bool?
      withKnownIssue {
        returned = stack.callConvenienceMethod(spec.operation)
      } matching: { issue in
        issue.comments.contains { $0.rawValue == message }
      }
      #expect(returned == false)
      #expect(stack.routes == original.routes)
      #expect(stack.ids == original.ids)
    }

    @Test("the root is never removed: every removing operation at the root keeps it")
    func rootIsNeverRemoved() throws {
      let removing: [TestCommand] = [
        .goBackToRoot, .popToRoot, .popToCurrentNavigationRoot, .dismissAll, .goBackTo(.screen(.feed)),
        .popTo(.screen(.feed)), .open([], mode: .keepRoot),
      ]
      for command in removing {
        var stack = RouteStack(root: TestScreen.feed)
        let rootID = stack.ids[0]
        try stack.apply(command)
        #expect(stack.routes == [.root(.feed)], "\(command)")
        #expect(stack.ids == [rootID], "\(command)")
      }
      for command: TestCommand in [.goBack(count: 1), .pop(count: 1), .dismiss(count: 1)] {
        var stack = RouteStack(root: TestScreen.feed)
        #expect(throws: NavigationError.self, "\(command)") { try stack.apply(command) }
        #expect(stack.routes == [.root(.feed)])
      }
    }

    @Test(
      "canPush: whether the top layer's first route has navigation",
      arguments: CanPushCase.all
    )
    func canPush(_ spec: CanPushCase) throws {
      let stack = try RouteStack(validating: spec.routes)
      #expect(stack.canPush == spec.canPush)
    }

    @Test("root, top and presentedCount describe the stack")
    func accessors() throws {
      let stack = try RouteStack(validating: OperationCase.deep)
      #expect(stack.root == .root(.feed))
      #expect(stack.top == .push(.settings))
      #expect(stack.presentedCount == 2)
      #expect(stack.count == 6)
      #expect(Array(stack) == OperationCase.deep)
      #expect(stack.description == "feed > item > sheet:login > item > cover:checkout > settings")
      #expect(RouteStack(root: TestScreen.feed, withNavigation: false).root == .root(.feed, withNavigation: false))
    }

    @Test("a stack cannot be created from routes that do not form one")
    func invalidStackCreation() {
      let error = #expect(throws: NavigationError.self) {
        try RouteStack<TestScreen>(validating: [.root(.feed), .sheet(.login), .push(.checkout)])
      }
      #expect(
        error?.description
          == "cannot create a stack: cannot push 'checkout': the layer 'login' (sheet) has no navigation")
      #expect(throws: NavigationError.invalidRoutes(operation: "create a stack", reason: "a stack needs at least its root")) {
        try RouteStack<TestScreen>(validating: [])
      }
    }
  }
}

/// A stack and whether a screen can be pushed onto it now.
struct CanPushCase: Sendable, CustomTestStringConvertible {
  let routes: [TestRoute]
  let canPush: Bool

  var testDescription: String { "\(routes.pathDescription()) → \(canPush)" }

  static let all: [CanPushCase] = [
    CanPushCase(routes: [.root(.feed)], canPush: true),
    CanPushCase(routes: [.root(.feed, withNavigation: false)], canPush: false),
    CanPushCase(routes: [.root(.feed), .push(.item(id: 1))], canPush: true),
    CanPushCase(routes: [.root(.feed), .sheet(.login)], canPush: false),
    CanPushCase(routes: [.root(.feed), .sheet(.login, withNavigation: true)], canPush: true),
    CanPushCase(
      routes: [.root(.feed, withNavigation: false), .sheet(.login, withNavigation: true), .push(.checkout)],
      canPush: true),
    CanPushCase(routes: [.root(.feed), .cover(.login)], canPush: false),
    CanPushCase(routes: [.root(.feed), .cover(.login, withNavigation: true), .push(.checkout)], canPush: true),
    CanPushCase(
      routes: [.root(.feed), .sheet(.login, withNavigation: true), .push(.checkout), .cover(.settings)],
      canPush: false),
  ]
}
