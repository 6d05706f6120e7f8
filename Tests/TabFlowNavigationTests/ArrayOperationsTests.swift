import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Every row of the operations table on a plain `[Route<Screen>]` — the form TCACoordinators code
  /// keeps in its state — with exactly the results and messages of `RouteStack`.
  @Suite("[Route] operations")
  struct ArrayOperationsTests {
    @Test("a valid command leads to the expected routes", arguments: OperationCase.validCommands)
    func validCommand(_ spec: OperationCase) throws {
      var routes = spec.start
      let command = try #require(spec.operation.command)
      try routes.apply(command)
      #expect(routes == spec.expectedRoutes)
    }

    @Test(
      "a valid convenience call returns true and leads to the expected routes",
      arguments: OperationCase.validConvenienceCalls)
    func validConvenienceCall(_ spec: OperationCase) {
      var routes = spec.start
      let returned = routes.callConvenienceMethod(spec.operation)
      #expect(returned == true)
      #expect(routes == spec.expectedRoutes)
    }

    @Test("an invalid command throws why and changes nothing", arguments: OperationCase.invalidCommands)
    func invalidCommand(_ spec: OperationCase) throws {
      var routes = spec.start
      let command = try #require(spec.operation.command)
      let error = #expect(throws: NavigationError.self) { try routes.apply(command) }
      #expect(error?.description == spec.expectedMessage)
      #expect(routes == spec.start)
    }

    @Test(
      "an invalid convenience call returns false, reports why and changes nothing",
      arguments: OperationCase.invalidConvenienceCalls)
    func invalidConvenienceCall(_ spec: OperationCase) throws {
      var routes = spec.start
      let message = try #require(spec.expectedMessage)
      var returned: Bool?
      withKnownIssue {
        returned = routes.callConvenienceMethod(spec.operation)
      } matching: { issue in
        issue.comments.contains { $0.rawValue == message }
      }
      #expect(returned == false)
      #expect(routes == spec.start)
    }

    @Test("canPush: whether the top layer's first route has navigation", arguments: CanPushCase.all)
    func canPush(_ spec: CanPushCase) {
      #expect(spec.routes.canPush == spec.canPush)
    }

    @Test("an empty array has no root: it cannot push, and every command is refused as an empty stack", arguments: [
      ("push", TestCommand.push(.feed)),
      ("presentSheet", .presentSheet(.login)),
      ("presentCover", .presentCover(.login)),
      ("goBack", .goBack(count: 1)),
      ("goBackTo", .goBackTo(.screen(.feed))),
      ("goBackToRoot", .goBackToRoot),
      ("pop", .pop(count: 1)),
      ("popTo", .popTo(.screen(.feed))),
      ("popToRoot", .popToRoot),
      ("popToCurrentNavigationRoot", .popToCurrentNavigationRoot),
      ("dismiss", .dismiss(count: 1)),
      ("dismissAll", .dismissAll),
      ("open (keepRoot)", .open([.push(.item(id: 1))], mode: .keepRoot)),
      ("open (append)", .open([.push(.item(id: 1))], mode: .append)),
    ])
    func emptyArray(operation: String, command: TestCommand) {
      var routes: [TestRoute] = []
      #expect(!routes.canPush)
      #expect(throws: NavigationError.emptyStack(operation: operation)) { try routes.apply(command) }
      #expect(routes.isEmpty)
      #expect(
        NavigationError.emptyStack(operation: operation).description
          == "cannot \(operation): the stack is empty (it has no root)")
    }

    @Test("an empty array can be given a stack by reset or open (replace)")
    func emptyArrayReset() throws {
      var routes: [TestRoute] = []
      try routes.apply(.reset([.root(.feed)]))
      #expect(routes == [.root(.feed)])
      routes = []
      try routes.apply(.open([.push(.profile)], mode: .replace))
      #expect(routes == [.root(.profile)])
    }
  }
}
