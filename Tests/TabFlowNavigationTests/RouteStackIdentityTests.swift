import NavigationTestSupport
import TabFlowNavigation
import Testing

extension NavigationTests {
  /// Route IDs: a route keeps its ID while it stays in the stack; every added route gets an ID
  /// never handed out before. Screen actions and effects are addressed by these IDs.
  @Suite("RouteStack identity")
  struct RouteStackIdentityTests {
    @Test("every route added gets a fresh ID, larger than any handed out before")
    func freshIDs() throws {
      let generator = RouteIDGenerator()
      var stack = RouteStack(root: TestScreen.feed, ids: generator)
      try stack.apply(.push(.item(id: 1)))
      try stack.apply(.presentSheet(.login, withNavigation: true))
      try stack.apply(.push(.checkout))
      try stack.apply(.open([.cover(.settings, withNavigation: true), .push(.orders)], mode: .append))
      #expect(stack.ids == [1, 2, 3, 4, 5, 6])
      #expect(generator.next() == 7)
    }

    @Test("IDs stay with their routes across unrelated operations")
    func stableAcrossOperations() throws {
      var stack = try RouteStack(validating: OperationCase.deep)
      let original = stack.ids
      try stack.apply(.push(.orders))
      try stack.apply(.presentSheet(.profile))
      try stack.apply(.dismiss(count: 1))
      try stack.apply(.pop(count: 1))
      try stack.apply(.goBackTo(.screen(.checkout)))
      #expect(stack.ids == Array(original.prefix(5)))
      try stack.apply(.dismissAll)
      #expect(stack.ids == Array(original.prefix(2)))
      try stack.apply(.open([.sheet(.login)], mode: .append))
      #expect(stack.ids.prefix(2) == original.prefix(2))
    }

    /// `setTopScreen` shows another screen in the top route: the route keeps its ID, style,
    /// navigation flag and sheet configuration (a link to a tab's root sets the root so); a plain
    /// array of routes gets the same routes; an empty stack refuses it.
    @Test("setTopScreen keeps the top route's ID, style, flag and configuration")
    func setTopScreenInPlace() throws {
      var stack = RouteStack(root: TestScreen.feed, withNavigation: false)
      let root = stack.ids
      try stack.apply(.setTopScreen(.item(id: 3)))
      #expect(stack.ids == root)
      #expect(stack.routes == [.root(.item(id: 3), withNavigation: false)])
      var deep = try RouteStack<TestScreen>(validating: [.root(.feed), .sheet(.login, withNavigation: true, configuration: .halfAndFull)])
      let ids = deep.ids
      let version = deep.structureVersion
      try deep.apply(.setTopScreen(.profile))
      #expect(deep.ids == ids)
      #expect(deep.structureVersion == version, "no route was added or removed")
      let expected: [Route<TestScreen>] = [.root(.feed), .sheet(.profile, withNavigation: true, configuration: .halfAndFull)]
      #expect(deep.routes == expected)
      var routes: [Route<TestScreen>] = [.root(.feed), .push(.item(id: 1))]
      try routes.apply(.setTopScreen(.item(id: 2)))
      #expect(routes == [.root(.feed), .push(.item(id: 2))])
      var empty: [Route<TestScreen>] = []
      #expect(throws: NavigationError.self) { try empty.apply(.setTopScreen(.feed)) }
    }

    @Test("in-place screen edits keep the ID, the style, the flag and the configuration")
    func inPlaceEdits() throws {
      var stack = try RouteStack<TestScreen>(
        validating: [.root(.feed), .sheet(.item(id: 1), withNavigation: true, configuration: .half)])
      let ids = stack.ids
      let old = stack.updateScreen(id: ids[1]) { screen -> TestScreen in
        defer { screen = .item(id: 2) }
        return screen
      }
      #expect(old == .item(id: 1))
      #expect(stack.routes == [.root(.feed), .sheet(.item(id: 2), withNavigation: true, configuration: .half)])
      let replaced = stack.setScreen(.profile, at: 0)
      #expect(replaced)
      #expect(stack.routes[0] == .root(.profile))
      #expect(stack.ids == ids)
    }

