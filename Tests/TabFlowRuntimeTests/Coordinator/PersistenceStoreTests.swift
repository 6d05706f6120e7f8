import Clocks
import CoreTestSupport
import Foundation
import RuntimeTestSupport
import TabFlowCore
import TabFlowNavigation
import TabFlowRuntime
import Testing

extension TabCoordinatorTests {
  /// docs/ARCHITECTURE.md §4–§5: a store's whole state survives a navigation document — selection, history,
  /// context, every stack with styles, navigation flags, sheet configurations and payloads — and
  /// a store restored from it runs with fresh route IDs. Corrupt input is a typed error.
  @MainActor
  @Suite("Persistence")
  struct PersistenceStoreTests {
    /// Drives a store to a state that uses every part of the document.
    func drivenStore(clock: TestClock<Duration>) async throws -> AppStore {
      let store = App.store(try App.state(backBehavior: .history), clock: clock)
      await store.send(.screen(try store.state.routeID("home", 0), .itemTapped(3))) {
        try $0.setRoutes([.root(.feed), .push(.item(id: 3))], of: "home")
      }
      await store.send(.screen(try store.state.routeID("home", 1), .signInTapped)) {
        try $0.setRoutes(
          [.root(.feed), .push(.item(id: 3)), .sheet(.login, withNavigation: true, configuration: .halfAndFull)],
          of: "home")
      }
      await store.send(.perform([
        .tab("orders", .push(.item(id: 7))), .tab("profile", .presentCover(.checkout, withNavigation: true)),
      ])) {
        try $0.setRoutes([.root(.orders), .push(.item(id: 7))], of: "orders")
        try $0.setRoutes([.root(.account), .cover(.checkout, withNavigation: true)], of: "profile")
      }
      await store.send(.screen(try store.state.routeID("orders", 1), .increment)) {
        try $0.setRoutes([.root(.orders), .push(.item(id: 7, count: 1))], of: "orders")
      }
      await store.send(.tabTapped("orders")) { try $0.setSelection("orders", history: ["home"]) }
      await store.send(.tabTapped("profile")) { try $0.setSelection("profile", history: ["home", "orders"]) }
      await store.send(.setContext("loggedIn", true)) { $0.context["loggedIn"] = true }
      return store
    }

    @Test func aStoresStateRoundTripsAndTheRestoredStoreRuns() async throws {
      let clock = TestClock()
      let store = try await drivenStore(clock: clock)

      let document = try NavigationDocument.encode(store.state)
      let restored = try NavigationDocument.decode(document, as: Screen.self)

      #expect(restored == store.state)
      #expect(restored.selectedTab == "profile")
      #expect(restored.history == ["home", "orders"])
      #expect(restored.backBehavior == .history)
      #expect(restored.tabs.map(\.reselect) == [.popToRoot, .popToRoot, .none])
      #expect(restored.allRouteIDs.isDisjoint(with: store.state.allRouteIDs))
      #expect(try NavigationDocument.encode(restored) == document)

      // The restored store addresses its own routes: effects run and deliver, the history and
      // the stacks behave as before.
      let restoredStore = App.store(restored, clock: clock)
      let item = try restoredStore.state.routeID("orders", 1)
      await restoredStore.send(.screen(item, .incrementLater))
      await restoredStore.send(.back) { try $0.setRoutes([.root(.account)], of: "profile") }
      await restoredStore.send(.back) { try $0.setSelection("orders", history: ["home"]) }
      await clock.advance(by: .seconds(1))
      await restoredStore.receive(.screen(item, .increment)) {
        try $0.setRoutes([.root(.orders), .push(.item(id: 7, count: 2))], of: "orders")
      }
      await restoredStore.finish()
      await store.finish()
    }

    @Test func theRoundTripGoesThroughAFileToo() async throws {
      let store = try await drivenStore(clock: TestClock())
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("tabflow-coordinator-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = NavigationFileStore(path: folder.appendingPathComponent("navigation.json").path)

      try file.save(store.state)
      #expect(try file.load(as: Screen.self) == store.state)
      await store.finish()
    }

    enum Corruption: String, CaseIterable, CustomTestStringConvertible {
      case truncated, wrongFormat, futureVersion, unknownSelectedTab
      var testDescription: String { rawValue }
    }

    @Test(arguments: Corruption.allCases)
    func aCorruptDocumentIsATypedErrorSayingWhich(_ corruption: Corruption) async throws {
      let store = try await drivenStore(clock: TestClock())
      let document = String(decoding: try NavigationDocument.encode(store.state), as: UTF8.self)
      await store.finish()

      let corrupted: String
      switch corruption {
      case .truncated: corrupted = String(document.prefix(document.count / 2))
      case .wrongFormat: corrupted = document.replacingOccurrences(of: "\"tabflow.navigation\"", with: "\"tcaflow\"")
      case .futureVersion: corrupted = document.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
      case .unknownSelectedTab:
        corrupted = document.replacingOccurrences(of: "\"selectedTab\":\"profile\"", with: "\"selectedTab\":\"cart\"")
      }
      #expect(corrupted != document)

      let error = try #require(throws: PersistenceError.self) {
        try NavigationDocument.decode(Data(corrupted.utf8), as: Screen.self)
      }
      switch (corruption, error) {
      case (.truncated, .corrupt): break
      case (.wrongFormat, .unknownFormat(found: "tcaflow")): break
      case (.futureVersion, .unsupportedVersion(found: 2, supported: 1)): break
      case let (.unknownSelectedTab, .corrupt(reason)):
        #expect(reason.contains("selectedTab"), "\(reason)")
        #expect(reason.contains("unknown tab 'cart'"), "\(reason)")
      default:
        Issue.record("\(corruption): unexpected \(error)")
      }
    }
  }
}
