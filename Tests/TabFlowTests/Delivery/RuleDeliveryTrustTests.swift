import DeliveryTestSupport
import Foundation
@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowRuntime
import TestSupport
import Testing

/// Nothing outside a signature steers a release: the folder's unsigned files (the canary's count,
/// the floor's copies) can only make the app more conservative, the floor never goes down, a
/// package stays within the binary, and the host's kill switch returns to the bundled rules.
@MainActor
@Suite struct RuleDeliveryTrustTests {
  typealias F = DeliveryFixture
  typealias Field = RuleDeliveryFieldTests

  static func write(_ text: String, to folder: String, _ name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
  }

  /// Release 5 running, an old signed release 1 put back beside it.
  static func runningFiveWithOneBeside(canary: RuleCanary? = nil) throws -> String {
    let folder = F.folder()
    let delivery = try F.delivery(folder: folder)
    let initial = try delivery.rules.initialState()
    _ = try delivery.install(try F.bytes(Field.correct, release: 5), keeping: initial)
    try F.bytes(Field.correct, release: 1).write(to: URL(fileURLWithPath: folder + "/t-1.flowpkg"))
    return folder
  }

  // MARK: - canary.json

  /// The attack as reported: a forged `canary.json` naming release 1 as the one to go back to,
  /// no failure tolerated and one failure already counted. An app without a canary ignores it;
  /// an ordinary tap rolls nothing back, the floor stays, and release 2 never installs.
  @Test func aForgedCanaryRecordSteersNothingInAnAppWithoutACanary() throws {
    let folder = try Self.runningFiveWithOneBeside()
    try Self.write(
      #"{"release":5,"previousRelease":1,"maxFailures":0,"firstActions":10,"actions":0,"failures":["x"]}"#,
      to: folder, "canary.json")
    let reports = Field.Box<[NavigationReport]>([])
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.installedRelease == 5)
    #expect(!delivery.isCanaryWatching)
    let store = try Field.store(delivery, reports: reports)
    Field.send("open", store)
    Field.send("crash", store)
    #expect(delivery.installedRelease == 5)
    #expect(!Field.rolledBack(reports))
    #expect(delivery.floor.highestRelease == 5 && delivery.floor.rejectedReleases.isEmpty)
    let refused = try #require(throws: RulePackageError.self) {
      try delivery.install(try F.bytes(Field.correct, release: 2), keeping: store.state)
    }
    #expect(refused.check == "release")
  }

  /// With a canary, the forged record's limits, failures and previous release are ignored: the
  /// app's limits hold (one failure tolerated here), and a rollback goes to what the floor says.
  @Test func aForgedCanaryRecordCannotChangeTheAppsLimitsOrTarget() throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 1, outOf: 10)
    do {
      let delivery = try F.delivery(folder: folder, canary: canary)
      let initial = try delivery.rules.initialState()
      _ = try delivery.install(try F.bytes(Field.correct, release: 4), keeping: initial)
      _ = try delivery.install(try F.bytes(Field.correct, release: 5), keeping: initial)
    }
    try F.bytes(Field.correct, release: 1).write(to: URL(fileURLWithPath: folder + "/t-1.flowpkg"))
    try Self.write(
      #"{"release":5,"previousRelease":1,"maxFailures":0,"firstActions":10,"actions":3,"failures":["x","y"]}"#,
      to: folder, "canary.json")
    let reports = Field.Box<[NavigationReport]>([])
    let delivery = try F.delivery(folder: folder, canary: canary)
    #expect(delivery.installedRelease == 5 && delivery.isCanaryWatching)
    let store = try Field.store(delivery, reports: reports)
    Field.send("open", store)
    Field.send("crash", store)
    #expect(delivery.installedRelease == 5)
    Field.send("crash", store)
    guard case let .rulesRolledBack(release, restored, failures, _)? = reports.value.last else {
      Issue.record("no rollback: \(reports.value)")
      return
    }
    #expect(release == 5 && restored == 4 && failures.count == 2)
    #expect(delivery.floor == RuleFloor(highestRelease: 5, rejectedReleases: [5], restoredRelease: 4))
  }

  /// A count out of range (the reported crash: `Int.max` overflowed at the first counted
  /// action) is discarded: the watch starts again, and the app counts on without a crash.
  @Test(arguments: ["9223372036854775807", "-1", "11", "1e400", "\"3\"", "null"])
  func aCountOutOfRangeStartsTheWatchAgain(actions: String) throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 0, outOf: 10)
    _ = try Field.installed(5, folder: folder, canary: canary)
    try Self.write(#"{"release":5,"actions":"# + actions + "}", to: folder, "canary.json")
    let delivery = try F.delivery(folder: folder, canary: canary)
    #expect(delivery.isCanaryWatching)
    let store = try Field.store(delivery, reports: Field.Box([]))
    for _ in 0..<9 { Field.send("open", store) }
    #expect(delivery.isCanaryWatching)
    Field.send("open", store)
    #expect(!delivery.isCanaryWatching)
    #expect(delivery.installedRelease == 5)
  }

  /// A count of another release, or a record with anything but a count, restarts the watch at 0;
  /// a count within range for the release resumes.
  @Test func onlyACountInRangeForTheReleaseResumes() throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 0, outOf: 4)
    _ = try Field.installed(5, folder: folder, canary: canary)
    try Self.write(#"{"release":5,"actions":3}"#, to: folder, "canary.json")
    let resumed = try F.delivery(folder: folder, canary: canary)
    let store = try Field.store(resumed, reports: Field.Box([]))
    Field.send("open", store)
    #expect(!resumed.isCanaryWatching)
  }

  /// No watch without a canary the app configured, whatever the folder's floor says.
  @Test func noWatchWithoutTheAppsCanary() throws {
    let folder = F.folder()
    _ = try Field.installed(5, folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 10))
    #expect(RulePackageFolder(path: folder).floor().floor.canaryPreviousRelease == 0)
    let delivery = try F.delivery(folder: folder)
    #expect(!delivery.isCanaryWatching)
    #expect(delivery.floor.canaryPreviousRelease == nil)
    let store = try Field.store(delivery, reports: Field.Box([]))
    Field.send("crash", store)
    #expect(delivery.installedRelease == 5)
  }

  // MARK: - The floor never goes down

  /// A rollback keeps the highest release, rejects the rolled-back one and records the one it
  /// restored: only that one (or something above the floor) runs at the next launch, and no
  /// release in between installs.
  @Test func aRollbackKeepsTheFloorAndAllowsOnlyTheRestoredRelease() throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 0, outOf: 10)
    let reports = Field.Box<[NavigationReport]>([])
    let (delivery, store) = try Field.installed(3, folder: folder, canary: canary, reports: reports)
    Field.send("open", store)
    store.send(.adoptReloaded(try delivery.install(try F.bytes(Field.correct, release: 7), keeping: store.state)))
    #expect(delivery.floor.canaryPreviousRelease == 3)
    Field.send("crash", store)
    #expect(delivery.installedRelease == 3)
    #expect(delivery.floor == RuleFloor(highestRelease: 7, rejectedReleases: [7], restoredRelease: 3))
    for release in [4, 5, 6] {
      #expect(throws: RulePackageError.belowFloor(release: release, highest: 7)) {
        try delivery.install(try F.bytes(Field.correct, release: release), keeping: store.state)
      }
    }
    // An older signed package put back is below the floor and is not the restored one.
    try F.bytes(Field.correct, release: 2).write(to: URL(fileURLWithPath: folder + "/t-2.flowpkg"))
    let relaunched = try F.delivery(folder: folder, canary: canary)
    #expect(relaunched.installedRelease == 3)
    #expect(!relaunched.isCanaryWatching)
    #expect(relaunched.launchReport.skipped.map(\.error) == [.belowFloor(release: 2, highest: 7)])
    // Without the restored package, the bundled rules run: never release 2.
    try FileManager.default.removeItem(atPath: folder + "/t-3.flowpkg")
    #expect(try F.delivery(folder: folder).installedRelease == 0)
    _ = try relaunched.install(try F.bytes(Field.correct, release: 8), keeping: try relaunched.rules.initialState())
    #expect(relaunched.floor == RuleFloor(highestRelease: 8, rejectedReleases: [7], canaryPreviousRelease: 3))
  }

  /// A forged copy of the floor in the folder that names an old release as restored (or lowers
  /// the highest release) allows nothing the host's floor does not.
  @Test func aForgedFloorCopyAllowsNothingTheHostsFloorDoesNot() throws {
    let folder = try Self.runningFiveWithOneBeside()
    let host = try F.delivery(folder: folder).floor
    #expect(host == RuleFloor(highestRelease: 5))
    for name in RulePackageFolder.floorFiles {
      try Self.write(#"{"highestRelease":2,"rejectedReleases":[5],"restoredRelease":1}"#, to: folder, name)
    }
    let delivery = try F.delivery(folder: folder, floor: host)
    #expect(delivery.installedRelease == 0)
    #expect(delivery.floor.highestRelease == 5 && delivery.floor.restoredRelease == nil)
    #expect(delivery.launchReport.skipped.map(\.error).contains(.belowFloor(release: 1, highest: 5)))
  }

  /// Merged floors allow exactly what every copy allows, over generated floors.
  @Test(arguments: 1...6)
  func mergingAllowsOnlyWhatEveryCopyAllows(seed: Int) {
    var choices = SeededChoices(seed: UInt64(seed))
    func floor() -> RuleFloor {
      let highest = choices.next(8)
      return RuleFloor(
        highestRelease: highest, rejectedReleases: Set((0..<choices.next(3)).map { _ in 1 + choices.next(9) }),
        restoredRelease: highest > 0 && choices.next(2) == 0 ? choices.next(highest) : nil,
        killSwitch: choices.next(5) == 0)
    }
    for _ in 0..<300 {
      let a = floor()
      let b = floor()
      let merged = a.merging(b)
      #expect(merged == b.merging(a))
      #expect(merged.highestRelease >= max(a.highestRelease, b.highestRelease))
      #expect(merged.killSwitch == (a.killSwitch || b.killSwitch))
      for release in 0...10 {
        #expect(merged.allowsAtLaunch(release) == (a.allowsAtLaunch(release) && b.allowsAtLaunch(release)), "\(a) \(b) \(release)")
      }
    }
  }

  /// Every number a floor copy holds is range-checked: a copy out of range is not a floor, and
  /// the app fails closed (every release it might list refused, the running one too).
  @Test(arguments: [
    #"{"highestRelease":-1}"#, #"{"highestRelease":5,"rejectedReleases":[0]}"#,
    #"{"highestRelease":5,"restoredRelease":5}"#, #"{"highestRelease":5,"restoredRelease":-3}"#,
    #"{"highestRelease":5,"canaryPreviousRelease":9}"#, #"{"highestRelease":1e30}"#,
  ])
  func aFloorCopyOutOfRangeIsNotAFloor(text: String) throws {
    let folder = try Self.runningFiveWithOneBeside()
    try Self.write(text, to: folder, "floor.json")
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.launchReport.floorProblem?.contains("floor.json is not a floor") == true)
    #expect(delivery.installedRelease == 0)
    #expect(delivery.launchReport.skipped.map(\.error.check) == ["release", "release"])
  }

  /// The folder's files are read only as small regular files: a link to a device, a pipe, a
  /// folder or a huge file where a floor or count belongs is unreadable, never waited on.
  @Test func linksAndHugeFilesAreUnreadableNotFollowed() throws {
    let folder = try Self.runningFiveWithOneBeside()
    for name in RulePackageFolder.floorFiles { try FileManager.default.removeItem(atPath: folder + "/" + name) }
    try FileManager.default.createSymbolicLink(atPath: folder + "/floor.json", withDestinationPath: "/dev/zero")
    #expect(mkfifo(folder + "/floor.copy.json", 0o644) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder + "/canary.json", withDestinationPath: "/dev/urandom")
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    let problem = try #require(delivery.launchReport.floorProblem)
    #expect(problem.contains("floor.json cannot be read (not a regular file)"))
    #expect(problem.contains("floor.copy.json cannot be read (not a regular file)"))
    #expect(delivery.installedRelease == 0)
    let huge = F.folder()
    #expect(FileManager.default.createFile(atPath: huge + "/canary.json", contents: Data(count: 5_000)))
    #expect(BoundedFileRead(path: huge + "/canary.json", limit: RulePackageFolder.canaryLimit)
      == .unreadable("5000 bytes, more than the 4096 it may have"))
    #expect(BoundedFileRead(path: huge + "/none", limit: 10) == .absent)
  }

  // MARK: - Within the binary

  enum Page: Codable, Equatable, Sendable { case feed, account }

  static let pageCatalog: ScreenCatalog<Page> = {
    var catalog = ScreenCatalog<Page>()
    catalog.register("feed", Page.feed)
    catalog.register("account", Page.account)
    return catalog
  }()

  static let pages = """
    tab "home" { root = "feed" }
    tab "profile" { root = "account" }
    screen "feed" {}
    screen "account" {}
    """

  /// With a typed screen catalog, a package may not add a screen the catalog lacks (this held
  /// before) nor a tab the bundled script lacks; a script-only app's packages may add both.
  @Test func aPackageStaysWithinTheBinary() throws {
    let delivery = try RuleDelivery<Page, DynamicAction>(
      bundledScript: Self.pages, name: "p.lua", runtime: F.runtime, catalog: Self.pageCatalog,
      pinnedKeys: [F.key.publicKey], folder: nil)
    let state = try delivery.rules.initialState()
    let newTab = Self.pages + "\ntab \"deals\" { root = \"feed\" }"
    let error = try #require(throws: RulePackageError.self) {
      try delivery.install(try F.bytes(newTab, release: 1), keeping: state)
    }
    #expect(error.description.contains(
      "tab 'deals' is not one the app's binary declares (its bundled script's tabs: home, profile)"))
    let newScreen = Self.pages + "\nscreen \"deals\" {}"
    let screenError = try #require(throws: RulePackageError.self) {
      try delivery.install(try F.bytes(newScreen, release: 1), keeping: state)
    }
    #expect(screenError.description.contains("screen 'deals' has no entry in the screen catalog"))
    #expect(delivery.installedRelease == 0)
    _ = try delivery.install(try F.bytes(Self.pages + "\n-- the same tabs", release: 1), keeping: state)
    #expect(delivery.installedRelease == 1)
    // Dynamic screens: the app is its script, and a package may grow it.
    let dynamic = try F.delivery()
    _ = try dynamic.install(try F.bytes(F.newer, release: 1), keeping: try dynamic.rules.initialState())
    #expect(dynamic.installedRelease == 1)
  }

  // MARK: - Kill switch

  /// The kill switch returns to the bundled rules at once, refuses installs, survives a relaunch
  /// and a wiped folder through the host's floor, and holds until the host lifts it.
  @Test func theKillSwitchHoldsUntilLifted() throws {
    let folder = F.folder()
    let reports = Field.Box<[NavigationReport]>([])
    let (delivery, store) = try Field.installed(5, folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 10), reports: reports)
    var hostFloor = delivery.floor
    delivery.floorDidChange = { hostFloor = $0 }
    Field.send("open", store)
    #expect(store.state.selectedStack.routes.count == 2)
    store.send(.adoptReloaded(delivery.engageKillSwitch(keeping: store.state)))
    #expect(delivery.installedRelease == 0 && delivery.killSwitch && hostFloor.killSwitch)
    #expect(!delivery.isCanaryWatching)
    #expect(store.state.tabIDs == ["home"])
    #expect(store.state.selectedStack.routes.count == 2)
    #expect(throws: RulePackageError.killSwitchOn) {
      try delivery.install(try F.bytes(Field.correct, release: 6), keeping: store.state)
    }
    let relaunched = try F.delivery(folder: folder)
    #expect(relaunched.installedRelease == 0 && relaunched.launchReport.killSwitch)
    #expect(relaunched.launchReport.description.contains("the kill switch is on"))
    // Whoever deletes the folder's floor cannot lift it: the host's copy holds it.
    for name in RulePackageFolder.floorFiles { try FileManager.default.removeItem(atPath: folder + "/" + name) }
    let wiped = try F.delivery(folder: folder, floor: hostFloor)
    #expect(wiped.installedRelease == 0 && wiped.killSwitch)
    wiped.floorDidChange = { hostFloor = $0 }
    wiped.liftKillSwitch()
    #expect(!hostFloor.killSwitch && !wiped.killSwitch)
    #expect(wiped.installedRelease == 0)
    let lifted = try F.delivery(folder: folder, floor: hostFloor)
    #expect(lifted.installedRelease == 5 && !lifted.killSwitch)
  }

  /// The host hears of every change of the floor, once per change.
  @Test func theHostHearsEveryFloorChange() throws {
    let folder = F.folder()
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 2))
    var heard: [RuleFloor] = []
    delivery.floorDidChange = { heard.append($0) }
    let store = try Field.store(delivery, reports: Field.Box([]))
    store.send(.adoptReloaded(try delivery.install(try F.bytes(Field.correct, release: 5), keeping: store.state)))
    Field.send("open", store)
    Field.send("open", store)
    #expect(heard == [
      RuleFloor(highestRelease: 5, canaryPreviousRelease: 0),
      RuleFloor(highestRelease: 5),
    ])
    #expect(heard.last == delivery.floor)
  }
}
