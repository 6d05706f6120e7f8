import DeliveryTestSupport
import Foundation
@testable import TabFlow
@testable import TabFlowCore
@testable import TabFlowDelivery
@testable import TabFlowLua
@testable import TabFlowNavigation
@testable import TabFlowPresentation
@testable import TabFlowRuntime
import TestSupport
import Testing

/// Delivery in an app's real life: outside input never counts against a release, the canary's
/// count survives relaunches, the floor survives a lost or corrupt file and a wiped folder,
/// packages are tied to the app runtime, an app update's bundled flow beats an older download,
/// and a kill between any two writes of the folder leaves it consistent. Real keys, real folders.
@MainActor
@Suite struct RuleDeliveryFieldTests {
  typealias F = DeliveryFixture
  typealias Coordinated = Store<F.State, TabCoordinatorAction<DynamicScreen, DynamicAction>>

  /// A release whose rules are correct: `feed.open` pushes, `feed.boom` pushes too; it declares a
  /// screen link whose `:id` must be an integer, a deep link and a guard that refuses `account`.
  static let correct = """
    app "T"
    tab "home" { root = "feed" }
    tab "profile" { root = "account" }
    screen "feed" { actions = { "open", "boom", "crash", "bad" } }
    screen "item" { state = { id = 0, qty = 1 } }
    screen "account" {}
    link("t://item/:id", "item", { tab = "home" })
    on("feed.open", function(nav) nav:push("item", { id = 1 }) end)
    on("feed.boom", function(nav) nav:push("item", { id = 2 }) end)
    on("feed.crash", function(nav) error("crash") end)
    on("feed.bad", function(nav) nav:pop() end)
    """

  static func store(_ delivery: F.Delivery, reports: Box<[NavigationReport]>) throws -> Coordinated {
    Store(initialState: try delivery.rules.initialState()) {
      CombineReducers {
        Reduce { _, action in
          if case let .delegate(.report(report)) = action { reports.value.append(report) }
          return .none
        }
        DeliveryCoordinator(delivery: delivery)
      }
      .forEachRoute(\.self, action: .router()) { EmptyReducer<DynamicScreen, DynamicAction>() }
    }
  }

  /// A delivery (over a new folder unless told) that installed `script` as `release`, and a
  /// store over it.
  static func installed(
    _ release: Int, _ script: String = correct, folder: String? = F.folder(), canary: RuleCanary? = nil,
    reports: Box<[NavigationReport]> = Box([])
  ) throws -> (F.Delivery, Coordinated) {
    let delivery = try F.delivery(folder: folder, canary: canary)
    let store = try store(delivery, reports: reports)
    store.send(.adoptReloaded(try delivery.install(try F.bytes(script, release: release), keeping: store.state)))
    return (delivery, store)
  }

  final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  static func send(_ action: String, _ store: Coordinated) {
    store.send(.router(.routeAction(id: store.state.selectedStack.ids[0], action: DynamicAction(action))))
  }

  static func rolledBack(_ reports: Box<[NavigationReport]>) -> Bool {
    reports.value.contains { if case .rulesRolledBack = $0 { true } else { false } }
  }

  // MARK: - What counts

  /// Back at a root, an unknown tab, a URL no pattern matches, a link whose `:id` is not a number
  /// (any web page can send one), a host's invalid command: input, not the release's rules.
  @Test func outsideInputNeverCountsAgainstARelease() throws {
    let reports = Box<[NavigationReport]>([])
    let (delivery, store) = try Self.installed(4, canary: RuleCanary(maxFailures: 0, outOf: 50), reports: reports)
    for _ in 0..<3 {
      store.send(.back)
      store.send(.tabTapped("nowhere"))
      store.send(.openURL("t://item/x"))
      store.send(.openURL("t://unknown/1"))
      store.send(.perform([.pop()]))
      store.send(.perform([.tab("nowhere", .pop())]))
    }
    #expect(delivery.installedRelease == 4)
    #expect(delivery.isCanaryWatching)
    #expect(!Self.rolledBack(reports))
  }

