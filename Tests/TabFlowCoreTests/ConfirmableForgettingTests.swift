import CoreTestSupport
@testable import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// The batch a confirmation may re-send (`confirmable`) is kept only while nothing changed
  /// since it was rejected. Every write of a field a guard may read forgets it — also an
  /// in-place change that throws half-way, which has changed the field all the same.
  @Suite("The confirmable batch is forgotten after a change")
  struct ConfirmableForgettingTests {
    typealias State = TabCoordinatorState<TabTestScreen>

    struct Interrupted: Error {}

    /// Writes `newValue` into `value`, then throws: an in-place change that fails half-way.
    static func write<Value>(_ newValue: Value, into value: inout Value) throws {
      value = newValue
      throw Interrupted()
    }

    /// A state whose last batch a guard asked about: it keeps that batch as confirmable.
    static func asked() throws -> State {
      var state = try TabFixtures.deepCoordinator()
      state.adoptIDs(from: RouteIDGenerator())
      let asking = NavigationGuard<TabTestScreen>("asks") { _ in .ask("sure?") }
      _ = try? state.apply([.tab("search", .push(.orders)), .selectTab("search")], guards: [asking])
      return state
    }

    @Test("An in-place change that throws forgets the batch, as one that returns does", arguments: 0..<4)
    func throwingChangeForgets(field: Int) throws {
      for throwing in [false, true] {
        var state = try Self.asked()
        try #require(state.confirmable != nil)
        do {
          switch (field, throwing) {
          case (0, true): try Self.write(.int(1), into: &state.context["k"])
          case (0, false): state.context["k"] = .int(1)
          case (1, true): try Self.write(.history, into: &state.backBehavior)
          case (1, false): state.backBehavior = .history
          case (2, true): try Self.write("app://item/1", into: &state.pendingLink)
          case (2, false): state.pendingLink = "app://item/1"
          case (_, true): try Self.write(nil, into: &state.pendingResume)
          case (_, false): state.pendingResume = nil
          }
        } catch {
          #expect(error is Interrupted)
        }
        #expect(state.confirmable == nil, "field \(field), throwing: \(throwing)")
      }
    }
  }
}
