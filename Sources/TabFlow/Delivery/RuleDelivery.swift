import Foundation

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
/// SHA-256 of the script, a pinned key's ID, its signature, a release above the installed one
/// and not rejected before, the script loading and validating in a fresh VM under the rules'
/// limits, and the script fitting the app (every catalog screen declared, every tab and screen
/// the navigation state uses still declared). Not `Sendable`: use it where the store runs.
public final class RuleDelivery<Screen, ScreenAction: ScriptableAction> {
  /// The rules the app runs; installs and rollbacks swap their script in place.
  public let rules: ScriptedRules<Screen, ScreenAction>
  /// The public keys whose packages are trusted.
  public let pinnedKeys: [RulePublicKey]
  /// The canary every install starts, if any.
  public var canary: RuleCanary?
  /// What launch chose and why.
  public private(set) var launchReport: RuleLaunchReport
  /// The releases the canary rolled back; they are never installed again.
  public private(set) var rejectedReleases: Set<Int>

  private let folder: RulePackageFolder?
  private var running: RunningRules
  private var runningFile: String?
  private var previousFile: String?
  private var watch: CanaryWatch?

  /// Starts with `rules` running the bundled script, then takes the newest package in `folder`
  /// that verifies (see ``launchReport``).
  init(
    rules: ScriptedRules<Screen, ScreenAction>, bundledScript: String,
    pinnedKeys: [RulePublicKey], folder: String?, canary: RuleCanary?
  ) {
    self.rules = rules
    self.pinnedKeys = pinnedKeys
    self.canary = canary
    self.folder = folder.map(RulePackageFolder.init(path:))
    running = RunningRules(release: 0, source: bundledScript, chunk: rules.chunk)
    rejectedReleases = self.folder?.rejectedReleases() ?? []
    launchReport = RuleLaunchReport(release: 0, path: nil, skipped: [])
    launchReport = launch()
  }

  /// The release running: 0 for the bundled script.
  public var installedRelease: Int { running.release }

  /// Whether the canary is still watching the installed release.
  public var isCanaryWatching: Bool { watch != nil }

  // MARK: - Install

  /// Verifies a package and, only if every check passes, swaps its rules in and saves it as the
  /// last good package. Returns `state` migrated to the new script (send it as
  /// `.adoptReloaded`). On any error nothing changes: the running rules, the folder and the
  /// state are as they were.
  public func install(_ data: Data, keeping state: TabCoordinatorState<Screen>) throws(RulePackageError) -> TabCoordinatorState<Screen> {
    let (package, candidate, migrated) = try verify(data, keeping: state)
    var file: String?
    if let folder { file = try folder.save(package) }
    rules.adopt(candidate)
    let previous = running
    running = RunningRules(release: package.release, source: package.script, chunk: package.chunkName)
    previousFile = runningFile
    runningFile = file
    folder?.prune(keeping: Set([runningFile, previousFile].compactMap { $0 }))
    watch = canary.map { CanaryWatch(release: package.release, previous: previous, canary: $0) }
    return migrated
  }

  /// Runs every check ``install(_:keeping:)`` runs and changes nothing: the package, its loaded
  /// script and `state` migrated to it.
  func verify(
    _ data: Data, keeping state: TabCoordinatorState<Screen>
  ) throws(RulePackageError) -> (RulePackage, RuleScript, TabCoordinatorState<Screen>) {
    let package = try RulePackage(data: data)
    try package.verify(pinnedKeys: pinnedKeys)
    guard package.release > running.release else {
      throw .notNewer(release: package.release, installed: running.release)
    }
    guard !rejectedReleases.contains(package.release) else { throw .rejectedRelease(package.release) }
    let (candidate, migrated) = try check(package, keeping: state)
    return (package, candidate, migrated)
  }

