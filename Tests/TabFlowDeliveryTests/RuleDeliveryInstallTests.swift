import DeliveryTestSupport
import Foundation
@testable import TabFlowDelivery
@testable import TabFlowLua
import Testing

/// Installing a package: every check, each failure leaving the rules, the state and the folder
/// as they were; success keeping navigation.
@Suite struct RuleDeliveryInstallTests {
  typealias F = DeliveryFixture

  /// The bundled rules with an item pushed on the home tab.
  func running(folder: String? = nil) throws -> (F.Delivery, F.State) {
    let delivery = try F.delivery(folder: folder)
    var state = try delivery.rules.initialState()
    try state.apply([.push(DynamicScreen("item", state: ["id": 9]))])
    return (delivery, state)
  }

  /// Installing `data` fails with `expected`, and nothing changed.
  func expectRefused(_ data: Data, _ expected: (RulePackageError) -> Bool, delivery: F.Delivery, state: F.State, folder: String? = nil) {
    let filesBefore = folder.map(F.files(in:))
    let declarationsBefore = delivery.rules.declarations
    let releaseBefore = delivery.installedRelease
    do {
      _ = try delivery.install(data, keeping: state)
      Issue.record("the package was installed")
    } catch {
      #expect(expected(error), "unexpected error: \(error)")
    }
    #expect(delivery.rules.declarations == declarationsBefore)
    #expect(delivery.installedRelease == releaseBefore)
    if let folder { #expect(F.files(in: folder) == filesBefore) }
  }

  @Test func aValidPackageIsSwappedInWithNavigationKeptAndSaved() throws {
    let folder = F.folder()
    let (delivery, state) = try running(folder: folder)
    let migrated = try delivery.install(try F.bytes(release: 1), keeping: state)
    #expect(delivery.installedRelease == 1)
    #expect(delivery.rules.chunk == "t.lua")
    #expect(migrated.tabIDs == ["home", "profile"])
    #expect(migrated.selectedStack.ids == state.selectedStack.ids)
    #expect(migrated.selectedStack.top.screen == DynamicScreen("item", state: ["id": 9, "qty": 1]))
    #expect(F.files(in: folder) == ["floor.copy.json", "floor.json", "t-1.flowpkg"])
    let saved = try RulePackage(data: try Data(contentsOf: URL(fileURLWithPath: folder + "/t-1.flowpkg")))
    #expect(saved.release == 1)
    // The next one replaces it; the one before stays as the fallback.
    _ = try delivery.install(try F.bytes(release: 2), keeping: migrated)
    _ = try delivery.install(try F.bytes(release: 3), keeping: migrated)
    #expect(F.files(in: folder) == ["floor.copy.json", "floor.json", "t-2.flowpkg", "t-3.flowpkg"])
  }

  @Test func everyShapeAndSignatureFailureLeavesEverythingAsItWas() throws {
    let folder = F.folder()
    let (delivery, state) = try running(folder: folder)
    expectRefused(Data("{".utf8), { $0.check == "json" }, delivery: delivery, state: state, folder: folder)
    var object = try F.object(try F.bytes(release: 1))
    object["format"] = "other"
    expectRefused(try F.data(object), { $0 == .unknownFormat("other") }, delivery: delivery, state: state, folder: folder)
    object = try F.object(try F.bytes(release: 1))
    object["version"] = 9
    expectRefused(try F.data(object), { $0 == .unsupportedVersion(9) }, delivery: delivery, state: state, folder: folder)
    object = try F.object(try F.bytes(release: 1))
    object["keyID"] = nil
    expectRefused(try F.data(object), { $0 == .missingField("keyID") }, delivery: delivery, state: state, folder: folder)
    object = try F.object(try F.bytes(release: 1))
    object["script"] = "app 'evil'"
    expectRefused(try F.data(object), { $0.check == "sha256" }, delivery: delivery, state: state, folder: folder)
    expectRefused(
      try F.bytes(release: 1, key: F.otherKey), { $0 == .unknownKey(keyID: F.otherKey.publicKey.keyID) },
      delivery: delivery, state: state, folder: folder)
    object = try F.object(try F.bytes(release: 1))
    object["release"] = 2
    expectRefused(try F.data(object), { $0.check == "signature" }, delivery: delivery, state: state, folder: folder)
  }

  @Test func aRotatedOutKeyIsRefusedAndTheNewOneAccepted() throws {
    // The app pinned both keys, then a later app release dropped the old one.
    let both = try F.delivery(keys: [F.key.publicKey, F.otherKey.publicKey])
    let initial = try both.rules.initialState()
    _ = try both.install(try F.bytes(release: 1, key: F.key), keeping: initial)
    _ = try both.install(try F.bytes(release: 2, key: F.otherKey), keeping: initial)
    let rotated = try F.delivery(keys: [F.otherKey.publicKey])
    expectRefused(
      try F.bytes(release: 3, key: F.key), { $0 == .unknownKey(keyID: F.key.publicKey.keyID) },
      delivery: rotated, state: try rotated.rules.initialState())
    _ = try rotated.install(try F.bytes(release: 3, key: F.otherKey), keeping: try rotated.rules.initialState())
  }

  @Test func anOlderOrTheSameReleaseIsAReplay() throws {
    let (delivery, state) = try running()
    let old = try F.bytes(release: 4)
    let migrated = try delivery.install(try F.bytes(release: 5), keeping: state)
    expectRefused(old, { $0 == .notNewer(release: 4, installed: 5) }, delivery: delivery, state: migrated)
    expectRefused(try F.bytes(release: 5), { $0 == .notNewer(release: 5, installed: 5) }, delivery: delivery, state: migrated)
  }

  @Test func aScriptThatDoesNotLoadOrValidateIsRefused() throws {
    let (delivery, state) = try running()
    expectRefused(try F.bytes("app 'T'\ntab 'home' { root = ", release: 1), {
      if case let .scriptFailed(error) = $0 { return error.kind == .syntax && error.file == "t.lua" }
      return false
    }, delivery: delivery, state: state)
    // Static validation: a rule for a screen nobody declared.
    expectRefused(try F.bytes(F.newer + "\non(\"cart.open\", function(nav) end)", release: 1), {
      $0.check == "script"
    }, delivery: delivery, state: state)
    // A script that never finishes loading is stopped by the rules' limits.
    expectRefused(try F.bytes("while true do end", release: 1), {
      if case let .scriptFailed(error) = $0 { return error.kind == .budgetExceeded }
      return false
    }, delivery: delivery, state: state)
  }

  @Test func aScriptThatDropsATabOrScreenInUseIsIncompatible() throws {
    let (delivery, state) = try running()
    let noItem = """
      app "T"
      tab "home" { root = "feed" }
      screen "feed" {}
      """
    expectRefused(try F.bytes(noItem, release: 1), {
      if case let .incompatible(error) = $0 { return error.reason.contains("screen 'item' is in use") }
      return false
    }, delivery: delivery, state: state)
    let otherTab = """
      app "T"
      tab "start" { root = "feed" }
      screen "feed" {}
      screen "item" { state = { id = 0 } }
      """
    expectRefused(try F.bytes(otherTab, release: 1), {
      if case let .incompatible(error) = $0 { return error.reason.contains("tab 'home' is in use") }
      return false
    }, delivery: delivery, state: state)
  }

  /// Typed screens: a package must declare every screen of the catalog, and only those.
  @Test func aScriptDeclaringOneScreenFewerThanTheCatalogIsIncompatible() throws {
    enum Page: Codable, Equatable, Sendable { case feed, account }
    var catalog = ScreenCatalog<Page>()
    catalog.register("feed", Page.feed)
    catalog.register("account", Page.account)
    let bundled = """
      tab "home" { root = "feed" }
      screen "feed" {}
      screen "account" {}
      """
    let delivery = try RuleDelivery<Page, DynamicAction>(
      bundledScript: bundled, name: "p.lua", runtime: F.runtime, catalog: catalog, pinnedKeys: [F.key.publicKey],
      folder: nil)
    let state = try delivery.rules.initialState()
    let fewer = "tab \"home\" { root = \"feed\" }\nscreen \"feed\" {}"
    let error = try #require(throws: RulePackageError.self) {
      try delivery.install(try F.bytes(fewer, release: 1), keeping: state)
    }
    guard case let .incompatible(scriptError) = error else { Issue.record("got \(error)"); return }
    #expect(scriptError.reason.contains("screen 'account' is in the app's screen catalog"))
    let more = bundled + "\nscreen \"settings\" {}"
    #expect(throws: RulePackageError.self) { try delivery.install(try F.bytes(more, release: 1), keeping: state) }
    #expect(delivery.installedRelease == 0)
    _ = try delivery.install(try F.bytes(bundled + "\n-- same screens", release: 1), keeping: state)
    #expect(delivery.installedRelease == 1)
  }

  @Test func aFolderThatCannotBeWrittenRefusesTheInstall() throws {
    let blocker = F.folder() + "/file"
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let (delivery, state) = try running(folder: blocker + "/rules")
    expectRefused(try F.bytes(release: 1), { $0.check == "storage" }, delivery: delivery, state: state)
  }
}