  /// Generated outside input — backs, taps on declared and unknown tabs, URLs of every shape
  /// (matching, unmatched, refused by a link, garbage), host commands valid and invalid, context
  /// changes — interleaved with the release's own correct actions, never rolls a correct release
  /// back, with a canary that tolerates no failure at all.
  @Test(arguments: [1, 2, 3, 4, 5])
  func noOutsideInputEverRollsACorrectReleaseBack(seed: Int) throws {
    let reports = Box<[NavigationReport]>([])
    let (delivery, store) = try Self.installed(4, canary: RuleCanary(maxFailures: 0, outOf: 1_000), reports: reports)
    var choices = SeededChoices(seed: UInt64(seed))
    let urls = ["t://item/1", "t://item/x", "t://item/", "t://item/1.5", "t://nowhere", "not a url", "", "t://item/1?qty=z"]
    let tabs: [TabID] = ["home", "profile", "nowhere", ""]
    let hostCommands: [[NavigationCommand<DynamicScreen>]] = [
      [.pop()], [.goBack(count: 9)], [.tab("nowhere", .pop())], [.selectTab("nowhere")], [.dismiss()],
      [.popTo(.where("nowhere") { $0.name == "nowhere" })], [.goBackToRoot],
    ]
    for _ in 0..<300 {
      switch choices.next(7) {
      case 0: store.send(.back)
      case 1: store.send(.tabTapped(choices.pick(tabs)))
      case 2: store.send(.openURL(choices.pick(urls)))
      case 3: store.send(.perform(choices.pick(hostCommands)))
      case 4: store.send(.setContext("x", choices.next(2) == 0 ? .bool(true) : nil))
      case 5: Self.send(choices.pick(["open", "boom"]), store)
      default: store.send(.cancelPendingLink)
      }
    }
    #expect(delivery.installedRelease == 4)
    #expect(!Self.rolledBack(reports))
  }

  /// The release's own failures count: a rule error, an invalid command a rule queued.
  @Test(arguments: ["crash", "bad"])
  func theReleasesOwnFailuresCount(action: String) throws {
    let reports = Box<[NavigationReport]>([])
    let (delivery, store) = try Self.installed(4, canary: RuleCanary(maxFailures: 1, outOf: 50), reports: reports)
    Self.send(action, store)
    #expect(delivery.installedRelease == 4)
    Self.send(action, store)
    #expect(delivery.installedRelease == 0)
    #expect(Self.rolledBack(reports))
  }

  @Test func aRedirectLoopCounts() throws {
    let looping = Self.correct + """

      guard("loop", function(change)
        if change.after.top == "item" then return false, "no", { redirect = function(nav) nav:push("item") end } end
      end)
      """
    let reports = Box<[NavigationReport]>([])
    let (delivery, store) = try Self.installed(4, looping, canary: RuleCanary(maxFailures: 0, outOf: 50), reports: reports)
    Self.send("open", store)
    #expect(delivery.installedRelease == 0)
  }

  // MARK: - Relaunch

