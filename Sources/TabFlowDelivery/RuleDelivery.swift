import Foundation
import TabFlowCore
import TabFlowLua
import TabFlowNavigation

/// Takes changed rule scripts into an installed app safely: signed rule packages
/// (``RulePackage``) verified before anything runs, installed with navigation kept, remembered
/// as the app's last good package, and — with a ``RuleCanary`` — rolled back by themselves when
/// the new rules fail.
///
/// ```swift
/// let delivery = try RuleDelivery<Screen, Action>(
///   bundledScript: bundled, name: "shop.lua", catalog: Screen.catalog,
///   pinnedKeys: [try RulePublicKey(text: "tabflow-ed25519-public 4sT0…=")],
///   folder: supportFolder + "/rules", canary: RuleCanary(maxFailures: 2, outOf: 20))
/// if delivery.launchReport.usesBundledScript, !delivery.launchReport.skipped.isEmpty {
///   log(delivery.launchReport)            // a package on disk did not verify
/// }
/// let store = Store(initialState: try delivery.rules.initialState()) {
///   DeliveryCoordinator(delivery: delivery).forEachRoute(\.self, action: .router()) { Screens() }
/// }
/// // Later, with bytes the app fetched (TabFlow does no networking):
/// do {
///   store.send(.adoptReloaded(try delivery.install(bytes, keeping: store.state)))
/// } catch {
///   log(error)                            // show the user nothing; the running rules stay
/// }
/// ```
///
/// The checks, in order, each a ``RulePackageError``: JSON and size, format, version, fields,
/// SHA-256 of the script, a pinned key's ID, its signature, the app's runtime, a release not
/// rejected before and above the bundled one, the installed one and the ``RuleFloor``, the script loading and validating in a fresh VM under the rules'
/// limits, and the script fitting the app (every catalog screen declared, every tab and screen
/// the navigation state uses still declared). Not `Sendable`: use it where the store runs.
public final class RuleDelivery<Screen, ScreenAction: ScriptableAction> {
  /// The rules the app runs; installs and rollbacks swap their script in place.
  public let rules: ScriptedRules<Screen, ScreenAction>
  /// The public keys whose packages are trusted.
  public let pinnedKeys: [RulePublicKey]
  /// The app runtime packages must be for (``RulePackage/runtime``).
  public let runtime: String
  /// The bundled script's release: packages at or below it are older than the app's own flow.
  public let bundledRelease: Int
  /// The canary every install starts, if any (its limits brought within range if set out of it).
  public var canary: RuleCanary? {
    didSet { if canary != canary?.clamped { canary = canary?.clamped } }
  }
  /// What launch chose and why.
  public private(set) var launchReport: RuleLaunchReport
  /// What the app has taken and rolled back, merged from the folder's two copies, the host's
  /// floor and the bundled release. Store it where a wiped folder does not reach (the keychain)
  /// whenever it changes (``floorDidChange``), and pass it back at launch.
  public private(set) var floor: RuleFloor {
    didSet { if floor != oldValue { floorDidChange?(floor) } }
  }
  /// Called with the new ``floor`` whenever it changes (an install, a launch that raised it, a
  /// failure the canary counted, the end of a watch, a rollback, the kill switch): write it to
  /// the keychain here.
  public var floorDidChange: ((RuleFloor) -> Void)?
  /// Whether the host's kill switch is on: the bundled rules run and no package is taken.
  public var killSwitch: Bool { floor.killSwitch }
  /// The releases the canary rolled back; they are never installed again.
  public var rejectedReleases: Set<Int> { floor.rejectedReleases }

  private let folder: RulePackageFolder?
  /// Why a copy of the floor in the folder could not be read; while it cannot, every release at
  /// or below ``knownHighest`` is refused (it may be one the canary rolled back).
  private var floorProblem: String?
  /// The highest release anything on record mentions: the floor, and the packages in the folder.
  private var knownHighest: Int
  private let bundled: RunningRules
  /// With a typed screen catalog, the tabs the bundled script declares: a package may not add one.
  private let binaryTabs: Set<String>?
  private var running: RunningRules
  private var runningFile: String?
  private var previousFile: String?
  private var watch: CanaryWatch?