    @Test("an edit addressed to an ID that is not in the stack does nothing")
    func editsOfGoneRoutes() throws {
      var stack = RouteStack(root: TestScreen.feed)
      try stack.apply(.push(.item(id: 1)))
      let gone = stack.ids[1]
      try stack.apply(.pop())
      try stack.apply(.push(.item(id: 1)))
      var ran = false
      let result: Void? = stack.updateScreen(id: gone) { _ in ran = true }
      #expect(result == nil)
      #expect(!ran)
      let outOfRange = [stack.setScreen(.orders, at: 2), stack.setScreen(.orders, at: -1)]
      #expect(outOfRange == [false, false])
      #expect(stack.routes == [.root(.feed), .push(.item(id: 1))])
    }

    @Test("an ID is never reused: a popped-then-pushed route gets a new one, at the same index with the same screen")
    func neverReused() throws {
      var stack = RouteStack(root: TestScreen.feed)
      try stack.apply(.push(.item(id: 1)))
      let first = stack.ids[1]
      try stack.apply(.pop())
      try stack.apply(.push(.item(id: 1)))
      #expect(stack.ids[1] != first)
      #expect(!stack.contains(routeID: first))
      #expect(stack[id: first] == nil)
    }

    @Test("copies of a stack share the IDs they had, and never hand out the same new ID")
    func copies() throws {
      var original = RouteStack(root: TestScreen.feed)
      try original.apply(.push(.item(id: 1)))
      var copy = original
      try original.apply(.push(.orders))
      try copy.apply(.push(.orders))
      #expect(original == copy)
      #expect(original.ids.prefix(2) == copy.ids.prefix(2))
      #expect(original.ids[2] != copy.ids[2])
    }

    @Test(
      "reset and open (replace) give every route a new ID, root included; keepRoot keeps the root's; append keeps all",
      arguments: [
        (TestCommand.reset(OperationCase.pushed), 0),
        (.open(OperationCase.pushed, mode: .replace), 0),
        (.open(Array(OperationCase.pushed.dropFirst()), mode: .keepRoot), 1),
        (.open([.push(.orders)], mode: .append), 3),
      ]
    )
    func replacement(command: TestCommand, keptIDs: Int) throws {
      var stack = try RouteStack(validating: OperationCase.pushed)
      let before = stack
      try stack.apply(command)
      #expect(stack.ids.prefix(keptIDs) == before.ids.prefix(keptIDs))
      #expect(Set(stack.ids.dropFirst(keptIDs)).isDisjoint(with: before.ids))
      #expect(stack.routeIDsRemoved(since: before) == Array(before.ids.dropFirst(keptIDs)))
    }

    @Test("index(of:), subscript(id:) and contains(routeID:) find routes by ID")
    func lookup() throws {
      let stack = try RouteStack(validating: OperationCase.deep)
      for (index, id) in stack.ids.enumerated() {
        #expect(stack.index(of: id) == index)
        #expect(stack[id: id] == OperationCase.deep[index])
        #expect(stack.contains(routeID: id))
      }
      let stranger = RouteStack(root: TestScreen.feed).ids[0]
      #expect(stack.index(of: stranger) == nil)
      #expect(stack[id: stranger] == nil)
      #expect(!stack.contains(routeID: stranger))
    }

    @Test(
      "routeIDsRemoved(since:) is exactly the IDs an operation removed",
      arguments: [
        (TestCommand.pop(count: 1), 5),
        (.goBack(count: 3), 3),
        (.dismiss(count: 1), 4),
        (.dismissAll, 2),
        (.goBackToRoot, 1),
        (.popToCurrentNavigationRoot, 5),
        (.goBackTo(.screen(.login)), 3),
        (.push(.orders), 6),
        (.presentCover(.orders), 6),
      ]
    )
    func removedIDs(command: TestCommand, kept: Int) throws {
      var stack = try RouteStack(validating: OperationCase.deep)
      let before = stack
      try stack.apply(command)
      #expect(stack.routeIDsRemoved(since: before) == Array(before.ids.dropFirst(kept)))
      #expect(before.routeIDsRemoved(since: stack) == Array(stack.ids.dropFirst(kept)))
      #expect(stack.ids.prefix(kept) == before.ids.prefix(kept))
    }

    @Test("routeIDsRemoved(since:) is empty after in-place edits, no-ops and refused operations")
    func nothingRemoved() throws {
      var stack = try RouteStack(validating: OperationCase.deep)
      let before = stack
      stack.updateScreen(id: stack.ids[3]) { $0 = .orders }
      stack.setScreen(.profile, at: 0)
      try stack.apply(.goBackTo(.screen(.settings)))
      try stack.apply(.open([], mode: .append))
      let noOps = [stack.goBackTo(index: 5), stack.popTo(index: 5), stack.goBackTo(.settings), stack.popTo(.settings)]
      #expect(noOps == [true, true, true, true])
      #expect(throws: NavigationError.self) { try stack.apply(.popToRoot) }
      #expect(stack.routeIDsRemoved(since: before).isEmpty)
      #expect(stack.ids == before.ids)
      #expect(stack != before)
    }

