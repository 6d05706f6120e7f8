import DeliveryTestSupport
import Foundation
@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime
import Testing

/// The canary: more than K failures in the first N actions bring the previous rules back.
@MainActor
@Suite struct RuleCanaryTests {
  typealias F = DeliveryFixture

  /// A store over the delivery's coordinator that records every delegate action.
  final class Recorder {
    var delegates: [TabCoordinatorDelegate<DynamicScreen>] = []
    var reports: [NavigationReport] {
      delegates.compactMap { if case let .report(report) = $0 { report } else { nil } }
    }
    /// The last report, when it is a rollback.
    var rollback: (release: Int, restored: Int, failures: [String], kept: Bool)? {
      guard case let .rulesRolledBack(release, restored, failures, kept)? = reports.last else { return nil }
      return (release, restored, failures, kept)
    }
  }

  func store(_ delivery: F.Delivery, _ recorder: Recorder) throws -> Store<F.State, TabCoordinatorAction<DynamicScreen, DynamicAction>> {
    Store(initialState: try delivery.rules.initialState()) {
      CombineReducers {
        Reduce { _, action in
          if case let .delegate(delegate) = action { recorder.delegates.append(delegate) }
          return .none
        }
        DeliveryCoordinator(delivery: delivery)
      }
      .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
    }
  }

  func send(_ action: String, _ store: Store<F.State, TabCoordinatorAction<DynamicScreen, DynamicAction>>) {
    let feed = store.state.selectedStack.ids[0]
    store.send(.router(.routeAction(id: feed, action: DynamicAction(action))))
  }

  @Test func rollsBackAfterMoreThanKFailuresAndNotBefore() throws {
    let folder = F.folder()
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 2, outOf: 10))
    let recorder = Recorder()
    let store = try store(delivery, recorder)
    store.send(.adoptReloaded(try delivery.install(try F.bytes(release: 7), keeping: store.state)))
    #expect(store.state.tabIDs == ["home", "profile"])
    send("open", store)
    let item = store.state.selectedStack.ids
    send("boom", store)
    send("boom", store)
    // Two failures: K, not more than K.
    #expect(delivery.installedRelease == 7)
    #expect(delivery.isCanaryWatching)
    #expect(!recorder.reports.contains { if case .rulesRolledBack = $0 { true } else { false } })
    send("boom", store)
    #expect(delivery.installedRelease == 0)
    #expect(!delivery.isCanaryWatching)
    #expect(delivery.rejectedReleases == [7])
    #expect(store.state.tabIDs == ["home"])
    #expect(store.state.selectedStack.ids == item)
    #expect(store.state.selectedStack.top.screen == DynamicScreen("item", state: ["id": 1]))
    let rollback = try #require(recorder.rollback, "no rollback report: \(recorder.reports)")
    #expect(rollback.release == 7)
    #expect(rollback.restored == 0)
    #expect(rollback.failures.count == 3)
    #expect(rollback.failures.allSatisfy { $0.contains("boom") })
    #expect(!rollback.kept)  // the profile tab release 7 added is gone; home's stack stays
    // The bundled rules run again: boom pushes an item.
    store.send(.back)
    send("boom", store)
    #expect(store.state.selectedStack.top.screen == DynamicScreen("item", state: ["id": 2]))
    // Remembered: the release is not installed again, now or at the next launch.
    #expect(throws: RulePackageError.rejectedRelease(7)) {
      try delivery.install(try F.bytes(release: 7), keeping: store.state)
    }
    #expect(!F.files(in: folder).contains("t-7.flowpkg"))
    let next = try F.delivery(folder: folder)
    #expect(next.rejectedReleases == [7])
    #expect(next.installedRelease == 0)
  }

  @Test func rollsBackToThePreviousPackageNotTheBundledScript() throws {
    let folder = F.folder()
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    let recorder = Recorder()
    let store = try store(delivery, recorder)
    let good = F.newer.replacingOccurrences(of: "error(\"boom\")", with: "nav:push(\"item\", { id = 3 })")
    store.send(.adoptReloaded(try delivery.install(try F.bytes(good, release: 1), keeping: store.state)))
    for _ in 0..<5 { send("open", store); store.send(.back) }
    #expect(!delivery.isCanaryWatching)  // release 1 passed its canary
    store.send(.adoptReloaded(try delivery.install(try F.bytes(release: 2), keeping: store.state)))
    send("boom", store)
    #expect(delivery.installedRelease == 1)
    #expect(F.files(in: folder).contains("t-1.flowpkg"))
    let rollback = try #require(recorder.rollback, "no rollback report: \(recorder.reports)")
    #expect(rollback.release == 2 && rollback.restored == 1 && rollback.failures.count == 1 && rollback.kept)
    send("boom", store)
    #expect(store.state.selectedStack.top.screen.state["id"] == 3)
    #expect(try F.delivery(folder: folder).installedRelease == 1)
  }

  @Test func guardRejectionsAndUnmatchedLinksAreNotFailures() throws {
    let guarded = F.newer + "\nguard(\"closed\", function(change) return false, \"closed\" end)"
    let delivery = try F.delivery(canary: RuleCanary(maxFailures: 0, outOf: 3))
    let recorder = Recorder()
    let store = try store(delivery, recorder)
    store.send(.adoptReloaded(try delivery.install(try F.bytes(guarded, release: 1), keeping: store.state)))
    send("open", store)
    store.send(.openURL("t://nowhere"))
    #expect(recorder.delegates.count == 2)
    #expect(delivery.installedRelease == 1)
    // Context changes do not count; the third counted action ends the canary.
    store.send(.setContext("x", true))
    #expect(delivery.isCanaryWatching)
    store.send(.tabTapped("profile"))
    #expect(!delivery.isCanaryWatching)
    send("boom", store)
    #expect(delivery.installedRelease == 1)
  }

  /// A Lua guard that raises an error rejects its batch (that is what the host sees), but it is
  /// the new rules failing: the canary counts it.
  @Test func aGuardThatRaisesAnErrorCountsAsAFailure() throws {
    let broken = F.newer + "\nguard(\"stock\", function(change) if change.after.top == \"item\" then error(\"no stock\") end end)"
    let delivery = try F.delivery(canary: RuleCanary(maxFailures: 0, outOf: 5))
    let recorder = Recorder()
    let store = try store(delivery, recorder)
    store.send(.adoptReloaded(try delivery.install(try F.bytes(broken, release: 3), keeping: store.state)))
    send("open", store)
    guard case let .rejected(batch)? = recorder.delegates.first else {
      Issue.record("expected a rejection: \(recorder.delegates)")
      return
    }
    #expect(batch.failure.message.hasPrefix("guard failed: "))
    let rollback = try #require(recorder.rollback, "no rollback: \(recorder.delegates)")
    #expect(rollback.release == 3)
    #expect(rollback.failures.first?.contains("no stock") == true)
    #expect(delivery.installedRelease == 0)
  }

  @Test func withoutACanaryFailuresNeverRollBack() throws {
    let delivery = try F.delivery()
    let recorder = Recorder()
    let store = try store(delivery, recorder)
    store.send(.adoptReloaded(try delivery.install(try F.bytes(release: 1), keeping: store.state)))
    for _ in 0..<5 { send("boom", store) }
    #expect(delivery.installedRelease == 1)
    #expect(recorder.delegates.count == 5)
  }
}