  /// Starts with `rules` running the bundled script, then takes the newest package in `folder`
  /// that verifies and is for `runtime` (see ``launchReport``), resuming its canary's count.
  init(
    rules: ScriptedRules<Screen, ScreenAction>, bundledScript: String, bundledRelease: Int, runtime: String,
    pinnedKeys: [RulePublicKey], folder: String?, canary: RuleCanary?, floor hostFloor: RuleFloor?
  ) {
    self.rules = rules
    self.pinnedKeys = pinnedKeys
    self.runtime = runtime
    self.bundledRelease = max(0, bundledRelease)
    self.canary = canary?.clamped
    self.folder = folder.map(RulePackageFolder.init(path:))
    bundled = RunningRules(release: max(0, bundledRelease), source: bundledScript, chunk: rules.chunk)
    binaryTabs = rules.codec.names == nil ? nil : Set(rules.script.declarations.tabIDs)
    running = bundled
    let stored = self.folder?.floor() ?? (floor: RuleFloor(), unreadable: nil)
    floor = stored.floor.merging(hostFloor ?? RuleFloor())
    floorProblem = stored.unreadable
    knownHighest = floor.merging(RuleFloor(highestRelease: bundledRelease)).highestRelease
    launchReport = RuleLaunchReport(release: bundled.release, path: nil, skipped: [])
    launchReport = launch()
  }

  /// The release running: the bundled script's (``bundledRelease``) or a package's.
  public var installedRelease: Int { running.release }

  /// Whether the canary is still watching the installed release.
  public var isCanaryWatching: Bool { watch != nil }

  // MARK: - Install

  /// Verifies a package and, only if every check passes, swaps its rules in and saves it as the
  /// last good package. Returns `state` migrated to the new script (send it as
  /// `.adoptReloaded`). On any error nothing changes: the running rules, the folder and the
  /// state are as they were.
  ///
  /// The folder is written so that a kill between any two writes leaves a consistent folder: the
  /// canary's count for the release first (a count for a release that never arrived is dropped
  /// at launch), then the package, then the floor (a package above the floor is taken at launch
  /// and raises it).
  public func install(_ data: Data, keeping state: TabCoordinatorState<Screen>) throws(RulePackageError) -> TabCoordinatorState<Screen> {
    let (package, candidate, migrated) = try verify(data, keeping: state)
    let newWatch = canary.map { CanaryWatch(release: package.release, previous: running, canary: $0) }
    var file: String?
    if let folder {
      if let newWatch { try folder.saveCanaryRecord(newWatch.record) }
      do {
        file = try folder.save(package)
      } catch {
        // The folder as it was: the running release's count (if it is watched), or none.
        if let watch { try? folder.saveCanaryRecord(watch.record) } else if newWatch != nil { folder.removeCanaryRecord() }
        throw error
      }
      if newWatch == nil { folder.removeCanaryRecord() }
    }
    var raised = floor
    raised.highestRelease = package.release
    raised.restoredRelease = nil
    raised.canaryPreviousRelease = newWatch.map { $0.previous.release }
    raised.canaryFailures = []
    saveFloor(raised)
    if package.release > knownHighest { floorProblem = nil }
    knownHighest = max(knownHighest, package.release)
    rules.adopt(candidate)
    running = RunningRules(release: package.release, source: package.script, chunk: package.chunkName)
    previousFile = runningFile
    runningFile = file
    folder?.prune(keeping: Set([runningFile, previousFile].compactMap { $0 }))
    watch = newWatch
    return migrated
  }

  /// Runs every check ``install(_:keeping:)`` runs and changes nothing: the package, its loaded
  /// script and `state` migrated to it. The checks are ``RulePackageVerification``'s, with this
  /// app's keys, runtime and release policy.
  func verify(
    _ data: Data, keeping state: TabCoordinatorState<Screen>
  ) throws(RulePackageError) -> (RulePackage, RuleScript, TabCoordinatorState<Screen>) {
    guard !floor.killSwitch else { throw .killSwitchOn }
    let (package, (candidate, migrated)) = try verification.verify(
      data,
      release: { (package: RulePackage) throws(RulePackageError) in
        try checkFloor(of: package)
        try RulePackageVerification.checkNewer(package, than: running.release)
        guard package.release > floor.highestRelease else {
          throw .belowFloor(release: package.release, highest: floor.highestRelease)
        }
      },
      load: candidate(for:),
      fit: { (candidate: RuleScript) throws(ScriptError) in try fit(candidate, keeping: state) })
    return (package, candidate, migrated)
  }