    @Test("routeIDsRemoved(since:) of an unrelated stack is all of its IDs")
    func unrelatedStacks() throws {
      let one = try RouteStack(validating: OperationCase.pushed)
      let other = try RouteStack(validating: OperationCase.pushed)
      #expect(other.routeIDsRemoved(since: one) == one.ids)
    }

    @Test("updateRoutes keeps the IDs of the leading routes whose style and navigation flag are unchanged")
    func updateRoutesKeepsPrefix() throws {
      var stack = try RouteStack(validating: OperationCase.deep)
      let before = stack
      // A swipe-dismissed cover, and new data for the sheet's screen.
      let reported: [TestRoute] = [
        .root(.feed), .push(.item(id: 1)), .sheet(.profile, withNavigation: true), .push(.item(id: 1)),
      ]
      try stack.updateRoutes(reported)
      #expect(stack.routes == reported)
      #expect(stack.ids == Array(before.ids.prefix(4)))
      #expect(stack.routeIDsRemoved(since: before) == Array(before.ids.suffix(2)))
    }

    @Test(
      "updateRoutes gives new IDs from the first route whose style or navigation flag changed",
      arguments: [
        ([TestRoute.root(.feed), .push(.item(id: 1)), .cover(.login, withNavigation: true), .push(.item(id: 1))], 2),
        ([.root(.feed), .push(.item(id: 1)), .sheet(.login, withNavigation: false)], 2),
        ([.root(.feed, withNavigation: false), .sheet(.login)], 0),
        ([.root(.profile), .push(.item(id: 9)), .sheet(.login, withNavigation: true), .push(.orders),
          .cover(.checkout, withNavigation: true), .push(.settings), .push(.orders)], 6),
      ]
    )
    func updateRoutesRenewsFromDifference(reported: [TestRoute], kept: Int) throws {
      var stack = try RouteStack(validating: OperationCase.deep)
      let before = stack
      try stack.updateRoutes(reported)
      #expect(stack.routes == reported)
      #expect(stack.ids.prefix(kept) == before.ids.prefix(kept))
      #expect(Set(stack.ids.dropFirst(kept)).isDisjoint(with: before.ids))
      #expect(stack.ids.count == reported.count)
      #expect(stack.routeIDsRemoved(since: before) == Array(before.ids.dropFirst(kept)))
    }

    @Test("updateRoutes with data changes only keeps every ID and removes none")
    func updateRoutesDataOnly() throws {
      var stack = try RouteStack(validating: OperationCase.pushed)
      let before = stack
      try stack.updateRoutes([.root(.profile), .push(.item(id: 7)), .push(.orders)])
      #expect(stack.ids == before.ids)
      #expect(stack.routeIDsRemoved(since: before).isEmpty)
    }

    @Test("updateRoutes refuses routes that are not a stack and changes nothing")
    func updateRoutesRefusesInvalidStacks() throws {
      var stack = try RouteStack(validating: OperationCase.deep)
      let before = stack
      let error = #expect(throws: NavigationError.self) {
        try stack.updateRoutes([.root(.feed), .sheet(.login), .push(.checkout)])
      }
      #expect(error?.description == "cannot updateRoutes: cannot push 'checkout': the layer 'login' (sheet) has no navigation")
      #expect(throws: NavigationError.self) { try stack.updateRoutes([]) }
      #expect(stack.routes == before.routes)
      #expect(stack.ids == before.ids)
    }

    @Test("stacks are equal when their routes are; IDs are identity, not value")
    func equality() throws {
      let one = try RouteStack(validating: OperationCase.deep)
      let other = try RouteStack(validating: OperationCase.deep)
      #expect(one == other)
      #expect(one.ids != other.ids)
      #expect(one != RouteStack(root: TestScreen.feed))
    }

    @Test("RouteID: ordered by generation, written #n, an integer literal")
    func routeID() {
      let generator = RouteIDGenerator()
      let first = generator.next()
      let second = generator.next()
      #expect(first < second)
      #expect(first == 1 && second == 2)
      let literal: RouteID = 12
      #expect(literal.generation == 12)
      #expect(literal.description == "#12")
      #expect(generator.lastGeneration == 2)
    }
  }
}
