import Foundation
import TabFlowLua

/// The checks a rule package passes before its rules run, composed once for every reader of a
/// package: an app installing or launching one (``RuleDelivery``), and flowscript (`verify`, a
/// command given a package with `--public-key`, `pack` and `verify --previous`, a REPL's
/// `reload`). In order, each failure a ``RulePackageError``:
///
/// 1. ``signed(_:)``: the bytes read as a package (JSON and size, format, version, fields, the
///    script's SHA-256) signed by one of the pinned keys;
/// 2. ``checkRuntime(of:)``: for the reader's runtime, when it has one (flowscript has no app);
/// 3. the reader's release policy: above the installed release (``checkNewer(_:than:)``), and for
///    an app above its floor and never a release rolled back;
/// 4. ``loaded(_:load:fit:)``: the script loads and validates in a fresh VM, then fits the reader
///    (an app: its screen catalog and navigation state).
///
/// ``verify(_:release:load:fit:)`` runs the four in that order; a reader that needs them apart
/// (an app's launch, which reads every package in its folder before choosing one) calls them one
/// by one, in the same order.
package struct RulePackageVerification: Sendable {
  /// The public keys whose packages are trusted.
  package let pinnedKeys: [RulePublicKey]
  /// The runtime packages must be for, or `nil` for any.
  package let runtime: String?

  /// The checks with `pinnedKeys`, for packages of `runtime` (`nil`: any runtime).
  package init(pinnedKeys: [RulePublicKey], runtime: String? = nil) {
    self.pinnedKeys = pinnedKeys
    self.runtime = runtime
  }

  /// The package in `data`, when it reads as one and one of ``pinnedKeys`` signed it.
  package func signed(_ data: Data) throws(RulePackageError) -> RulePackage {
    let package = try RulePackage(data: data)
    try package.verify(pinnedKeys: pinnedKeys)
    return package
  }

  /// Refuses a package for another runtime than ``runtime``, when there is one.
  package func checkRuntime(of package: RulePackage) throws(RulePackageError) {
    if let runtime, package.runtime != runtime { throw .otherRuntime(package: package.runtime, app: runtime) }
  }

  /// Refuses a package whose release is not above `installed`: a downgrade, or a replay.
  package static func checkNewer(_ package: RulePackage, than installed: Int) throws(RulePackageError) {
    guard package.release > installed else { throw .notNewer(release: package.release, installed: installed) }
  }

  /// The package's script loaded (`load`: in a fresh VM, under the reader's limits) and fitted to
  /// the reader (`fit`): a failure to load is ``RulePackageError/scriptFailed(_:)``, a failure to
  /// fit ``RulePackageError/incompatible(_:)``.
  package static func loaded<Loaded, Fitted>(
    _ package: RulePackage, load: (RulePackage) throws(ScriptError) -> Loaded,
    fit: (Loaded) throws(ScriptError) -> Fitted
  ) throws(RulePackageError) -> Fitted {
    let loaded: Loaded
    do {
      loaded = try load(package)
    } catch {
      throw .scriptFailed(error)
    }
    do {
      return try fit(loaded)
    } catch {
      throw .incompatible(error)
    }
  }

  /// Every check, in order: ``signed(_:)``, ``checkRuntime(of:)``, `release` (the reader's release
  /// policy), then ``loaded(_:load:fit:)``. Returns the package and what `fit` made of it.
  package func verify<Loaded, Fitted>(
    _ data: Data, release: (RulePackage) throws(RulePackageError) -> Void,
    load: (RulePackage) throws(ScriptError) -> Loaded, fit: (Loaded) throws(ScriptError) -> Fitted
  ) throws(RulePackageError) -> (package: RulePackage, fitted: Fitted) {
    let package = try signed(data)
    try checkRuntime(of: package)
    try release(package)
    return (package, try Self.loaded(package, load: load, fit: fit))
  }
}