  /// The checks of ``RulePackageVerification`` with this app's pinned keys and runtime.
  private var verification: RulePackageVerification {
    RulePackageVerification(pinnedKeys: pinnedKeys, runtime: runtime)
  }

  /// The checks a package's signed fields must pass, at install and at launch: for this app's
  /// runtime, and ``checkFloor(of:)``.
  private func checkRuntimeAndFloor(of package: RulePackage) throws(RulePackageError) {
    try verification.checkRuntime(of: package)
    try checkFloor(of: package)
  }

  /// Not rolled back, above the bundled release, and — while the floor cannot be read — above
  /// every release on record.
  private func checkFloor(of package: RulePackage) throws(RulePackageError) {
    guard !floor.rejectedReleases.contains(package.release) else { throw .rejectedRelease(package.release) }
    try RulePackageVerification.checkNewer(package, than: bundledRelease)
    if let floorProblem, package.release <= knownHighest {
      throw .floorUnreadable(release: package.release, reason: floorProblem)
    }
  }

  /// Loads the package's script in a fresh VM and checks it against the app and `state`.
  private func check(
    _ package: RulePackage, keeping state: TabCoordinatorState<Screen>
  ) throws(RulePackageError) -> (RuleScript, TabCoordinatorState<Screen>) {
    try RulePackageVerification.loaded(
      package, load: candidate(for:),
      fit: { (candidate: RuleScript) throws(ScriptError) in try fit(candidate, keeping: state) })
  }

  /// The package's script loaded in a fresh VM under the rules' limits.
  private func candidate(for package: RulePackage) throws(ScriptError) -> RuleScript {
    try rules.candidate(source: package.script, name: package.chunkName)
  }

  /// `candidate` within the binary and `state` migrated to it.
  private func fit(
    _ candidate: RuleScript, keeping state: TabCoordinatorState<Screen>
  ) throws(ScriptError) -> (RuleScript, TabCoordinatorState<Screen>) {
    try checkWithinBinary(candidate)
    return (candidate, try rules.compatibility(of: candidate, keeping: state, requiringCatalogScreens: true))
  }

  /// With a typed screen catalog, a package stays within the binary: every screen it declares
  /// has a type in the catalog (``/TabFlowLua/ScriptedRules/compatibility(of:keeping:requiringCatalogScreens:)``
  /// checks it), and every tab it declares is one the bundled script declares — a new tab is a
  /// feature the binary's reviewers never saw. A script-only app (dynamic screens) declares no
  /// screens or tabs in Swift, so its packages may add both.
  private func checkWithinBinary(_ candidate: RuleScript) throws(ScriptError) {
    guard let binaryTabs else { return }
    for tab in candidate.declarations.tabIDs where !binaryTabs.contains(tab) {
      throw ScriptError(
        .declaration,
        reason: "tab '\(tab)' is not one the app's binary declares (its bundled script's tabs: "
          + binaryTabs.sorted().joined(separator: ", ") + "): a package may not add a tab to an app with a screen catalog",
        file: candidate.chunk)
    }
  }

  /// A saved navigation state (a `NavigationFileStore` document restored at launch) checked
  /// against the running rules — which may be a newer package than the one it was saved under —
  /// and migrated to them; or an error naming the tab or screen they no longer declare, in which
  /// case start from `rules.initialState()`.
  public func restoring(_ state: TabCoordinatorState<Screen>) throws(RulePackageError) -> TabCoordinatorState<Screen> {
    do {
      return try rules.compatibility(of: rules.script, keeping: state)
    } catch {
      throw .incompatible(error)
    }
  }

  // MARK: - Launch

