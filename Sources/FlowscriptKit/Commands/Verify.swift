import ArgumentParser
import Foundation
import TabFlowDelivery
import TabFlowLua

extension Flowscript {
  /// `flowscript verify PKG --public-key KEY.pub [--installed-release N]`.
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "verify",
      abstract: "Check a rule package as an app would before installing it.",
      discussion: """
        Checks the JSON, format, version, fields, the script's SHA-256, the key, the signature, \
        the release (with --installed-release) and that the script loads and validates in a fresh \
        VM, and that no guard raises an error in the first \(GuardErrorGate.depth) lines from the \
        initial state (every input check tries; apps count it as a failure of the rules). \
        Exit 0: valid. Exit 1: invalid, the failed check and why on stderr. Exit 2: usage.
        With --previous OLD.flowpkg, the package must also follow that release (a higher release, \
        the same name and runtime; else exit 1), and then prints what changes in behaviour from \
        it (flowscript diff's report, --previous-depth lines deep, 5 by default); a --previous \
        that cannot be read or verified is a usage error (exit 2), and "valid" is never printed \
        before --previous is settled.
        Example: flowscript verify shop.flowpkg --public-key release.key.pub --installed-release 6
        """)

    @Argument(help: "The rule package.")
    var package: String

    @Option(name: .customLong("public-key"), help: "A pinned public key (KEY.pub); repeat for several.")
    var publicKeys: [String] = []

    @Option(help: "The release the app has installed; the package must be above it.")
    var installedRelease: Int?

    @OptionGroup var previous: PreviousRelease

    func run() throws {
      guard !publicKeys.isEmpty else { throw CommandFailure.usage("give the app's public key with --public-key KEY.pub") }
      let keys = try PackageFiles.publicKeys(publicKeys)
      let data = try PackageFiles.data(package)
      let verified: (package: RulePackage, rules: Int)
      do {
        verified = try Self.verify(data, keys: keys, installedRelease: installedRelease)
        try Self.refuseGuardErrors(package, publicKeys: publicKeys)
      } catch let failure as CommandFailure {
        throw failure
      } catch {
        throw CommandFailure(code: 1, message: "\(package): invalid: \(error)")
      }
      // Whatever --previous says is settled before "valid" is printed.
      try previous.checkSuccession(
        name: verified.package.name, release: verified.package.release, runtime: verified.package.runtime,
        publicKeys: publicKeys, refusing: "\(package): invalid")
      let report = try previous.review(against: package, publicKeys: publicKeys)
      Output.line(
        "valid: \(verified.package.name) release \(verified.package.release) for runtime \(verified.package.runtime), "
          + "signed by key \(verified.package.keyID); "
          + "\(verified.rules) rules load")
      previous.print(report)
    }

    /// Exit 1 naming the first guard of the package at `path` that raises an error in its first
    /// moves (``GuardErrorGate``).
    private static func refuseGuardErrors(_ path: String, publicKeys: [String]) throws {
      let options = ScriptOptions.given(script: path, publicKeys: publicKeys)
      if let refusal = try GuardErrorGate.refusal(of: options) {
        throw CommandFailure(code: 1, message: "\(path): invalid: \(refusal)")
      }
    }

    /// Every check an app runs that needs no app (``RulePackageVerification``, as an app's
    /// ``RuleDelivery`` composes it): shape, digest, signature, release, loading. No runtime is
    /// checked (there is no app to compare with), and nothing is fitted to an app's catalog or
    /// navigation state.
    static func verify(
      _ data: Data, keys: [RulePublicKey], installedRelease: Int?
    ) throws(RulePackageError) -> (package: RulePackage, rules: Int) {
      let (package, rules) = try RulePackageVerification(pinnedKeys: keys).verify(
        data,
        release: { (package: RulePackage) throws(RulePackageError) in
          if let installedRelease { try RulePackageVerification.checkNewer(package, than: installedRelease) }
        },
        load: { (package: RulePackage) throws(ScriptError) in
          try ScriptedRules<DynamicScreen, DynamicAction>(source: package.script, name: package.chunkName)
        },
        fit: { $0.declarations.rules.count })
      return (package, rules)
    }
  }
}
