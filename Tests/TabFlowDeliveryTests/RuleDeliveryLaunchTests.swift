import DeliveryTestSupport
import Foundation
@testable import TabFlowDelivery
@testable import TabFlowLua
import Testing

/// Launch: the newest package on disk that verifies, else the bundled script and why.
@Suite struct RuleDeliveryLaunchTests {
  typealias F = DeliveryFixture

  @Test func theLastGoodPackageRunsAtTheNextLaunch() throws {
    let folder = F.folder()
    let first = try F.delivery(folder: folder)
    _ = try first.install(try F.bytes(release: 3), keeping: try first.rules.initialState())
    let next = try F.delivery(folder: folder)
    #expect(next.installedRelease == 3)
    #expect(next.launchReport.path == folder + "/t-3.flowpkg")
    #expect(next.launchReport.skipped.isEmpty)
    #expect(try next.rules.initialState().tabIDs == ["home", "profile"])
  }

  /// Navigation saved under the bundled rules, restored under a newer package: migrated; saved
  /// under a package the app no longer runs: refused, naming what is missing.
  @Test func aRestoredNavigationStateIsCheckedAgainstTheRunningRules() throws {
    let folder = F.folder()
    let first = try F.delivery(folder: folder)
    var saved = try first.rules.initialState()
    try saved.apply([.push(DynamicScreen("item", state: ["id": 4]))])
    _ = try first.install(try F.bytes(release: 1), keeping: saved)
    let next = try F.delivery(folder: folder)
    let restored = try next.restoring(saved)
    #expect(restored.tabIDs == ["home", "profile"])
    #expect(restored.selectedStack.top.screen == DynamicScreen("item", state: ["id": 4, "qty": 1]))

    let bundledOnly = try F.delivery()
    var foreign = try next.rules.initialState()
    try foreign.apply([.selectTab("profile")])
    let error = try #require(throws: RulePackageError.self) { try bundledOnly.restoring(foreign) }
    #expect(error.check == "compatibility")
    #expect(error.description.contains("tab 'profile' is in use"))
  }

  @Test func withoutPackagesTheBundledScriptRunsAndNothingIsSkipped() throws {
    let delivery = try F.delivery(folder: F.folder() + "/not-there-yet")
    #expect(delivery.installedRelease == 0)
    #expect(delivery.launchReport.usesBundledScript)
    #expect(delivery.launchReport.skipped.isEmpty)
    #expect(delivery.launchReport.description == "bundled rules")
  }

  @Test func aCorruptLastGoodFileFallsBackToTheBundledScriptAndSaysWhy() throws {
    let folder = F.folder()
    try Data("{\"format\": \"tabflow.ru".utf8).write(to: URL(fileURLWithPath: folder + "/t-4.flowpkg"))
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.installedRelease == 0)
    #expect(delivery.launchReport.usesBundledScript)
    let skipped = try #require(delivery.launchReport.skipped.first)
    #expect(skipped.path == folder + "/t-4.flowpkg")
    #expect(skipped.error.check == "json")
    #expect(delivery.launchReport.description.contains("skipped \(folder)/t-4.flowpkg: json:"))
    #expect(try delivery.rules.initialState().tabIDs == ["home"])
  }

  /// A package changed on disk is not trusted because it is local: the signature catches it, and
  /// the bundled rules run — not the package before it, which is below the floor (whoever
  /// damaged the newest file would otherwise choose an older release).
  @Test func aPackageTamperedWithOnDiskIsDetectedAtLaunch() throws {
    let folder = F.folder()
    let first = try F.delivery(folder: folder)
    let initial = try first.rules.initialState()
    _ = try first.install(try F.bytes(release: 1), keeping: initial)
    _ = try first.install(try F.bytes(release: 2), keeping: initial)
    let path = folder + "/t-2.flowpkg"
    var object = try F.object(try Data(contentsOf: URL(fileURLWithPath: path)))
    let evil = F.newer.replacingOccurrences(of: "error(\"boom\")", with: "nav:push(\"item\", { id = 666 })")
    object["script"] = evil
    object["sha256"] = RulePackage.digest(of: evil)
    try F.data(object).write(to: URL(fileURLWithPath: path))
    let next = try F.delivery(folder: folder)
    #expect(next.installedRelease == 0)
    #expect(next.launchReport.skipped.map(\.path) == [path, folder + "/t-1.flowpkg"])
    #expect(next.launchReport.skipped.map(\.error) == [
      .badSignature(keyID: F.key.publicKey.keyID), .belowFloor(release: 1, highest: 2),
    ])
  }

  /// The release inside the signed content decides, not the file's name.
  @Test func theNewestReleaseByContentRunsWhateverTheFilesAreCalled() throws {
    let folder = F.folder()
    try F.bytes(release: 5).write(to: URL(fileURLWithPath: folder + "/t-1.flowpkg"))
    try F.bytes(release: 2).write(to: URL(fileURLWithPath: folder + "/t-9.flowpkg"))
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.installedRelease == 5)
    #expect(delivery.launchReport.path == folder + "/t-1.flowpkg")
    #expect(delivery.launchReport.skipped.isEmpty)
  }

  @Test func aPackageByAKeyNoLongerPinnedFallsBack() throws {
    let folder = F.folder()
    let first = try F.delivery(folder: folder, keys: [F.otherKey.publicKey])
    _ = try first.install(try F.bytes(release: 1, key: F.otherKey), keeping: try first.rules.initialState())
    let next = try F.delivery(folder: folder)
    #expect(next.launchReport.usesBundledScript)
    #expect(next.launchReport.skipped.first?.error == .unknownKey(keyID: F.otherKey.publicKey.keyID))
  }
}