  /// Adopts the newest package in the folder that passes every check against the bundled
  /// rules' initial state — for this runtime, above the bundled release, not rolled back, and
  /// allowed by the floor (at or above its highest release, or exactly the release a rollback
  /// restored) — and says what it chose. "Newest" is the release the signed content says, not
  /// the file's name. With the kill switch on, the bundled rules run. The canary resumes its
  /// watch of the highest release.
  private func launch() -> RuleLaunchReport {
    guard let folder else {
      return RuleLaunchReport(release: bundled.release, path: nil, skipped: [], killSwitch: floor.killSwitch)
    }
    guard !floor.killSwitch else {
      folder.removeCanaryRecord()
      return RuleLaunchReport(release: bundled.release, path: nil, skipped: [], floorProblem: floorProblem, killSwitch: true)
    }
    var skipped: [RuleLaunchReport.Skipped] = []
    var verified: [(path: String, package: RulePackage)] = []
    for file in folder.packageFiles() {
      do throws(RulePackageError) {
        let package = try verification.signed(try folder.read(file))
        verified.append((file, package))
        if package.runtime == runtime { knownHighest = max(knownHighest, package.release) }
      } catch {
        skipped.append(RuleLaunchReport.Skipped(path: file, error: error))
      }
    }
    var allowed: [(path: String, package: RulePackage)] = []
    for (file, package) in verified {
      do throws(RulePackageError) {
        try checkLaunchable(package)
        allowed.append((file, package))
      } catch {
        skipped.append(RuleLaunchReport.Skipped(path: file, error: error))
      }
    }
    allowed.sort { $0.package.release > $1.package.release }
    for (file, package) in allowed {
      do throws(RulePackageError) {
        let initial: TabCoordinatorState<Screen>
        do {
          initial = try rules.initialState()
        } catch {
          throw .incompatible(error)
        }
        let (candidate, _) = try check(package, keeping: initial)
        rules.adopt(candidate)
        running = RunningRules(release: package.release, source: package.script, chunk: package.chunkName)
        runningFile = file
        if package.release > floor.highestRelease {
          // Killed after the package was written and before the floor: it was being installed
          // over the release the floor allowed, which it goes back to if a canary watches it.
          let before = allowed.first { $0.package.release < package.release }?.package.release
          var raised = floor
          raised.highestRelease = package.release
          raised.restoredRelease = nil
          raised.canaryPreviousRelease = canary == nil ? nil : (before ?? bundled.release)
          raised.canaryFailures = []
          saveFloor(raised)
        }
        resumeCanary(for: package, among: verified)
        return RuleLaunchReport(release: package.release, path: file, skipped: skipped, floorProblem: floorProblem)
      } catch {
        skipped.append(RuleLaunchReport.Skipped(path: file, error: error))
      }
    }
    folder.removeCanaryRecord()
    return RuleLaunchReport(release: bundled.release, path: nil, skipped: skipped, floorProblem: floorProblem)
  }

  /// The checks a package in the folder must pass to run at launch: those of an install's signed
  /// fields, and the floor — at or above its highest release (the installed one, or a newer one
  /// whose floor was not yet written), or exactly the release a rollback restored.
  private func checkLaunchable(_ package: RulePackage) throws(RulePackageError) {
    try checkRuntimeAndFloor(of: package)
    guard floor.allowsAtLaunch(package.release) else {
      throw .belowFloor(release: package.release, highest: floor.highestRelease)
    }
  }

  /// Resumes the canary's watch of the launched package, if the app has a canary and the floor
  /// says the package is the highest release and still watched. The limits are the app's; the
  /// failures and the release to go back to are the floor's; the count is `canary.json`'s if it
  /// names this release and lies within `0...firstActions`, else the watch starts again.
  private func resumeCanary(for package: RulePackage, among verified: [(path: String, package: RulePackage)]) {
    guard let folder else { return }
    guard let canary, package.release == floor.highestRelease, let previousRelease = floor.canaryPreviousRelease else {
      folder.removeCanaryRecord()
      if canary == nil, floor.canaryPreviousRelease != nil {
        // No watch without a canary the app configured.
        var ended = floor
        ended.canaryPreviousRelease = nil
        ended.canaryFailures = []
        saveFloor(ended)
      }
      return
    }
    var count = 0
    if case let .record(saved) = folder.canaryRecord(),
      let saved = saved.count(for: package.release, firstActions: canary.firstActions)
    {
      count = saved
    }
    // The release the floor says to go back to is below the floor, so not among the launchable
    // packages: any signed one of it for this runtime, above the bundled release, never rolled back.
    var previous = bundled
    if previousRelease != bundled.release,
      let older = verified.first(where: {
        $0.package.release == previousRelease && (try? checkRuntimeAndFloor(of: $0.package)) != nil
      })
    {
      previous = RunningRules(release: older.package.release, source: older.package.script, chunk: older.package.chunkName)
      previousFile = older.path
    }
    var resumed = CanaryWatch(release: package.release, previous: previous, canary: canary)
    resumed.actions = count
    resumed.failures = floor.canaryFailures
    if resumed.actions >= canary.firstActions {
      endWatch()
      return
    }
    watch = resumed
    try? folder.saveCanaryRecord(resumed.record)
  }

