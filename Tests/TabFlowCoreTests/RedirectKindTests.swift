@testable import TabFlowCore
import CoreTestSupport
import TabFlowNavigation
import Testing

extension TabsTests {
  /// A redirect is a cycle only when it repeats an earlier batch exactly; batches that differ in
  /// kind (``TabCoordinatorState/differInKind(_:_:)``: length, a command's case, a wrapped
  /// command's case, the tab addressed) are told apart before comparing payloads. Checked over
  /// every pair of a pool of batches: a difference in kind is never claimed for the same batch,
  /// and is claimed for batches that differ in nothing but it.
  @Suite("Redirects: batches told apart by kind")
  struct RedirectKindTests {
    typealias State = TabCoordinatorState<TabTestScreen>

    static let pool: [[NavigationCommand<TabTestScreen>]] = [
      [], [.push(.feed)], [.push(.item(id: 1))], [.push(.item(id: 2))], [.pop()], [.pop(count: 2)],
      [.presentSheet(.login(reason: "a"), withNavigation: true)], [.presentSheet(.login(reason: "b"))],
      [.tab("home", .push(.feed))], [.tab("profile", .push(.feed))], [.tab("home", .pop())],
      [.app(.push(.feed))], [.app(.pop())], [.selectTab("home")], [.selectTab("profile")],
      [.selectTab("home"), .tab("home", .open([.push(.item(id: 3))], mode: .keepRoot))],
      [.selectTab("home"), .tab("home", .open([.push(.item(id: 4))], mode: .keepRoot))],
      [.selectTab("home"), .tab("home", .goBackToRoot), .tab("home", .setTopScreen(.feed))],
      [.emit(NavigationEvent("a"))], [.setBadge("home", .count(1))], [.dismissAll, .goBackToRoot],
    ]

    @Test
    func aDifferenceInKindIsADifference() {
      for lhs in Self.pool {
        for rhs in Self.pool {
          let differ = State.differInKind(lhs, rhs)
          if differ { #expect(!State.same(lhs, rhs), "\(lhs) \(rhs)") }
          // Batches alike in kind are left to the full comparison.
          if lhs.map(\.name) == rhs.map(\.name), zip(lhs, rhs).allSatisfy({ Self.sameShape($0, $1) }) {
            #expect(!differ, "\(lhs) \(rhs)")
          }
        }
        #expect(!State.differInKind(lhs, lhs), "\(lhs)")
      }
      #expect(State.differInKind([.tab("home", .push(.feed))], [.tab("profile", .push(.feed))]))
      #expect(State.differInKind([.tab("home", .push(.feed))], [.tab("home", .pop())]))
      #expect(State.differInKind([.app(.push(.feed))], [.app(.pop())]))
      #expect(!State.differInKind([.push(.item(id: 1))], [.push(.item(id: 2))]))
    }

    /// Whether two commands of one case wrap commands of one case addressed alike.
    static func sameShape(_ lhs: NavigationCommand<TabTestScreen>, _ rhs: NavigationCommand<TabTestScreen>) -> Bool {
      switch (lhs, rhs) {
      case let (.tab(lhsTab, lhsInner), .tab(rhsTab, rhsInner)):
        lhsTab == rhsTab && lhsInner.name == rhsInner.name && sameShape(lhsInner, rhsInner)
      case let (.app(lhsInner), .app(rhsInner)): lhsInner.name == rhsInner.name && sameShape(lhsInner, rhsInner)
      default: lhs.name == rhs.name
      }
    }
  }
}
