import CoreTestSupport
import Foundation
import TabFlowCore
import TabFlowNavigation
import Testing

extension TabsTests {
  /// docs/ARCHITECTURE.md §4–§5: the navigation file is written atomically and read back with typed errors.
  @Suite("Navigation file store")
  struct NavigationFileStoreTests {
    /// A fresh folder in the temporary directory, removed after `body`.
    func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("tabflow-tests-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      try body(folder)
    }

    func contents(of folder: URL) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func saveThenLoadRoundTrips() throws {
      try withTemporaryFolder { folder in
        let store = NavigationFileStore(path: folder.appendingPathComponent("navigation.json").path)
        let state = try PersistenceTests.richState()

        try store.save(state)
        let loaded = try store.load(as: TabTestScreen.self)

        #expect(loaded == state)
        #expect(loaded.allRouteIDs.isDisjoint(with: state.allRouteIDs))
        let saved = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(saved == (try NavigationDocument.encode(state)))
      }
    }

    @Test func loadingAMissingFileSaysItIsMissing() throws {
      try withTemporaryFolder { folder in
        let path = folder.appendingPathComponent("navigation.json").path
        let store = NavigationFileStore(path: path)

        let error = try #require(throws: PersistenceError.self) { try store.load(as: TabTestScreen.self) }

        #expect(error == .missing(path: path))
        #expect(error.description == "no saved navigation state at \(path)")
      }
    }

    @Test func saveLeavesNoTemporaryFileBehind() throws {
      try withTemporaryFolder { folder in
        let store = NavigationFileStore(path: folder.appendingPathComponent("navigation.json").path)

        try store.save(try TabFixtures.deepCoordinator())
        try store.save(try TabFixtures.coordinator())

        #expect(try contents(of: folder) == ["navigation.json"])
      }
    }

    @Test func saveReplacesAnExistingFile() throws {
      try withTemporaryFolder { folder in
        let store = NavigationFileStore(path: folder.appendingPathComponent("navigation.json").path)
        let longer = try PersistenceTests.richState()
        var shorter = try TabFixtures.coordinator()
        try shorter.apply([.tab("search", .push(.item(id: 1))), .selectTab("search")])
        try store.save(longer)

        try store.save(shorter)

        #expect(try store.load(as: TabTestScreen.self) == shorter)
        let saved = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(saved == (try NavigationDocument.encode(shorter)))
        #expect(try contents(of: folder) == ["navigation.json"])
      }
    }

    @Test func aFileWithGarbageIsCorrupt() throws {
      try withTemporaryFolder { folder in
        let url = folder.appendingPathComponent("navigation.json")
        try Data([0xFF, 0x00, 0x7B, 0x22]).write(to: url)
        let store = NavigationFileStore(path: url.path)

        let error = try #require(throws: PersistenceError.self) { try store.load(as: TabTestScreen.self) }

        guard case let .corrupt(reason) = error else {
          Issue.record("expected .corrupt, got \(error)")
          return
        }
        #expect(reason.contains("not a JSON object"))
      }
    }

    @Test func aFileFromAFutureVersionIsRefusedAndKept() throws {
      try withTemporaryFolder { folder in
        let url = folder.appendingPathComponent("navigation.json")
        let data = PersistenceTests.document(["version": "2"])
        try data.write(to: url)
        let store = NavigationFileStore(path: url.path)

        #expect(throws: PersistenceError.unsupportedVersion(found: 2, supported: 1)) {
          try store.load(as: TabTestScreen.self)
        }
        #expect(try Data(contentsOf: url) == data)
      }
    }

    @Test func savingIntoAMissingFolderIsAnIOError() throws {
      try withTemporaryFolder { folder in
        let missing = folder.appendingPathComponent("absent", isDirectory: true)
        let store = NavigationFileStore(path: missing.appendingPathComponent("navigation.json").path)

        let error = try #require(throws: PersistenceError.self) { try store.save(try TabFixtures.coordinator()) }

        guard case let .io(path, reason) = error else {
          Issue.record("expected .io, got \(error)")
          return
        }
        #expect(path.hasPrefix(missing.path))
        #expect(!reason.isEmpty)
        #expect(try contents(of: folder).isEmpty)
      }
    }

    @Test func loadingAFolderIsAnIOError() throws {
      try withTemporaryFolder { folder in
        let store = NavigationFileStore(path: folder.path)

        let error = try #require(throws: PersistenceError.self) { try store.load(as: TabTestScreen.self) }

        guard case let .io(path, _) = error else {
          Issue.record("expected .io, got \(error)")
          return
        }
        #expect(path == folder.path)
      }
    }
  }
}