  // MARK: - Canary

  /// Counts one action's outcome for the canary; rolls back (migrating `state`) when the
  /// installed release failed too often, and returns the report that says so.
  /// `guardErrorsBefore` is ``/TabFlowLua/ScriptedRules/guardErrorCount`` before the action: a Lua guard
  /// that raised an error reaches the host as a rejection, but it is the rules failing.
  func observe(
    _ action: TabCoordinatorAction<Screen, ScreenAction>, outputs: [TabCoordinatorDelegate<Screen>],
    guardErrorsBefore: Int, state: inout TabCoordinatorState<Screen>
  ) -> [TabCoordinatorDelegate<Screen>] {
    guard var watching = watch, CanaryWatch.counts(action) else { return [] }
    // The count never passes firstActions: the watch ends there.
    watching.actions = min(watching.actions + 1, watching.canary.firstActions)
    let failure = outputs.lazy.compactMap { output -> String? in
      guard case let .failed(failure) = output, CanaryWatch.counts(failure) else { return nil }
      return failure.description
    }.first ?? (rules.guardErrorCount > guardErrorsBefore
      ? "guard failed: " + (rules.lastGuardError?.description ?? "an error") : nil)
    if let failure {
      watching.failures.append(RuleFloor.shortenedFailure(failure))
      // The failures are the floor's, not the folder's count: saved with the floor.
      var counted = floor
      counted.canaryFailures = watching.failures
      saveFloor(counted)
    }
    if watching.failures.count > watching.canary.maxFailures || watching.failures.count >= RuleFloor.maximumFailures {
      return [.report(rollBack(watching, state: &state))]
    }
    // The count survives a relaunch: saved after every action the canary counts.
    if watching.actions >= watching.canary.firstActions {
      endWatch()
    } else {
      watch = watching
      try? folder?.saveCanaryRecord(watching.record)
    }
    return []
  }

  /// The watch is over: the release is trusted for good.
  private func endWatch() {
    watch = nil
    folder?.removeCanaryRecord()
    var trusted = floor
    trusted.canaryPreviousRelease = nil
    trusted.canaryFailures = []
    saveFloor(trusted)
  }

  /// Brings the previous rules back, remembers the release as rejected and the release restored
  /// (the floor's highest release stays), and forgets the rolled-back file.
  private func rollBack(_ watching: CanaryWatch, state: inout TabCoordinatorState<Screen>) -> NavigationReport {
    watch = nil
    let navigationKept = adoptMigrating(watching.previous, state: &state)
    running = watching.previous
    var lowered = floor
    lowered.rejectedReleases.insert(watching.release)
    lowered.restoredRelease = watching.previous.release < lowered.highestRelease ? watching.previous.release : nil
    lowered.canaryPreviousRelease = nil
    lowered.canaryFailures = []
    // The rejection is on record before the package goes: a kill in between leaves a package
    // that is never taken again.
    saveFloor(lowered)
    if let folder {
      if let runningFile { folder.remove(runningFile) }
      folder.removeCanaryRecord()
    }
    runningFile = previousFile
    previousFile = nil
    return .rulesRolledBack(
      release: watching.release, restoredRelease: watching.previous.release, failures: watching.failures,
      navigationKept: navigationKept)
  }

