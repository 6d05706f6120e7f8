import ArgumentParser
import Foundation
import TabFlowDelivery
import TabFlowLua

extension Flowscript {
  /// `flowscript pack RULES.lua --key KEY --release N --runtime R [--name NAME] [--out FILE] [--force]`.
  struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pack",
      abstract: "Sign a rule script as a rule package for installed apps.",
      discussion: """
        Validates the script first (what check does before exploring) and refuses to pack one that \
        fails, or one whose guard raises an error in the first \(GuardErrorGate.depth) lines from \
        the initial state (every input check tries): apps count that as a failure of the rules. The package is JSON: the script, its SHA-256, the release, the app runtime it is for \
        and an Ed25519 signature. An app takes only packages for the runtime it declares.
        The package is written whole or not at all (mode 0644). An existing file is replaced only \
        with --force, and never a private key (--key or any other), the script itself (by any \
        path or link), or anything that is not a regular file.
        With --previous OLD.flowpkg (the release apps have, verified with the signing key's public \
        key or --public-key), refuses a release not above OLD's, or another name or runtime (exit \
        1), then prints what flowscript diff prints between it and the script: the reviewer sees \
        the behaviour that changes before the package is signed.
        Example: flowscript pack shop.lua --key release.key --release 7 --runtime 4.2 --previous shop-6.flowpkg
        """)

    @Argument(help: "The Lua rule script.")
    var script: String

    @Option(help: "The private key (from flowscript keygen).")
    var key: String

    @Option(help: "The release number, 1 or more; an app takes only a release above the one it has.")
    var release: Int

    @Option(help: "The app runtime the package is for (the string the app declares, e.g. 4.2).")
    var runtime: String

    @Option(help: "The package's name (default: the script's file name without .lua).")
    var name: String?

    @Option(help: "Where to write the package (default: NAME.flowpkg).")
    var out: String?

    @Flag(help: "Overwrite an existing output file (never a private key or the script).")
    var force = false

    @OptionGroup var previous: PreviousRelease

    @Option(name: .customLong("public-key"), help: "Verify --previous with this public key too (KEY.pub), besides the signing key's; repeat for several.")
    var publicKeys: [String] = []

    func run() throws {
      let source = try ScriptOptions.given(script: script).source()
      let signingKey = try PackageFiles.signingKey(key)
      let packageName = name ?? ((script as NSString).lastPathComponent as NSString).deletingPathExtension
      let package: RulePackage
      do {
        package = try RulePackage(
          script: source, name: packageName, release: release, runtime: runtime, signedWith: signingKey)
      } catch {
        throw CommandFailure.usage("cannot pack: \(error)")
      }
      do {
        _ = try ScriptedRules<DynamicScreen, DynamicAction>(source: source, name: package.chunkName)
      } catch {
        throw CommandFailure.usage("refusing to pack \(script): \(error)")
      }
      if let refusal = try GuardErrorGate.refusal(of: ScriptOptions.given(script: script)) {
        throw CommandFailure.usage("refusing to pack \(script): \(refusal)")
      }
      // keygen writes KEY.pub beside KEY: named, reproductions of the previous package can be run.
      let beside = key + ".pub"
      let named = FileManager.default.fileExists(atPath: beside) ? [beside] : []
      try previous.checkSuccession(
        name: package.name, release: package.release, runtime: package.runtime, publicKeys: publicKeys + named,
        keys: [signingKey.publicKey], refusing: "refusing to pack \(script)")
      previous.print(try previous.review(against: script, publicKeys: publicKeys + named, keys: [signingKey.publicKey]))
      let path = out ?? "\(package.name).flowpkg"
      let inputs = [
        ProtectedInput(path: script, role: "the script being packed"),
        ProtectedInput(path: key, role: "the signing key given with --key"),
      ]
      try OutputFile.write(package.encoded(), to: path, mode: 0o644, force: force, protecting: inputs)
      Output.line(
        "packed \(package.name) release \(package.release) for runtime \(package.runtime) → \(path) (signed by key \(package.keyID))")
    }
  }
}
