import Testing
import TabFlow

@Suite struct NavigationSmokeTests {
  @Test func pushAndPop() throws {
    var stack = RouteStack(root: "feed")
    try stack.apply(.push("item"))
    #expect(stack.routes == [.root("feed"), .push("item")])
    #expect(throws: NavigationError.self) { try stack.apply(.pop(count: 2)) }
  }
}