  /// Swaps `previous` back in — rules that ran before, so they load again (the same script,
  /// limits) — and migrates `state` to them; `false` when navigation they do not declare had to
  /// go (tabs, and each stack cut before its first screen they lack).
  private func adoptMigrating(_ previous: RunningRules, state: inout TabCoordinatorState<Screen>) -> Bool {
    guard let candidate = try? rules.candidate(source: previous.source, name: previous.chunk) else { return true }
    rules.adopt(candidate)
    if let migrated = try? rules.compatibility(of: candidate, keeping: state) {
      state.replace(with: migrated)
      return true
    }
    let tabs = Set(candidate.declarations.tabIDs.map { TabID($0) })
    let screens = Set(candidate.declarations.screenNames)
    let codec = rules.codec
    if let trimmed = state.trimmed(toTabs: tabs, keeping: { screens.contains(codec.describe($0).name) }),
      let migrated = try? rules.compatibility(of: candidate, keeping: trimmed)
    {
      state.replace(with: migrated)
    } else if var initial = try? rules.initialState() {
      // Its IDs from the generator the state had, so none handed out before comes back.
      initial.adoptIDs(from: state.idGenerator)
      state.replace(with: initial)
    }
    return false
  }

  // MARK: - Kill switch

  /// Turns the kill switch on: the bundled rules run from now on — at once, returning `state`
  /// migrated to them (send it as `.adoptReloaded`) — and at every launch, and no package
  /// installs (``RulePackageError/killSwitchOn``), until ``liftKillSwitch()``. It is kept in the
  /// ``floor``, so store the floor where you keep it (``floorDidChange``): whoever can delete the
  /// package folder cannot lift it. The canary's watch ends; packages stay on disk.
  public func engageKillSwitch(keeping state: TabCoordinatorState<Screen>) -> TabCoordinatorState<Screen> {
    var switched = floor
    switched.killSwitch = true
    saveFloor(switched)
    watch = nil
    folder?.removeCanaryRecord()
    var migrated = state
    if running.release != bundled.release {
      _ = adoptMigrating(bundled, state: &migrated)
      running = bundled
      runningFile = nil
      previousFile = nil
    }
    return migrated
  }

  /// Lifts the kill switch: packages install again, and the next launch takes the newest one the
  /// floor allows. The bundled rules keep running until then.
  public func liftKillSwitch() {
    var lifted = floor
    lifted.killSwitch = false
    saveFloor(lifted)
  }

  /// Makes `new` the floor and writes it to the folder's two copies (a failed write changes
  /// nothing the app runs: the host's copy and the one in memory hold).
  private func saveFloor(_ new: RuleFloor) {
    floor = new
    try? folder?.saveFloor(new)
  }
}

extension RuleDelivery {
  /// Rules for typed screens: the bundled script (which must load; its error is thrown) with
  /// screens from `catalog`, then the newest verified package in `folder` for `runtime` (`nil`
  /// folder: packages are installed in memory only). `bundledRelease` is the bundled script's
  /// release: a package must be above it, so a downloaded flow never overrides a newer one an
  /// app update brought. `floor` is the host's copy of ``floor``, if it keeps one.
  public convenience init(
    bundledScript: String, name: String, bundledRelease: Int = 0, runtime: String, catalog: ScreenCatalog<Screen>,
    pinnedKeys: [RulePublicKey], folder: String?, canary: RuleCanary? = nil, floor: RuleFloor? = nil,
    limits: LuaVM.Limits = LuaVM.Limits()
  ) throws(ScriptError) {
    let rules = try ScriptedRules<Screen, ScreenAction>(source: bundledScript, name: name, catalog: catalog, limits: limits)
    self.init(
      rules: rules, bundledScript: bundledScript, bundledRelease: bundledRelease, runtime: runtime,
      pinnedKeys: pinnedKeys, folder: folder, canary: canary, floor: floor)
  }
}

extension RuleDelivery where Screen == DynamicScreen {
  /// Rules for a script-only flow (dynamic screens): the bundled script, then the newest
  /// verified package in `folder` for `runtime`.
  public convenience init(
    bundledScript: String, name: String, bundledRelease: Int = 0, runtime: String, pinnedKeys: [RulePublicKey],
    folder: String?, canary: RuleCanary? = nil, floor: RuleFloor? = nil, limits: LuaVM.Limits = LuaVM.Limits()
  ) throws(ScriptError) {
    let rules = try ScriptedRules<Screen, ScreenAction>(source: bundledScript, name: name, limits: limits)
    self.init(
      rules: rules, bundledScript: bundledScript, bundledRelease: bundledRelease, runtime: runtime,
      pinnedKeys: pinnedKeys, folder: folder, canary: canary, floor: floor)
  }
}