  /// Loads the package's script in a fresh VM and checks it against the app and `state`.
  private func check(
    _ package: RulePackage, keeping state: TabCoordinatorState<Screen>
  ) throws(RulePackageError) -> (RuleScript, TabCoordinatorState<Screen>) {
    let candidate: RuleScript
    do {
      candidate = try rules.candidate(source: package.script, name: package.chunkName)
    } catch {
      throw .scriptFailed(error)
    }
    do {
      return (candidate, try rules.compatibility(of: candidate, keeping: state, requiringCatalogScreens: true))
    } catch {
      throw .incompatible(error)
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
  /// rules' initial state, and says what it chose. "Newest" is the release the signed content
  /// says, not the file's name.
  private func launch() -> RuleLaunchReport {
    guard let folder else { return RuleLaunchReport(release: 0, path: nil, skipped: []) }
    var skipped: [RuleLaunchReport.Skipped] = []
    var signed: [(path: String, package: RulePackage)] = []
    for file in folder.packageFiles() {
      do throws(RulePackageError) {
        let package = try RulePackage(data: try folder.read(file))
        try package.verify(pinnedKeys: pinnedKeys)
        guard !rejectedReleases.contains(package.release) else { throw .rejectedRelease(package.release) }
        signed.append((file, package))
      } catch {
        skipped.append(RuleLaunchReport.Skipped(path: file, error: error))
      }
    }
    signed.sort { $0.package.release > $1.package.release }
    for (file, package) in signed {
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
        return RuleLaunchReport(release: package.release, path: file, skipped: skipped)
      } catch {
        skipped.append(RuleLaunchReport.Skipped(path: file, error: error))
      }
    }
    return RuleLaunchReport(release: 0, path: nil, skipped: skipped)
  }

  // MARK: - Canary

  /// Counts one action's outcome for the canary; rolls back (migrating `state`) when the
  /// installed release failed too often, and returns the report that says so.
  /// `guardErrorsBefore` is ``ScriptedRules/guardErrorCount`` before the action: a Lua guard
  /// that raised an error reaches the host as a rejection, but it is the rules failing.
  func observe(
    _ action: TabCoordinatorAction<Screen, ScreenAction>, outputs: [TabCoordinatorDelegate<Screen>],
    guardErrorsBefore: Int, state: inout TabCoordinatorState<Screen>
  ) -> [TabCoordinatorDelegate<Screen>] {
    guard var watching = watch, CanaryWatch.counts(action) else { return [] }
    watching.actions += 1
    let failure = outputs.lazy.compactMap { output -> String? in
      guard case let .failed(failure) = output, CanaryWatch.counts(failure) else { return nil }
      return failure.description
    }.first
    if let failure {
      watching.failures.append(failure)
    } else if rules.guardErrorCount > guardErrorsBefore {
      watching.failures.append("guard failed: " + (rules.lastGuardError?.description ?? "an error"))
    }
    if watching.failures.count > watching.canary.maxFailures {
      return [.report(rollBack(watching, state: &state))]
    }
    watch = watching.actions >= watching.canary.firstActions ? nil : watching
    return []
  }

  /// Brings the previous rules back, remembers the release as rejected and forgets its file.
  private func rollBack(_ watching: CanaryWatch, state: inout TabCoordinatorState<Screen>) -> NavigationReport {
    watch = nil
    var navigationKept = true
    // The previous rules ran before this release: they load again (the same script, limits).
    if let candidate = try? rules.candidate(source: watching.previous.source, name: watching.previous.chunk) {
      rules.adopt(candidate)
      if let migrated = try? rules.compatibility(of: candidate, keeping: state) {
        state = migrated
      } else {
        // The release added tabs or screens in use: keep what the previous rules declare.
        navigationKept = false
        let tabs = Set(candidate.declarations.tabIDs.map { TabID($0) })
        let screens = Set(candidate.declarations.screenNames)
        let codec = rules.codec
        if let trimmed = state.trimmed(toTabs: tabs, keeping: { screens.contains(codec.describe($0).name) }),
          let migrated = try? rules.compatibility(of: candidate, keeping: trimmed)
        {
          state = migrated
        } else if let initial = try? rules.initialState() {
          state = initial
        }
      }
    }
    running = watching.previous
    rejectedReleases.insert(watching.release)
    if let folder {
      try? folder.saveRejected(rejectedReleases)
      if let runningFile { folder.remove(runningFile) }
    }
    runningFile = previousFile
    previousFile = nil
    return .rulesRolledBack(
      release: watching.release, restoredRelease: watching.previous.release, failures: watching.failures,
      navigationKept: navigationKept)
  }
}

extension RuleDelivery {
  /// Rules for typed screens: the bundled script (which must load; its error is thrown) with
  /// screens from `catalog`, then the newest verified package in `folder` (`nil`: packages are
  /// installed in memory only).
  public convenience init(
    bundledScript: String, name: String, catalog: ScreenCatalog<Screen>, pinnedKeys: [RulePublicKey],
    folder: String?, canary: RuleCanary? = nil, limits: LuaVM.Limits = LuaVM.Limits()
  ) throws(ScriptError) {
    let rules = try ScriptedRules<Screen, ScreenAction>(source: bundledScript, name: name, catalog: catalog, limits: limits)
    self.init(rules: rules, bundledScript: bundledScript, pinnedKeys: pinnedKeys, folder: folder, canary: canary)
  }
}

extension RuleDelivery where Screen == DynamicScreen {
  /// Rules for a script-only flow (dynamic screens): the bundled script, then the newest
  /// verified package in `folder`.
  public convenience init(
    bundledScript: String, name: String, pinnedKeys: [RulePublicKey],
    folder: String?, canary: RuleCanary? = nil, limits: LuaVM.Limits = LuaVM.Limits()
  ) throws(ScriptError) {
    let rules = try ScriptedRules<Screen, ScreenAction>(source: bundledScript, name: name, limits: limits)
    self.init(rules: rules, bundledScript: bundledScript, pinnedKeys: pinnedKeys, folder: folder, canary: canary)
  }
}