  /// Killed after two failures of a 2-of-10 canary, the relaunched app goes on counting: one more
  /// failure rolls the release back, whenever it happens.
  @Test func theCanarysCountSurvivesARelaunch() throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 2, outOf: 10)
    do {
      let (first, store) = try Self.installed(5, folder: folder, canary: canary)
      Self.send("crash", store)
      Self.send("crash", store)
      #expect(first.installedRelease == 5)
    }
    let relaunched = try F.delivery(folder: folder, canary: canary)
    #expect(relaunched.installedRelease == 5)
    #expect(relaunched.isCanaryWatching)
    let reports = Box<[NavigationReport]>([])
    let store = try Self.store(relaunched, reports: reports)
    Self.send("crash", store)
    #expect(relaunched.installedRelease == 0)
    guard case let .rulesRolledBack(release, restored, failures, _)? = reports.value.last else {
      Issue.record("no rollback: \(reports.value)")
      return
    }
    #expect(release == 5 && restored == 0 && failures.count == 3)
    #expect(try F.delivery(folder: folder).rejectedReleases == [5])
  }

  /// The first N actions are the release's, across launches: after them it is trusted for good.
  @Test func theWatchEndsAfterItsActionsAcrossLaunches() throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 0, outOf: 4)
    do {
      let (_, store) = try Self.installed(5, folder: folder, canary: canary)
      Self.send("open", store)
      Self.send("open", store)
    }
    do {
      let second = try F.delivery(folder: folder, canary: canary)
      #expect(second.isCanaryWatching)
      let store = try Self.store(second, reports: Box([]))
      Self.send("open", store)
      Self.send("open", store)
      #expect(!second.isCanaryWatching)
    }
    let third = try F.delivery(folder: folder, canary: canary)
    #expect(!third.isCanaryWatching)
    let store = try Self.store(third, reports: Box([]))
    Self.send("crash", store)
    #expect(third.installedRelease == 5)
  }

  // MARK: - The floor

  static func rolledBackFolder() throws -> String {
    let folder = F.folder()
    let (delivery, store) = try Self.installed(6, folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    Self.send("crash", store)
    #expect(delivery.installedRelease == 0)
    return folder
  }

  @Test func losingOneCopyOfTheFloorLowersNothing() throws {
    let folder = try Self.rolledBackFolder()
    try FileManager.default.removeItem(atPath: folder + "/floor.json")
    let delivery = try F.delivery(folder: folder)
    #expect(throws: RulePackageError.rejectedRelease(6)) {
      try delivery.install(try F.bytes(Self.correct, release: 6), keeping: try delivery.rules.initialState())
    }
  }

  /// A corrupt record of rolled-back releases fails closed: every release it might list is
  /// refused, and the launch report says why; a newer release installs.
  @Test(arguments: ["floor.json", "floor.copy.json"])
  func aCorruptFloorFailsClosed(file: String) throws {
    let folder = try Self.rolledBackFolder()
    for name in ["floor.json", "floor.copy.json"] where name == file || file == "both" {
      try Data("{\"highestRel".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    try Data("not json".utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.launchReport.floorProblem?.contains(file) == true)
    #expect(delivery.launchReport.description.contains("the floor could not be read"))
    let initial = try delivery.rules.initialState()
    let again = try #require(throws: RulePackageError.self) {
      try delivery.install(try F.bytes(Self.correct, release: 6), keeping: initial)
    }
    #expect(again.check == "release")
    _ = try delivery.install(try F.bytes(Self.correct, release: 7), keeping: initial)
    #expect(delivery.installedRelease == 7)
  }

  @Test func aCorruptFloorWithTheOtherCopyGoneRefusesWhatItMightList() throws {
    let folder = try Self.rolledBackFolder()
    try FileManager.default.removeItem(atPath: folder + "/floor.copy.json")
    try Data("[6".utf8).write(to: URL(fileURLWithPath: folder + "/floor.json"))
    // The package of a rolled-back release left on disk (a kill before it was removed).
    try F.bytes(Self.correct, release: 6).write(to: URL(fileURLWithPath: folder + "/t-6.flowpkg"))
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.installedRelease == 0)
    #expect(delivery.launchReport.skipped.first?.error.check == "release")
    #expect(throws: RulePackageError.floorUnreadable(release: 6, reason: "floor.json is not a floor")) {
      try delivery.install(try F.bytes(Self.correct, release: 6), keeping: try delivery.rules.initialState())
    }
  }

  /// With the folder gone, the host's copy of the floor (e.g. from the keychain) still refuses
  /// the rolled-back release and every older one.
  @Test func theHostsFloorOutlivesAWipedFolder() throws {
    let folder = try Self.rolledBackFolder()
    let kept = try F.delivery(folder: folder).floor
    #expect(kept == RuleFloor(highestRelease: 6, rejectedReleases: [6], restoredRelease: 0))
    try FileManager.default.removeItem(atPath: folder)
    let fresh = try F.delivery(folder: folder, floor: RuleFloor(highestRelease: 5, rejectedReleases: kept.rejectedReleases))
    let initial = try fresh.rules.initialState()
    #expect(throws: RulePackageError.rejectedRelease(6)) { try fresh.install(try F.bytes(Self.correct, release: 6), keeping: initial) }
    #expect(throws: RulePackageError.belowFloor(release: 4, highest: 5)) {
      try fresh.install(try F.bytes(Self.correct, release: 4), keeping: initial)
    }
    _ = try fresh.install(try F.bytes(Self.correct, release: 8), keeping: initial)
    #expect(fresh.floor == RuleFloor(highestRelease: 8, rejectedReleases: [6]))
  }

  // MARK: - Runtime and bundled release

  @Test func aPackageForAnotherRuntimeIsRefusedAndSkipped() throws {
    let folder = F.folder()
    let delivery = try F.delivery(folder: folder)
    let other = try F.bytes(Self.correct, release: 3, runtime: "2.0")
    #expect(throws: RulePackageError.otherRuntime(package: "2.0", app: F.runtime)) {
      try delivery.install(other, keeping: try delivery.rules.initialState())
    }
    try other.write(to: URL(fileURLWithPath: folder + "/t-3.flowpkg"))
    let relaunched = try F.delivery(folder: folder)
    #expect(relaunched.installedRelease == 0)
    #expect(relaunched.launchReport.skipped.map(\.error) == [.otherRuntime(package: "2.0", app: F.runtime)])
  }

  /// An app update whose bundle carries release 3: the downloaded release 2 is ignored at launch,
  /// with the reason, and release 3 or older never installs.
  @Test func aNewerBundledReleaseBeatsAnOlderDownload() throws {
    let folder = F.folder()
    let before = try F.delivery(folder: folder, bundledRelease: 1)
    _ = try before.install(try F.bytes(Self.correct, release: 2), keeping: try before.rules.initialState())
    #expect(try F.delivery(folder: folder, bundledRelease: 1).installedRelease == 2)
    let updated = try F.delivery(folder: folder, bundledRelease: 3)
    #expect(updated.installedRelease == 3)
    #expect(updated.launchReport.usesBundledScript)
    #expect(updated.launchReport.skipped.map(\.error) == [.notNewer(release: 2, installed: 3)])
    #expect(updated.launchReport.description.hasPrefix("bundled rules (release 3); skipped"))
    let initial = try updated.rules.initialState()
    #expect(throws: RulePackageError.notNewer(release: 3, installed: 3)) {
      try updated.install(try F.bytes(Self.correct, release: 3), keeping: initial)
    }
    _ = try updated.install(try F.bytes(Self.correct, release: 4), keeping: initial)
    #expect(updated.installedRelease == 4)
  }

  // MARK: - Kill points

  /// Killed after the canary's count was written and before the package: the count is for a
  /// release that never arrived, and is dropped; the previous rules run, unwatched.
  @Test func aKillBeforeThePackageIsWrittenLeavesThePreviousRules() throws {
    let folder = F.folder()
    let records = RulePackageFolder(path: folder)
    try records.saveCanaryRecord(CanaryRecord(release: 9, actions: 0))
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    #expect(delivery.installedRelease == 0)
    #expect(!delivery.isCanaryWatching)
    #expect(!F.files(in: folder).contains("canary.json"))
  }

  /// Killed after the package was written and before the floor: the package is above the floor,
  /// so it runs, watched (its count was written first), and the floor is raised.
  @Test func aKillBeforeTheFloorIsWrittenKeepsThePackageWatched() throws {
    let folder = F.folder()
    let records = RulePackageFolder(path: folder)
    try records.saveCanaryRecord(CanaryRecord(release: 9, actions: 0))
    _ = try records.save(try F.package(Self.correct, release: 9))
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    #expect(delivery.installedRelease == 9)
    #expect(delivery.isCanaryWatching)
    #expect(records.floor().floor.highestRelease == 9)
    let store = try Self.store(delivery, reports: Box([]))
    Self.send("crash", store)
    #expect(delivery.installedRelease == 0)
  }

  /// Killed during a rollback after the floor recorded the rejection and before the package was
  /// removed: the package stays on disk and is never taken again.
  @Test func aKillDuringARollbackNeverBringsTheReleaseBack() throws {
    let folder = F.folder()
    let records = RulePackageFolder(path: folder)
    _ = try records.save(try F.package(Self.correct, release: 9))
    try records.saveFloor(RuleFloor(highestRelease: 0, rejectedReleases: [9]))
    try records.saveCanaryRecord(CanaryRecord(release: 9, actions: 1))
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    #expect(delivery.installedRelease == 0)
    #expect(delivery.launchReport.skipped.map(\.error) == [.rejectedRelease(9)])
    #expect(!delivery.isCanaryWatching)
  }

  /// Killed between the two copies of the floor: they differ, and the merged floor refuses what
  /// either refuses.
  @Test func aKillBetweenTheFloorsCopiesLosesNothing() throws {
    let folder = F.folder()
    let records = RulePackageFolder(path: folder)
    try records.saveFloor(RuleFloor(highestRelease: 4, rejectedReleases: [3]))
    let newer = try JSONEncoder.sorted.encode(RuleFloor(highestRelease: 4, rejectedReleases: [3, 5]))
    try newer.write(to: URL(fileURLWithPath: folder + "/floor.json"))
    let delivery = try F.delivery(folder: folder)
    #expect(delivery.floor == RuleFloor(highestRelease: 4, rejectedReleases: [3, 5]))
    #expect(delivery.launchReport.floorProblem == nil)
    #expect(throws: RulePackageError.rejectedRelease(5)) {
      try delivery.install(try F.bytes(Self.correct, release: 5), keeping: try delivery.rules.initialState())
    }
  }

  /// An install that fails to save its package leaves the folder as it was: the watched
  /// release's count stays, and resumes at the next launch.
  @Test func aFailedSaveKeepsTheWatchedReleasesCount() throws {
    let folder = F.folder()
    let canary = RuleCanary(maxFailures: 1, outOf: 10)
    let (delivery, store) = try Self.installed(5, folder: folder, canary: canary)
    Self.send("crash", store)
    // A directory where the next package's file would go: saving it fails.
    try FileManager.default.createDirectory(atPath: folder + "/t-6.flowpkg", withIntermediateDirectories: true)
    let error = try #require(throws: RulePackageError.self) {
      try delivery.install(try F.bytes(Self.correct, release: 6), keeping: store.state)
    }
    #expect(error.check == "storage")
    guard case let .record(record) = RulePackageFolder(path: folder).canaryRecord() else {
      Issue.record("the watched release's count is gone")
      return
    }
    #expect(record.release == 5 && record.actions == 1)
    #expect(delivery.floor.canaryFailures.count == 1)
    let relaunched = try F.delivery(folder: folder, canary: canary)
    #expect(relaunched.installedRelease == 5 && relaunched.isCanaryWatching)
  }

  /// A canary count that cannot be read starts the watch again: the release may never have been
  /// trusted.
  @Test func anUnreadableCanaryCountWatchesAgain() throws {
    let folder = F.folder()
    let records = RulePackageFolder(path: folder)
    _ = try records.save(try F.package(Self.correct, release: 9))
    try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/canary.json"))
    let delivery = try F.delivery(folder: folder, canary: RuleCanary(maxFailures: 0, outOf: 5))
    #expect(delivery.installedRelease == 9)
    #expect(delivery.isCanaryWatching)
  }
}
